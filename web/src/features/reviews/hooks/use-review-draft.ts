import { useCallback, useMemo } from 'react';
import type { PhotoDraft } from '@/components/photo-picker';
import { deleteDraftValue, readDraftValue, writeDraftValue } from '@/lib/draft-store';
import { draftStoragePrefix } from '@/lib/query-client';
import type { ReviewInput } from '../schemas';

/** A chosen photo as kept in the draft: the processed (resized, re-encoded) blob and its alt text. */
interface DraftPhoto {
  key: string;
  blob: Blob;
  width: number;
  height: number;
  thumbhash?: string | null;
  alt: string;
}

function isDraftPhoto(value: unknown): value is DraftPhoto {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    v.blob instanceof Blob &&
    typeof v.width === 'number' &&
    typeof v.height === 'number' &&
    typeof v.alt === 'string'
  );
}

/**
 * The unsent review survives a reload on this device: text, stars and date in localStorage,
 * the chosen photos (already resized and stripped of EXIF) with their alt text in IndexedDB,
 * both under the app's draft prefix, so sign-out clears them with every other draft
 * (lib/query-client clearPrivateData).
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
  const readPhotos = useCallback(async (): Promise<PhotoDraft[]> => {
    const stored = await readDraftValue(key);
    if (!Array.isArray(stored)) return [];
    return stored.filter(isDraftPhoto).map((p) => ({
      ...p,
      thumbhash: typeof p.thumbhash === 'string' ? p.thumbhash : null,
      kind: 'new' as const,
      previewUrl: URL.createObjectURL(p.blob),
      progress: null,
    }));
  }, [key]);
  const writePhotos = useCallback(
    (photos: PhotoDraft[]) => {
      const fresh = photos.flatMap((p): DraftPhoto[] =>
        p.kind === 'new' ? [{ key: p.key, blob: p.blob, width: p.width, height: p.height, thumbhash: p.thumbhash, alt: p.alt }] : [],
      );
      return fresh.length ? writeDraftValue(key, fresh) : deleteDraftValue(key);
    },
    [key],
  );
  const clear = useCallback(async () => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
    await deleteDraftValue(key);
  }, [key]);
  return useMemo(() => ({ read, write, readPhotos, writePhotos, clear }), [read, write, readPhotos, writePhotos, clear]);
}
