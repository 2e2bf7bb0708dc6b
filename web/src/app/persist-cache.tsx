import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';

/**
 * Keeps a member's cached answers on the device for offline reading (decision 230), from a chunk
 * loaded once the session is known: restored at sign-in, removed at sign-out and when another
 * member signs in.
 */
export function PersistCache() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (status === 'loading') return;
    void import('@/lib/offline-cache/persist-cache').then(({ persistCacheFor }) => persistCacheFor(queryClient, userId));
  }, [queryClient, status, userId]);
  return null;
}
