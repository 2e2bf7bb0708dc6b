import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, delMany, get, keys, set, update } from 'idb-keyval';
import { boundQueries, cacheBounds, mergeKept } from './bounds';

/**
 * Keeps the member's cached answers in IndexedDB (`pinstar-cache`), one entry per member, so what
 * they opened reads offline after a reload (decision 230). Loaded on demand once a member is
 * known; nothing of it is in the first download. A visitor's cache is not kept.
 */
const store = createStore('pinstar-cache', 'clients');
const entryKey = (userId: string) => `query-cache:${userId}`;
/** Bump when cached answers change shape: a kept cache of another version is dropped. */
const buster = '1';
/** Saves gather the changes of this long into one write. */
const saveDelayMs = 300;

function persister(userId: string): Persister {
  return {
    persistClient: (client) => set(entryKey(userId), client, store),
    restoreClient: () => get<PersistedClient>(entryKey(userId), store),
    removeClient: () => del(entryKey(userId), store),
  };
}

/** Writes what boundQueries keeps (decided over all answers, not one by one), now. */
async function save(queryClient: QueryClient, userId: string): Promise<void> {
  const everything = dehydrate(queryClient, { shouldDehydrateQuery: () => true, shouldDehydrateMutation: () => false });
  // Read and written in one transaction: a save of the page before this one may land late.
  await update<PersistedClient>(
    entryKey(userId),
    (stored) => {
      const before = stored?.buster === buster ? stored.clientState.queries : [];
      const queries = boundQueries(mergeKept(before, everything.queries), Date.now());
      return { timestamp: Date.now(), buster, clientState: { mutations: [], queries } };
    },
    store,
  );
}

let current: { userId: string; stop: () => void } | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Follows who is signed in: a member's kept answers are restored into the cache and every
 * change is saved; another member's sign-in or a sign-out removes what was kept for anyone else.
 */
export function persistCacheFor(queryClient: QueryClient, userId: string | null): Promise<void> {
  const next = queue.then(() => follow(queryClient, userId));
  queue = next.catch((error: unknown) => console.warn('Offline cache unavailable', error));
  return next;
}

async function follow(queryClient: QueryClient, userId: string | null): Promise<void> {
  if (current?.userId === userId) return;
  current?.stop();
  current = null;
  const others = (await keys(store)).filter((key) => userId === null || key !== entryKey(userId));
  await delMany(others, store);
  if (userId === null) return;
  // Read once: restored from this read, and what it held is marked stale below.
  const kept = await get<PersistedClient>(entryKey(userId), store);
  const restoring: Persister = { ...persister(userId), restoreClient: () => Promise.resolve(kept) };
  await persistQueryClientRestore({ queryClient, persister: restoring, maxAge: cacheBounds.maxAgeMs, buster });
  // What was kept stands in until it is read again: it may be older than the last change the
  // member made (a save still waiting when the page was left), so it is never taken as fresh.
  for (const query of kept?.clientState.queries ?? []) {
    const now = queryClient.getQueryState(query.queryKey);
    if (now && now.dataUpdatedAt === query.state.dataUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    void save(queryClient, userId).catch((error: unknown) => console.warn('Offline cache not saved', error));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(flush, saveDelayMs);
  });
  // What arrived before the restore finished is saved too, not only what changes after it.
  timer = setTimeout(flush, saveDelayMs);
  const onHide = () => (document.visibilityState === 'hidden' && timer !== undefined ? flush() : undefined);
  document.addEventListener('visibilitychange', onHide);
  current = {
    userId,
    stop: () => {
      clearTimeout(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
    },
  };
}
