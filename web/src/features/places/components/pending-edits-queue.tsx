import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { pendingEditsQuery } from '../api/place-edits';
import { PendingEdit } from './place-history';

/** Every suggestion waiting for a decision, oldest first: the moderators' queue (decision 322). */
export function PendingEditsQueue({ userId }: { userId: string }) {
  const pending = useQuery(pendingEditsQuery());
  if (pending.isPending) return <Skeleton className="h-24 w-full" />;
  if (pending.isError) return <p className="text-sm text-slate-700">The suggestions could not be loaded.</p>;
  if (pending.data.length === 0) return <p className="text-slate-700">No suggested edits are waiting.</p>;
  return (
    <ul aria-label="Suggested edits waiting" className="space-y-2">
      {pending.data.map((edit) => (
        <PendingEdit
          key={edit.id}
          edit={edit}
          placeId={edit.place_id}
          placeName={edit.place?.name ?? 'a place'}
          userId={userId}
          standing="moderator"
        />
      ))}
    </ul>
  );
}
