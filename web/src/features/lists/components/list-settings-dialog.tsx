import { useQuery } from '@tanstack/react-query';
import { Settings } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { deleteSummaryQuery, useDeleteList, type DeleteSummary } from '../api/delete-list';
import type { OpenedList } from '../api/open-list';
import { useUpdateList } from '../api/update-list';
import { listInput, listLimits, visibilityLabels, type ListVisibility } from '../schemas';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "its 12 places, 3 notes and 5 followers; 2 members lose access". */
function whatGoes(summary: DeleteSummary): string {
  const parts = [
    count(summary.places, 'place', 'places'),
    count(summary.notes, 'note', 'notes'),
    count(summary.followers, 'follower', 'followers'),
  ];
  const members = summary.members > 0 ? `; ${count(summary.members, 'member loses', 'members lose')} access` : '';
  return `This deletes its ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}${members}. It cannot be undone.`;
}

function DeleteList({ userId, opened }: { userId: string; opened: OpenedList }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const summary = useQuery({ ...deleteSummaryQuery(opened.list.id), enabled: open });
  const remove = useDeleteList(userId, opened.list.id);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete list…</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Delete “${opened.list.name}”?`}
        description={
          summary.data ? whatGoes(summary.data) : summary.isError ? describeError(summary.error).message : 'Counting what goes with it…'
        }
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel>Keep the list</AlertDialogCancel>
          <AlertDialogAction
            disabled={!summary.data || remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate(undefined, { onSuccess: () => void navigate(paths.lists()) });
            }}
          >
            Delete list
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The owner's list settings: name, emoji, description, who can see it; and deleting it. */
export function ListSettingsDialog({ userId, opened }: { userId: string; opened: OpenedList }) {
  const { list } = opened;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(list.name);
  const [emoji, setEmoji] = useState(list.emoji ?? '');
  const [description, setDescription] = useState(list.description);
  const [visibility, setVisibility] = useState<ListVisibility>(list.visibility);
  const [error, setError] = useState<{ field: 'name' | 'description' | null; message: string } | null>(null);
  const update = useUpdateList(userId, list.id);
  const reset = () => {
    setName(list.name);
    setEmoji(list.emoji ?? '');
    setDescription(list.description);
    setVisibility(list.visibility);
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listInput.safeParse({ name, description, emoji, visibility });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: issue?.path[0] === 'description' ? 'description' : 'name', message: issue?.message ?? '' });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => setOpen(false),
      onError: (failure: unknown) => {
        const described = describeError(failure, { table: 'lists' });
        setError({
          field: described.field === 'list_description' ? 'description' : described.field ? 'name' : null,
          message: described.message,
        });
      },
    });
  };
  const losing = visibility === 'private' && list.visibility !== 'private' && opened.followers > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Settings aria-hidden="true" className="size-4" /> List settings
        </Button>
      </DialogTrigger>
      <DialogContent title="List settings">
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="List settings">
          <div className="flex gap-2">
            <FormField label="Emoji" className="w-20">
              <Input value={emoji} maxLength={16} onChange={(e) => setEmoji(e.target.value)} autoComplete="off" />
            </FormField>
            <FormField label="List name" error={error?.field === 'name' ? error.message : undefined} className="flex-1">
              <Input value={name} maxLength={listLimits.name + 10} onChange={(e) => setName(e.target.value)} autoComplete="off" />
            </FormField>
          </div>
          <FormField
            label="Description"
            error={error?.field === 'description' ? error.message : undefined}
            hint={`${description.length}/${listLimits.description}`}
          >
            <Textarea
              rows={3}
              value={description}
              maxLength={listLimits.description + 20}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Who can see it</legend>
            {(Object.keys(visibilityLabels) as ListVisibility[]).map((value) => (
              <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="settings-visibility"
                  value={value}
                  checked={visibility === value}
                  onChange={() => setVisibility(value)}
                />
                {visibilityLabels[value]}
              </label>
            ))}
          </fieldset>
          {losing ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:bg-amber-950/30">
              {count(opened.followers, 'follower', 'followers')} will lose this list and be told. Members you invited keep it.
            </p>
          ) : null}
          {error && !error.field ? <FormError>{error.message}</FormError> : null}
          <div className="flex flex-wrap justify-between gap-2">
            <DeleteList userId={userId} opened={opened} />
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
