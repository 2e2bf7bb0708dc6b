/**
 * Image variants from Storage's `/render/image` (decision 220): every picture is requested at
 * the width it is drawn, for 1x, 2x and 3x screens, snapped to a short ladder of widths so that
 * everyone asks for the same few variants (each encoded once and cached by the server). No
 * `format` is sent: the server answers WebP to browsers that accept it, as hosted Storage does.
 */
import { supabase } from './supabase';

export const variantWidths = [64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2000] as const;

/** The smallest ladder width that covers `px` device pixels. */
export function snapWidth(px: number): number {
  return variantWidths.find((w) => w >= px) ?? 2000;
}

export interface VariantOptions {
  /** Width / height of the box; omitted, the photo keeps its own ratio (resize contain). */
  ratio?: number | undefined;
  /** Drawn at a width that follows the screen (`sizes`): every ladder width from 96 up to 2x is offered. */
  fluid?: boolean | undefined;
}

export function variantUrl(bucket: string, path: string, width: number, { ratio }: VariantOptions = {}): string {
  const transform = ratio
    ? { width, height: Math.max(1, Math.round(width / ratio)), resize: 'cover' as const }
    : { width, resize: 'contain' as const };
  return supabase.storage.from(bucket).getPublicUrl(path, { transform }).data.publicUrl;
}

export interface ResponsiveSource {
  src: string;
  srcSet: string;
}

/** `src` (1x) and a `srcSet` in `w` descriptors for a picture drawn `cssWidth` CSS pixels wide. */
export function responsiveSource(bucket: string, path: string, cssWidth: number, options: VariantOptions = {}): ResponsiveSource {
  const largest = snapWidth(cssWidth * 2);
  const widths = options.fluid
    ? variantWidths.filter((w) => w >= 96 && w <= largest)
    : [...new Set([1, 2, 3].map((dpr) => snapWidth(Math.ceil(cssWidth * dpr))))];
  return {
    src: variantUrl(bucket, path, snapWidth(cssWidth), options),
    srcSet: widths.map((w) => `${variantUrl(bucket, path, w, options)} ${w}w`).join(', '),
  };
}
