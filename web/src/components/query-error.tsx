import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/errors';

/**
 * Every failed load in the app: the catalogue's message and "Try again" (queries also retry by
 * themselves on reconnect). Pass the query's `refetch`, or a boundary's reset.
 */
export function QueryError({ error, onRetry, className }: { error: unknown; onRetry: () => void; className?: string }) {
  const { message } = describeError(error);
  return (
    <div role="alert" className={cn('rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800', className)}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
