import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { describeError } from '@/lib/errors';
import { useCreateList } from '../api/create-list';
import { listInput, listLimits, visibilityLabels, type ListVisibility } from '../schemas';

/** Name, emoji and visibility of a new list; `onCreated` gets its id. */
export function NewListForm({
  userId,
  onCreated,
  compact = false,
}: {
  userId: string;
  onCreated: (id: string) => void;
  compact?: boolean;
}) {
  const create = useCreateList(userId);
  const [name, setName] = useState('');
  const [emoji, setEmoji] = useState('');
  const [visibility, setVisibility] = useState<ListVisibility>('private');
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listInput.safeParse({ name, description: '', emoji, visibility });
    if (!parsed.success) {
      setError({ field: true, message: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (id) => {
        setName('');
        setEmoji('');
        onCreated(id);
      },
      onError: (failure: unknown) => {
        const described = describeError(failure, { table: 'lists' });
        setError({ field: described.reaction === 'field', message: described.message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="New list">
      <div className="flex gap-2">
        <FormField label="Emoji" className="w-20">
          <Input value={emoji} maxLength={16} onChange={(e) => setEmoji(e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="List name" error={error?.field ? error.message : undefined} className="flex-1">
          <Input value={name} maxLength={listLimits.name + 10} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </FormField>
      </div>
      {compact ? null : (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Who can see it</legend>
          {(Object.keys(visibilityLabels) as ListVisibility[]).map((value) => (
            <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
              <input type="radio" name="visibility" value={value} checked={visibility === value} onChange={() => setVisibility(value)} />
              {visibilityLabels[value]}
            </label>
          ))}
        </fieldset>
      )}
      {error && !error.field ? <FormError>{error.message}</FormError> : null}
      <Button type="submit" disabled={create.isPending}>
        Create list
      </Button>
    </form>
  );
}
