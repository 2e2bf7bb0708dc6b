import { useCallback } from 'react';
import { draftStoragePrefix } from '@/lib/query-client';
import type { ReviewInput } from '../schemas';

/**
 * The unsent review text is kept in localStorage under the app's draft prefix, so it survives a
 * reload and is cleared on sign-out with every other draft (lib/query-client clearPrivateData).
 * Photos are not kept: they are large and would hold the member's pictures on the device.
 */
export function useReviewDraft(placeId: string, userId: string) {
  const key = `${draftStoragePrefix}review:${userId}:${placeId}`;
  const read = useCallback((): Partial<ReviewInput> | null => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as Partial<ReviewInput>) : null;
    } catch {
      return null;
    }
  }, [key]);
  const write = useCallback(
    (value: Partial<ReviewInput>) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or unavailable: the draft simply is not kept.
      }
    },
    [key],
  );
  const clear = useCallback(() => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  }, [key]);
  return { read, write, clear };
}
