import type { PhotoDraft } from '@/components/photo-picker';
import { removePhotoFiles, uploadPhoto } from '@/lib/photos';
import { supabase } from '@/lib/supabase';
import type { Review, ReviewInput } from '../schemas';

export interface SaveReviewArgs {
  placeId: string;
  userId: string;
  existing: Review | null;
  input: ReviewInput;
  photos: PhotoDraft[];
  onProgress: (key: string, fraction: number) => void;
}

/** Where a failed save stopped, so the form can tell which part to retry. */
export class PhotoSaveError extends Error {
  override name = 'PhotoSaveError';
  reviewId: string;
  override cause: unknown;
  constructor(reviewId: string, cause: unknown) {
    super('The review was saved, but a photo could not be uploaded.');
    this.reviewId = reviewId;
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
      const { error } = await supabase
        .from('review_photos')
        .insert({
          review_id: reviewId,
          place_id: placeId,
          uploader_id: userId,
          path,
          alt: photo.alt.trim(),
          width: photo.width,
          height: photo.height,
        });
      if (error) {
        await removePhotoFiles([path]).catch(() => undefined);
        throw error;
      }
    }
  } catch (cause: unknown) {
    throw new PhotoSaveError(reviewId, cause);
  }
  return reviewId;
}

/** Deletes the review (its photo rows cascade), then the photo files. */
export async function deleteReview(review: Review): Promise<void> {
  const { error } = await supabase.from('reviews').delete().eq('id', review.id);
  if (error) throw error;
  await removePhotoFiles(review.photos.map((p) => p.path)).catch((cause: unknown) => console.error('Photo files left behind', cause));
}
