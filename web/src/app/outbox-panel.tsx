import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { outbox } from '@/lib/outbox/device-outbox';
import { useOutbox } from '@/lib/outbox/use-outbox';

/**
 * What the member changed offline and the server refused (decision 230): each says what was not
 * sent and why, in the catalogue's words, and stays until the member retries or discards it —
 * nothing queued is dropped without them knowing. Waiting items are counted here too.
 */
export function OutboxPanel() {
  const { user } = useAuth();
  const items = useOutbox(user?.id ?? null);
  if (items.length === 0) return null;
  const failed = items.filter((item) => item.status === 'failed');
  const waiting = items.length - failed.length;
  return (
    <section aria-label="Changes not sent yet" className="border-b border-slate-200 bg-surface">
      <div className="mx-auto max-w-7xl space-y-2 px-4 py-2 text-sm">
        {waiting > 0 ? (
          <p className="flex items-center gap-2 text-slate-700">
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
            {waiting === 1 ? '1 change' : `${waiting} changes`} waiting to send
          </p>
        ) : null}
        {failed.length > 0 ? (
          <ul className="space-y-2">
            {failed.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2">
                <p className="min-w-0 flex-1 text-red-900">
                  <strong>{item.label} was not sent.</strong> {item.error}
                </p>
                <Button size="sm" variant="secondary" onClick={() => void outbox.retry(item.id)}>
                  Retry
                </Button>
                <Button size="sm" variant="ghost" onClick={() => void outbox.discard(item.id)}>
                  Discard
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
