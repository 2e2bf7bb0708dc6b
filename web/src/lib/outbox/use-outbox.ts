import { useMemo, useSyncExternalStore } from 'react';
import { outbox, type OutboxItem } from './device-outbox';

const none: readonly OutboxItem[] = [];

/**
 * The member's queued writes, oldest first, optionally only those about one subject (a place)
 * and of one kind. Re-renders when the outbox changes.
 */
export function useOutbox(userId: string | null, filter?: { kind?: string; subject?: string }): OutboxItem[] {
  const kind = filter?.kind;
  const subject = filter?.subject;
  const items = useSyncExternalStore(outbox.subscribe, outbox.snapshot, () => none);
  return useMemo(
    () => items.filter((item) => item.userId === userId && (!kind || item.kind === kind) && (!subject || item.subject === subject)),
    [items, userId, kind, subject],
  );
}
