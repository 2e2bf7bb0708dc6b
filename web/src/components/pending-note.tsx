import { CloudOff } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useOutbox } from '@/lib/outbox/use-outbox';

/**
 * "Waiting to send" beside what a member changed offline (decision 230); "Not sent" once the
 * server refused it (the outbox panel says why and offers Retry or Discard).
 */
export function PendingNote({
  userId,
  kind,
  subject,
  label = 'Waiting to send',
  className,
}: {
  userId: string | null;
  kind: string;
  subject: string;
  label?: string;
  className?: string;
}) {
  const items = useOutbox(userId, { kind, subject });
  if (items.length === 0) return null;
  const failed = items.some((item) => item.status === 'failed');
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-slate-700', failed && 'text-red-700', className)}>
      <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      {failed ? 'Not sent' : label}
    </span>
  );
}
