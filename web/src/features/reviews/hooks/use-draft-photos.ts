import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoDraft } from '@/components/photo-picker';
import { maxPhotos } from '@/lib/photos';
import type { useReviewDraft } from './use-review-draft';

/**
 * The form's photos, kept in the draft while `keep` (a new review): restored once on open
 * (previews from the stored blobs, alt text included), then saved 300 ms after each change.
 * `stop()` ends the saving for good, before the draft is cleared on submit or discard, so a
 * late save cannot bring it back.
 */
export function useDraftPhotos(draft: ReturnType<typeof useReviewDraft>, initial: () => PhotoDraft[], keep: boolean) {
  const [photos, setPhotos] = useState<PhotoDraft[]>(initial);
  const [restored, setRestored] = useState(!keep);
  const stopped = useRef(false);

  useEffect(() => {
    if (!keep) return;
    let alive = true;
    void draft.readPhotos().then((kept) => {
      if (!alive) return;
      // Photos chosen while the draft was being read stay, after the kept ones.
      if (kept.length) setPhotos((current) => [...kept, ...current.filter((p) => !kept.some((k) => k.key === p.key))].slice(0, maxPhotos));
      setRestored(true);
    });
    return () => {
      alive = false;
    };
  }, [draft, keep]);

  useEffect(() => {
    if (!keep || !restored || stopped.current) return;
    const timer = setTimeout(() => {
      if (!stopped.current) void draft.writePhotos(photos);
    }, 300);
    return () => clearTimeout(timer);
  }, [photos, keep, restored, draft]);

  // The previews are object URLs of blobs the form holds; let them go with the form.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    previews.current = photos.flatMap((p) => (p.kind === 'new' ? [p.previewUrl] : []));
  }, [photos]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const stop = useCallback(() => {
    stopped.current = true;
  }, []);
  return { photos, setPhotos, stop, stopped };
}
