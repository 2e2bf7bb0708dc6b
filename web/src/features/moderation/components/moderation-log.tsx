import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/errors';
import { moderationLogQuery } from '../api/moderation-log';
import { LogEntryItem } from './log-entry';

/**
 * Every moderation action, newest first. `withModerators` (moderators and admins only) adds
 * who acted; everyone else sees what, when and why.
 */
export function ModerationLog({ withModerators = false }: { withModerators?: boolean }) {
  const query = useInfiniteQuery(moderationLogQuery(withModerators));
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the moderation log" className="space-y-3">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {describeError(query.error).message}
        <Button variant="secondary" size="sm" className="ml-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const pages = query.data.pages;
  if (!pages.some((page) => page.entries.length)) return <p className="text-slate-700">No moderation actions yet.</p>;
  return (
    <div>
      <ol aria-label="Moderation actions, newest first">
        {pages.flatMap(({ entries, ...context }) =>
          entries.map((entry) => (
            <li key={entry.id}>
              <LogEntryItem entry={entry} context={context} />
            </li>
          )),
        )}
      </ol>
      {query.hasNextPage ? (
        <Button variant="secondary" className="mt-4 w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show older actions'}
        </Button>
      ) : null}
    </div>
  );
}
