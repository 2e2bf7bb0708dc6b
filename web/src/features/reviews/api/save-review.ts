import { useMutation } from '@tanstack/react-query';
import type { PhotoDraft } from '@/components/photo-picker';
import { queueWrite, sendOrQueue, type OutboxItem } from '@/lib/outbox/device-outbox';
import { removePhotoFiles, uploadPhoto } from '@/lib/photos';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { useInvalidatePlace } from '../hooks/use-invalidate-place';
import type { Review, ReviewInput } from '../schemas';

export interface SaveReviewArgs {
  placeId: string;
  userId: string;
  /** The review being edited (what saving it needs of it), or null for a new one. */
  existing: Pick<Review, 'id' | 'photos'> | null;
  input: ReviewInput;
  photos: PhotoDraft[];
  onProgress: (key: string, fraction: number) => void;
}

/** Where a failed save stopped, so the form can tell which part to retry. */
export class PhotoSaveError extends Error {
  override name = 'PhotoSaveError';
  reviewId: string;
  /** Keys of the new photos saved before the failure. */
  saved: string[];
  override cause: unknown;
  constructor(reviewId: string, saved: string[], cause: unknown) {
    super('The review was saved, but a photo could not be uploaded.');
    this.reviewId = reviewId;
    this.saved = saved;
    this.cause = cause;
  }
}

async function writeReview({ placeId, userId, existing, input }: SaveReviewArgs): Promise<string> {
  const fields = { rating: input.rating, body: input.body, visited_on: input.visitedOn || null };
  if (existing) {
    const { error } = await supabase.from('reviews').update(fields).eq('id', existing.id);
    if (error) throw error;
    return existing.id;
  }
  const { data, error } = await supabase
    .from('reviews')
    .insert({ ...fields, place_id: placeId, author_id: userId })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/**
 * Writes the review, then its photos: removed ones (rows, then files), renamed alt texts, and
 * new ones uploaded with progress and recorded with their size.
 */
export async function saveReview(args: SaveReviewArgs): Promise<string> {
  const reviewId = await writeReview(args);
  const { existing, photos, placeId, userId, onProgress } = args;
  const saved: string[] = [];
  try {
    const kept = new Map(photos.flatMap((p) => (p.kind === 'existing' ? [[p.id, p] as const] : [])));
    const removed = (existing?.photos ?? []).filter((p) => !kept.has(p.id));
    if (removed.length) {
      const { error } = await supabase
        .from('review_photos')
        .delete()
        .in(
          'id',
          removed.map((p) => p.id),
        );
      if (error) throw error;
      await removePhotoFiles(removed.map((p) => p.path));
    }
    for (const photo of existing?.photos ?? []) {
      const draft = kept.get(photo.id);
      if (draft && draft.alt.trim() !== photo.alt) {
        const { error } = await supabase.from('review_photos').update({ alt: draft.alt.trim() }).eq('id', photo.id);
        if (error) throw error;
      }
    }
    for (const photo of photos) {
      if (photo.kind !== 'new') continue;
      const path = await uploadPhoto(userId, reviewId, photo.blob, (fraction) => onProgress(photo.key, fraction));
      const { error } = await supabase.from('review_photos').insert({
        review_id: reviewId,
        place_id: placeId,
        uploader_id: userId,
        path,
        alt: photo.alt.trim(),
        width: photo.width,
        height: photo.height,
        thumbhash: photo.thumbhash,
      });
      if (error) {
        await removePhotoFiles([path]).catch(() => undefined);
        throw error;
      }
      saved.push(photo.key);
    }
  } catch (cause: unknown) {
    throw new PhotoSaveError(reviewId, saved, cause);
  }
  return reviewId;
}

/** A review written offline, photos (processed blobs) and all, as the outbox keeps it. */
type QueuedReview = Omit<SaveReviewArgs, 'onProgress'>;

/**
 * What is left to send of a review: all of it, or — when the review itself was written before
 * the connection went — an edit of that review with the photos not saved yet.
 */
function toQueue({ onProgress: _unused, ...args }: SaveReviewArgs, failed: unknown): QueuedReview {
  // Object URLs die with the page; the blobs themselves are kept.
  const photos = args.photos.map((photo) => (photo.kind === 'new' ? { ...photo, previewUrl: '', progress: null } : photo));
  if (!(failed instanceof PhotoSaveError)) return { ...args, photos };
  return {
    ...args,
    existing: { id: failed.reviewId, photos: args.existing?.photos ?? [] },
    photos: photos.filter((photo) => !(photo.kind === 'new' && failed.saved.includes(photo.key))),
  };
}

/**
 * Sends a review made offline (decision 230). A photo that fails after the review was written
 * is reported by what went wrong with the photo.
 */
export async function sendQueuedReview(item: OutboxItem): Promise<void> {
  const args = item.payload as QueuedReview;
  try {
    await saveReview({ ...args, onProgress: () => undefined });
  } catch (error: unknown) {
    throw error instanceof PhotoSaveError ? error.cause : error;
  }
}

/**
 * Posts or edits a review with its photos and says so. The place's reviews, stars and photos
 * refetch afterwards, also when only a photo failed (the review itself was saved). Errors go
 * to the form, under their field. Offline, or when its requests find the server out of
 * reach (part of it may have been sent), what is left is queued on this device and sent when
 * the connection returns.
 */
export function useSaveReview(placeId: string, placeName?: string) {
  const invalidate = useInvalidatePlace();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (args: SaveReviewArgs): Promise<string | null> => {
      const outcome = await sendOrQueue(
        () => saveReview(args),
        (failed) =>
          queueWrite<QueuedReview>('review', {
            userId: args.userId,
            subject: placeId,
            label: `Your review of ${placeName ?? 'a place'}`,
            payload: toQueue(args, failed),
          }),
      );
      return outcome === 'queued' ? null : outcome;
    },
    meta: { errorToast: false, errorTable: 'reviews' },
    onSuccess: async (reviewId, args) => {
      if (reviewId === null) {
        toast.info('Saved on this device', { description: 'Your review will be sent when the connection is back.' });
        return;
      }
      await invalidate(placeId);
      toast.success(args.existing ? 'Review updated' : 'Review posted');
    },
    onError: (error: unknown) => (error instanceof PhotoSaveError ? invalidate(placeId) : undefined),
  });
}
