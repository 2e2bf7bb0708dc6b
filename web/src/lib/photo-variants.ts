/**
 * Image variants from Storage's `/render/image` (decision 220): every picture is requested at
 * the width it is drawn, for 1x, 2x and 3x screens, snapped to a short ladder of widths so that
 * everyone asks for the same few variants (each encoded once and cached by the server). No
 * `format` is sent: the server answers WebP to browsers that accept it, as hosted Storage does.
 * The ladder itself is `photo-ladder.ts`.
 */
import { variantLadder, variantTransform, type VariantOptions, type VariantTransform } from './photo-ladder';
import { supabase } from './supabase';

export { snapWidth, variantWidths, type VariantOptions } from './photo-ladder';

const publicUrl = (bucket: string, path: string, transform: VariantTransform) =>
  supabase.storage.from(bucket).getPublicUrl(path, { transform }).data.publicUrl;

export function variantUrl(bucket: string, path: string, width: number, options: VariantOptions = {}): string {
  return publicUrl(bucket, path, variantTransform(width, options));
}

export interface ResponsiveSource {
  src: string;
  srcSet: string;
}

/** `src` (1x) and a `srcSet` in `w` descriptors for a picture drawn `cssWidth` CSS pixels wide. */
export function responsiveSource(bucket: string, path: string, cssWidth: number, options: VariantOptions = {}): ResponsiveSource {
  const ladder = variantLadder(cssWidth, options);
  return {
    src: publicUrl(bucket, path, ladder.src),
    srcSet: ladder.srcSet.map((transform) => `${publicUrl(bucket, path, transform)} ${transform.width}w`).join(', '),
  };
}
