/**
 * The outbox: writes a member made without a connection, kept on the device and sent in the
 * order they were made once the connection returns (decision 230). Framework-free: storage,
 * senders and the session check are given to it, so it is unit-tested in Node beside this file.
 */

/** One write waiting to be sent. `payload` is what its sender needs (blobs included). */
export interface OutboxItem<P = unknown> {
  id: string;
  /** The member who made it: only theirs are shown and sent. */
  userId: string;
  kind: string;
  /** What it is about, for the places that show "Waiting to send" (a place id). */
  subject: string;
  /** Words for the user: "Your review of Café Lumière". */
  label: string;
  payload: P;
  createdAt: number;
  /** Waiting, or refused by the server with the reason in words (the error catalogue's). */
  status: 'waiting' | 'failed';
  error?: string;
}

/** Where items live between page loads (IndexedDB in the app, a Map in tests). */
export interface OutboxStorage {
  getAll(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  delete(id: string): Promise<void>;
}

/** Sends one item; throws what the server answered. */
export type Sender = (item: OutboxItem) => Promise<void>;

export interface OutboxOptions {
  storage: OutboxStorage;
  /** Kind → sender. An item of a kind with no sender stays waiting. */
  senders: Record<string, Sender>;
  /** Run once before a replay sends anything (refresh the session); throwing stops the replay. */
  beforeReplay?: () => Promise<void>;
  /**
   * Whether an error means "not reached" (the item stays waiting and the replay stops) rather
   * than a refusal (the item is marked failed with `describe(error)` and the replay goes on).
   */
  isUnreachable: (error: unknown) => boolean;
  describe: (error: unknown, item: OutboxItem) => string;
  /** After an item was sent (the app refreshes what it changed). */
  onSent?: (item: OutboxItem) => void;
  newId?: () => string;
  now?: () => number;
}

export interface ReplayResult {
  sent: number;
  failed: number;
  /** Left waiting because the server could not be reached. */
  waiting: number;
}

export interface Outbox {
  add(item: Omit<OutboxItem, 'id' | 'createdAt' | 'status' | 'error'>): Promise<OutboxItem>;
  /** The member's items, oldest first. */
  list(userId: string): OutboxItem[];
  /** Every item, oldest first: the same array until something changes (for React's external store). */
  snapshot(): readonly OutboxItem[];
  /** Sends the member's waiting items in order; one replay at a time. */
  replay(userId: string): Promise<ReplayResult>;
  /** A failed item goes back to waiting and is sent (with whatever else waits). */
  retry(id: string): Promise<ReplayResult>;
  discard(id: string): Promise<void>;
  /** Forgets every item of the device (sign-out). */
  clear(): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Resolves when the stored items have been read. */
  ready: Promise<void>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { storage, senders } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let items: OutboxItem[] = [];
  const listeners = new Set<() => void>();
  let chain: Promise<unknown> = Promise.resolve();

  const changed = () => {
    items = [...items].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    for (const listener of listeners) listener();
  };

  const ready = storage.getAll().then(
    (stored) => {
      // An empty device outbox changes nothing: subscribers (rendered while it was read) keep
      // their snapshot, so React has no torn store to render again synchronously.
      if (stored.length === 0) return;
      items = [...stored, ...items];
      changed();
    },
    () => undefined,
  );

  /**
   * Stores the item, then shows it: "Waiting to send" is a promise that the write is kept on the
   * device, and a tab closed the moment it shows would otherwise take a write whose storing had
   * not finished with it. A write the device cannot store is not shown, and the caller hears why.
   */
  async function save(item: OutboxItem): Promise<void> {
    await storage.put(item);
    items = items.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item];
    changed();
  }

  async function remove(id: string): Promise<void> {
    items = items.filter((i) => i.id !== id);
    changed();
    await storage.delete(id);
  }

  async function run(userId: string): Promise<ReplayResult> {
    await ready;
    const result: ReplayResult = { sent: 0, failed: 0, waiting: 0 };
    const queue = items.filter((i) => i.userId === userId && i.status === 'waiting');
    if (queue.length === 0) return result;
    await options.beforeReplay?.();
    for (const [index, item] of queue.entries()) {
      const send = senders[item.kind];
      if (!send) {
        result.waiting++;
        continue;
      }
      try {
        await send(item);
      } catch (error: unknown) {
        if (options.isUnreachable(error)) {
          result.waiting += queue.length - index;
          return result;
        }
        await save({ ...item, status: 'failed', error: options.describe(error, item) });
        result.failed++;
        continue;
      }
      await remove(item.id);
      result.sent++;
      options.onSent?.(item);
    }
    return result;
  }

  function replay(userId: string): Promise<ReplayResult> {
    // One replay at a time: one asked for meanwhile runs after it and sends what still waits.
    const next = chain.then(() => run(userId));
    chain = next.catch(() => undefined);
    return next;
  }

  return {
    ready,
    async add(fields) {
      const item: OutboxItem = { ...fields, id: newId(), createdAt: now(), status: 'waiting' };
      await save(item);
      return item;
    },
    list: (userId) => items.filter((i) => i.userId === userId),
    snapshot: () => items,
    replay,
    async retry(id) {
      const item = items.find((i) => i.id === id);
      if (!item) return { sent: 0, failed: 0, waiting: 0 };
      await save({ ...item, status: 'waiting', error: undefined });
      return replay(item.userId);
    },
    discard: remove,
    async clear() {
      const all = items;
      items = [];
      changed();
      await Promise.all(all.map((i) => storage.delete(i.id)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A Map as storage, for tests and for browsers without IndexedDB (items then last one page). */
export function memoryStorage(initial: OutboxItem[] = []): OutboxStorage & { items: Map<string, OutboxItem> } {
  const map = new Map(initial.map((i) => [i.id, i]));
  return {
    items: map,
    getAll: () => Promise.resolve([...map.values()]),
    put: (item) => Promise.resolve(void map.set(item.id, item)),
    delete: (id) => Promise.resolve(void map.delete(id)),
  };
}

/** Refresh the session before a replay when its access token ends within `marginSeconds` (or has ended). */
export function sessionNeedsRefresh(expiresAt: number | undefined, nowMs: number, marginSeconds = 60): boolean {
  if (expiresAt === undefined) return true;
  return expiresAt * 1000 - nowMs <= marginSeconds * 1000;
}
