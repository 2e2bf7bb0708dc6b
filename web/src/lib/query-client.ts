import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { describeError } from './errors';
import { outbox } from './outbox/device-outbox';
import { privateKeyPrefix } from './query-keys';

/** What a query or mutation tells the one error handler below (`meta`). */
export interface ErrorMeta {
  /** `false`: the caller shows the error itself (a form puts it under its field), so no toast. */
  errorToast?: false;
  /** The table written, for the catalogue's reading of PostgREST codes (23505 on reviews or on profiles). */
  errorTable?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** localStorage keys of drafts kept on this device (their blobs: lib/draft-store); cleared on sign-out too. */
export const draftStoragePrefix = 'pinstar:draft:';

/**
 * Retries once, half a second later, what may succeed on a second try (network failures, server
 * errors). A read that timed out has already waited lib/supabase's 5 s and is not tried again
 * by itself: a slow or hanging API ends in QueryError's message and "Try again" after about 5 s,
 * a refused connection within a second (decisions 196, 243).
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  const { code, reaction } = describeError(error, { quiet: true });
  if (code === 'timeout') return false;
  return reaction === 'offline' || reaction === 'retry';
}

/**
 * The app's one error path (decision 131): a failed write is a toast with the catalogue's
 * message unless its form shows it (`meta.errorToast: false`). A failed first load shows
 * QueryError where the data would be; a refresh of data already shown that fails on the
 * server is a toast. Offline (announced by the offline banner, retried by the queries) and
 * an ended session (announced by auth) stay quiet there.
 */
function toastError(error: unknown, meta: ErrorMeta | undefined): void {
  if (meta?.errorToast === false) return;
  toast.error(describeError(error, { table: meta?.errorTable }).message);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data === undefined || describeError(error, { quiet: true }).reaction !== 'retry') return;
        toastError(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => toastError(error, mutation.meta) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay: 500, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query client. Module-level so route loaders can start a page's first query
 * while the page's code is still downloading (app/router.tsx).
 */
export const queryClient = createQueryClient();

export function clearPrivateData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [privateKeyPrefix] });
  // The photo-draft store loads only when a member signs out, not in the first download.
  void import('./draft-store').then(({ clearDraftValues }) => clearDraftValues());
  // Writes queued offline are the member's too (decision 230); the kept answers go with
  // app/persist-cache.tsx, which follows the session.
  void outbox.clear().catch((error: unknown) => console.warn('Queued changes not cleared', error));
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(draftStoragePrefix)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage can be unavailable (private mode); nothing was kept there then.
  }
}
