import { useInfiniteQuery } from '@tanstack/react-query';
import { QueryFallback } from '@/components/query-fallback';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { moderationLogQuery } from '../api/moderation-log';
import { useLogFilters } from '../hooks/use-log-filters';
import { hasLogFilters, type LogFilters } from '../log-filters';
import { LogEntryItem } from './log-entry';
import { LogFiltersBar } from './log-filters-bar';

/**
 * Every moderation action, newest first, filtered by action and target type from the URL.
 * `withModerators` (moderators and admins only) adds who acted; everyone else sees what, when
 * and why.
 */
export function ModerationLog({ withModerators = false }: { withModerators?: boolean }) {
  const [filters, setFilters] = useLogFilters();
  return (
    <div>
      <LogFiltersBar filters={filters} onChange={setFilters} />
      <LogEntries withModerators={withModerators} filters={filters} onClear={() => setFilters({ action: null, target: null })} />
    </div>
  );
}

function LogEntries({ withModerators, filters, onClear }: { withModerators: boolean; filters: LogFilters; onClear: () => void }) {
  const query = useInfiniteQuery(moderationLogQuery(withModerators, filters));
  if (query.data === undefined) {
    return (
      <QueryFallback
        query={query}
        skeleton={
          <div role="status" aria-label="Loading the moderation log" className="space-y-3">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-16 w-full" />
            ))}
          </div>
        }
      />
    );
  }
  const pages = query.data.pages;
  if (!pages.some((page) => page.entries.length)) {
    if (!hasLogFilters(filters)) return <p className="text-slate-700">No moderation actions yet.</p>;
    return (
      <div role="status" className="rounded-lg border border-dashed border-slate-300 p-6 text-center">
        <p className="text-slate-700">No moderation actions match these filters.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onClear}>
          Show all actions
        </Button>
      </div>
    );
  }
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
