/**
 * Which variants a picture asks for (decision 220), without the Supabase client: the widths of
 * `src` and `srcset` and the transform of each. `photo-variants.ts` turns them into URLs with
 * `getPublicUrl`; `vite.config.ts` writes the place page's photo band's into index.html, whose
 * shell requests the band before the app has run (decision 075), so both ask for the same URLs.
 */
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

/** Storage's transform for one variant, keys in the order supabase-js writes them into the URL. */
export type VariantTransform = { width: number; height: number; resize: 'cover' } | { width: number; resize: 'contain' };

export function variantTransform(width: number, { ratio }: VariantOptions = {}): VariantTransform {
  return ratio ? { width, height: Math.max(1, Math.round(width / ratio)), resize: 'cover' } : { width, resize: 'contain' };
}

export interface VariantLadder {
  /** The 1x variant. */
  src: VariantTransform;
  /** The `srcset` candidates, each with its `w` descriptor (the transform's width). */
  srcSet: VariantTransform[];
}

/** The variants of a picture drawn `cssWidth` CSS pixels wide. */
export function variantLadder(cssWidth: number, options: VariantOptions = {}): VariantLadder {
  const largest = snapWidth(cssWidth * 2);
  const widths = options.fluid
    ? variantWidths.filter((w) => w >= 96 && w <= largest)
    : [...new Set([1, 2, 3].map((dpr) => snapWidth(Math.ceil(cssWidth * dpr))))];
  return {
    src: variantTransform(snapWidth(cssWidth), options),
    srcSet: widths.map((w) => variantTransform(w, options)),
  };
}
