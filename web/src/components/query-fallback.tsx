import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/hooks/use-online';
import { cn } from '@/lib/cn';
import { messages } from '@/lib/errors';
import { reachability } from '@/lib/reachability';
import { QueryError } from './query-error';

/** What a query holds that decides its screen while it has no data. */
export interface QueryWithoutData {
  error: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/**
 * Offline with nothing kept for this screen: it says so where the data would be, and loads by
 * itself once the server answers (queries wait for the connection; decision 390). Why is the
 * offline banner's to say, the one offline message (decision 230). "Try again" asks the server
 * at once.
 */
export function OfflineNotice({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900', className)}>
      <p>{messages.waitingForServer}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => {
          void reachability.check();
          onRetry();
        }}
      >
        Try again
      </Button>
    </div>
  );
}

/**
 * Where a screen's data would be while it has none: its skeleton while it loads, the offline
 * notice while the server cannot be reached, the error with "Try again" when the load failed.
 * A screen that has data shows it, whatever a refresh of it says (a failed refresh is a toast).
 */
export function QueryFallback({ query, skeleton, className }: { query: QueryWithoutData; skeleton: ReactNode; className?: string }) {
  const online = useOnline();
  const retry = () => void query.refetch();
  if (!online || query.fetchStatus === 'paused') return <OfflineNotice onRetry={retry} className={className} />;
  if (query.isError) return <QueryError error={query.error} onRetry={retry} className={className} />;
  return skeleton;
}
