import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/errors';

/** A failed load: the catalogue's message and a retry (queries also retry on reconnect). */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { message } = describeError(error);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
