import { onlineManager } from '@tanstack/react-query';
import { createStore, del, set, values } from 'idb-keyval';
import { describeError } from '../errors';
import { createOutbox, memoryStorage, sessionNeedsRefresh, type OutboxItem, type OutboxStorage, type Sender } from './outbox';

/**
 * The device's outbox (decision 230): items in IndexedDB (`pinstar-outbox`), blobs and all, so a
 * review with photos made offline survives a reload. Features queue through `queueWrite`; the
 * app registers how each kind is sent (app/outbox-runner.tsx) and replays when the connection
 * returns.
 */
function deviceStorage(): OutboxStorage {
  if (typeof indexedDB === 'undefined') return memoryStorage();
  const store = createStore('pinstar-outbox', 'items');
  return {
    getAll: () => values<OutboxItem>(store),
    put: (item) => set(item.id, item, store),
    delete: (id) => del(id, store),
  };
}

/** Kind → sender, filled by the app; read at send time, so registering late is fine. */
const senders: Record<string, Sender> = {};
let beforeReplay: () => Promise<void> = () => Promise.resolve();
let onSent: (item: OutboxItem) => void = () => undefined;

/** Which table a kind writes, for the catalogue's reading of PostgREST codes (23505 on reviews). */
const tables: Record<string, string> = { review: 'reviews', star: 'stars', 'list-place': 'list_places', 'list-note': 'list_places' };

export const outbox = createOutbox({
  storage: deviceStorage(),
  senders,
  beforeReplay: () => beforeReplay(),
  onSent: (item) => onSent(item),
  isUnreachable: (error) => {
    const { reaction, code } = describeError(error, { quiet: true });
    return reaction === 'offline' || code === 'unreachable' || code === 'timeout';
  },
  describe: (error, item) => describeError(error, { table: tables[item.kind] }).message,
});

export function configureOutbox(config: {
  senders: Record<string, Sender>;
  beforeReplay: () => Promise<void>;
  onSent: (item: OutboxItem) => void;
}): void {
  Object.assign(senders, config.senders);
  beforeReplay = config.beforeReplay;
  onSent = config.onSent;
}

/** Offline as the app has found it (lib/reachability): the server does not answer. */
export function isOffline(): boolean {
  return !onlineManager.isOnline();
}

/** The kinds of write the outbox keeps; each has its sender (app/outbox-senders.ts). */
export type QueuedKind = 'review' | 'star' | 'list-place' | 'list-note';

export interface QueuedWrite<P> {
  userId: string;
  subject: string;
  label: string;
  payload: P;
}

/** Keeps a write for later; a failure to store it is thrown, so the caller's error path tells. */
export function queueWrite<P>(kind: QueuedKind, write: QueuedWrite<P>): Promise<OutboxItem> {
  return outbox.add({ kind, ...write });
}

/**
 * Sends a write, or keeps it to send later (decision 390): at once when the app is offline, and
 * when its own request got no answer and the server turns out to be out of reach — the browser
 * may still say it is online (a captive portal, a dead cell connection); lib/supabase.ts has
 * asked the server before the failure reaches here. A write the server answered, even with a
 * refusal, is not queued: its error goes to the caller. `queue` is given the error the send
 * failed with, so it can keep only what was not sent yet.
 */
export async function sendOrQueue<T>(send: () => Promise<T>, queue: (failed?: unknown) => Promise<unknown>): Promise<T | 'queued'> {
  if (isOffline()) {
    await queue();
    return 'queued';
  }
  try {
    return await send();
  } catch (error: unknown) {
    if (!isOffline()) throw error;
    await queue(error);
    return 'queued';
  }
}

export { sessionNeedsRefresh };
export type { OutboxItem };
