import { QueryClient } from '@tanstack/react-query';
import { clearDraftValues } from './draft-store';
import { describeError } from './errors';
import { privateKeyPrefix } from './query-keys';


/** localStorage keys of drafts kept on this device (their blobs: lib/draft-store); cleared on sign-out too. */
export const draftStoragePrefix = 'pinstar:draft:';

/** Retries only what may succeed on a second try: network failures and server errors. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  const { reaction } = describeError(error, { quiet: true });
  return reaction === 'offline' || reaction === 'retry';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
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
  void clearDraftValues();
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(draftStoragePrefix)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage can be unavailable (private mode); nothing was kept there then.
  }
}
