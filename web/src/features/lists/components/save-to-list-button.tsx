import { useQuery } from '@tanstack/react-query';
import { Bookmark, Plus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PendingNote } from '@/components/pending-note';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { paths } from '@/lib/paths';
import { listsWithPlaceQuery, myListsQuery } from '../api/lists';
import { listPlaceSubject, useSetListPlace } from '../api/set-list-place';

// The form, and the schema library it validates with, load with the picker (it opens in a dialog),
// not with every page that shows "Save": a place page evaluates 40 KB less before it is drawn.
// Plain, not `importAnew`: the lists page imports this module too, and a second instance of its chunk would be another copy of that page's code.
const loadNewListForm = () => import('./new-list-form');
const NewListForm = lazyComponent(() => loadNewListForm().then((m) => ({ default: m.NewListForm })));

function Picker({ userId, placeId, placeName }: { userId: string; placeId: string; placeName?: string }) {
  const lists = useQuery(myListsQuery(userId));
  const holding = useQuery(listsWithPlaceQuery(userId, placeId));
  const setPlace = useSetListPlace(userId, placeId, placeName);
  const [creating, setCreating] = useState(false);
  // A click shows at once: the cache's optimistic update comes a tick later (it first cancels
  // a fetch in flight), and a controlled checkbox would snap back until then.
  const [clicked, setClicked] = useState<Record<string, boolean>>({});
  useEffect(() => {
    void loadNewListForm();
  }, []);
  const toggle = (listId: string, saved: boolean, listName: string) => {
    setClicked((current) => ({ ...current, [listId]: saved }));
    setPlace.mutate(
      { listId, saved, listName },
      {
        onSettled: () => setClicked((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== listId))),
      },
    );
  };
  if (lists.isPending || holding.isPending) return <Skeleton className="h-24 w-full" />;
  const editable = [...(lists.data?.mine ?? []), ...(lists.data?.shared ?? []).filter((list) => list.accepted && list.role === 'editor')];
  const saved = new Set(holding.data ?? []);
  return (
    <div className="space-y-4">
      {editable.length === 0 ? <p className="text-sm text-slate-700">You have no lists yet. Make your first one below.</p> : null}
      <fieldset className="max-h-72 space-y-1 overflow-y-auto">
        <legend className="sr-only">Your lists</legend>
        {editable.map((list) => (
          <label key={list.id} className="flex min-h-9 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50">
            <input
              type="checkbox"
              className="size-4"
              checked={clicked[list.id] ?? saved.has(list.id)}
              onChange={(event) => toggle(list.id, event.target.checked, list.name)}
            />
            <span aria-hidden="true">{list.emoji ?? '📍'}</span>
            <span className="flex-1">{list.name}</span>
            <PendingNote userId={userId} kind="list-place" subject={listPlaceSubject(list.id, placeId)} />
            <span className="text-sm text-slate-600">{list.place_count}</span>
          </label>
        ))}
      </fieldset>
      {creating ? (
        <Suspense fallback={<Skeleton className="h-20 w-full" />}>
          <NewListForm
            userId={userId}
            compact
            onCreated={(listId) => {
              setCreating(false);
              setPlace.mutate({ listId, saved: true });
            }}
          />
        </Suspense>
      ) : (
        <Button variant="secondary" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" /> New list
        </Button>
      )}
    </div>
  );
}

/**
 * The picker on its own, opened by a button that is not its trigger (a card's "Save", loaded on
 * demand): focus goes back to that button when it closes.
 */
export function SaveToListDialog({
  userId,
  placeId,
  placeName,
  open,
  onOpenChange,
  returnFocus,
}: {
  userId: string;
  placeId: string;
  placeName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Save to a list"
        description={placeName}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <Picker userId={userId} placeId={placeId} placeName={placeName} />
      </DialogContent>
    </Dialog>
  );
}

/** "Save": a picker of the member's lists with checkboxes and "New list"; visitors sign in. */
export function SaveToListButton({
  userId,
  placeId,
  placeName,
  className,
}: {
  userId: string | null;
  placeId: string;
  placeName: string;
  className?: string;
}) {
  const location = useLocation();
  if (!userId) {
    return (
      <Link to={paths.signIn({ next: location.pathname })} className={cn(buttonVariants({ variant: 'secondary' }), className)}>
        <Bookmark aria-hidden="true" className="size-4" /> Sign in to save
      </Link>
    );
  }
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" className={className} aria-label={`Save ${placeName} to a list`}>
          <Bookmark aria-hidden="true" className="size-4" /> Save
        </Button>
      </DialogTrigger>
      <DialogContent title="Save to a list" description={placeName}>
        <Picker userId={userId} placeId={placeId} placeName={placeName} />
      </DialogContent>
    </Dialog>
  );
}
