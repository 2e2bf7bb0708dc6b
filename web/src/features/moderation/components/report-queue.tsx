import { useQuery } from '@tanstack/react-query';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { reportQueueQuery } from '../api/report-queue';
import { useModerationChannel } from '../hooks/use-moderation-channel';
import { ReportGroup } from './report-group';

const stateLabels = { connecting: 'Connecting…', live: 'Live', unavailable: 'Live updates unavailable' } as const;

/** Open reports grouped by target; new reports arrive live on the private moderation topic. */
export function ReportQueue() {
  const query = useQuery(reportQueueQuery());
  const { state, announcement } = useModerationChannel();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {query.data ? `${query.data.length} ${query.data.length === 1 ? 'item' : 'items'} with open reports` : ''}
        </p>
        <span className="flex items-center gap-1.5 text-xs text-slate-600">
          <span aria-hidden="true" className={`size-2 rounded-full ${state === 'live' ? 'bg-emerald-500' : 'bg-slate-400'}`} />
          {stateLabels[state]}
        </span>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {query.data === undefined ? (
        <QueryFallback
          query={query}
          skeleton={
            <div role="status" aria-label="Loading reports" className="space-y-3">
              <Skeleton className="h-40 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          }
        />
      ) : query.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">No open reports. All clear.</p>
      ) : (
        <ul className="space-y-4">
          {query.data.map((group) => (
            <li key={`${group.type}:${group.id}`}>
              <ReportGroup group={group} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
