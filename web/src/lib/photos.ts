/** Review photos in storage: the bucket's rules, their public URL, preparing and uploading them. */
import type { Database } from '@/lib/database.types';
import { messages } from '@/lib/errors';
import { computeThumbHash, cropAndResize, loadImage } from '@/lib/image';
import { supabase } from '@/lib/supabase';
import { uploadWithProgress } from '@/lib/upload';

export const photoBucket = 'place-photos';
export const maxPhotos = 5;
/**
 * The largest file the device is asked to prepare: a camera's photo (12 MP is 3–8 MB, 50 MP
 * about 25 MB) is resized here, so it need not fit the bucket's 5 MB (decision 392).
 */
export const maxSourceBytes = 40 * 1024 * 1024;
/** What the bucket takes (`place-photos`, 5 MiB): a prepared photo is always smaller. */
export const maxUploadBytes = 5 * 1024 * 1024;
export const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const maxSide = 1600;

/** A stored photo: a `review_photos` row, the one declaration every feature's photo type picks from. */
export type PhotoRow = Database['public']['Tables']['review_photos']['Row'];

/** What drawing a stored photo needs: its file, words, size and placeholder. */
export type StoredPhoto = Pick<PhotoRow, 'id' | 'path' | 'alt' | 'width' | 'height' | 'thumbhash'>;

export interface PreparedPhoto {
  blob: Blob;
  width: number;
  height: number;
  previewUrl: string;
  /** ThumbHash (base64) of the prepared photo, stored with it as its placeholder. */
  thumbhash: string;
}

/**
 * Decodes a chosen file, scales it to at most 1600 px on its long side and re-encodes it as
 * WebP on a canvas: only pixels survive, so EXIF (camera, GPS position) never leaves the device.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const source = URL.createObjectURL(file);
  try {
    const image = await loadImage(source);
    const area = { x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight };
    let blob = await cropAndResize(source, area, maxSide, 0.85);
    // 1600 px of WebP is far below the bucket's limit; a picture of pure noise could come near it.
    if (blob.size > maxUploadBytes) blob = await cropAndResize(source, area, maxSide, 0.6);
    if (blob.size > maxUploadBytes) throw new Error(messages.photoTooLarge);
    const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
    const previewUrl = URL.createObjectURL(blob);
    return {
      blob,
      width: Math.max(1, Math.round(area.width * scale)),
      height: Math.max(1, Math.round(area.height * scale)),
      previewUrl,
      thumbhash: await computeThumbHash(previewUrl),
    };
  } finally {
    URL.revokeObjectURL(source);
  }
}

/** Uploads one prepared photo under the member's folder; resolves with its storage path. */
export function uploadPhoto(userId: string, reviewId: string, blob: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const path = `${userId}/${reviewId}/${crypto.randomUUID()}.webp`;
  // The path is new for every upload, so the file and its variants can be cached for a year.
  return uploadWithProgress({ bucket: photoBucket, path, body: blob, onProgress, cacheControl: 'max-age=31536000' });
}

export async function removePhotoFiles(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await supabase.storage.from(photoBucket).remove(paths);
  if (error) throw error;
}
