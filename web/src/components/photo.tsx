import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { nextTask } from '@/lib/next-task';
import { responsiveSource } from '@/lib/photo-variants';

const placeholders = new Map<string, string>();
let decoding: Promise<unknown> = Promise.resolve();

/**
 * Decodes a ThumbHash in a task of its own: a page opening with a dozen photos decodes them
 * one after another between the browser's other work, not all in one long task.
 */
function decodeSoon(hash: string): Promise<string> {
  const next = decoding
    .then(nextTask)
    .then(() => import('thumbhash'))
    .then(({ thumbHashToDataURL }) => {
      const known = placeholders.get(hash);
      if (known) return known;
      const dataUrl = thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
      placeholders.set(hash, dataUrl);
      return dataUrl;
    });
  decoding = next.catch(() => undefined);
  return next;
}

/** The ThumbHash as a data URL; the decoder loads on demand, outside the first download. */
function usePlaceholder(hash: string | null | undefined): string | null {
  const [url, setUrl] = useState(() => (hash ? (placeholders.get(hash) ?? null) : null));
  useEffect(() => {
    if (!hash || placeholders.has(hash)) return;
    let live = true;
    void decodeSoon(hash)
      .then((dataUrl) => {
        if (live) setUrl(dataUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hash]);
  return hash ? (url ?? placeholders.get(hash) ?? null) : null;
}

export interface PhotoProps {
  bucket?: string;
  path: string;
  alt: string;
  /** CSS pixels the picture is drawn at its widest (the 1x variant); `sizes` says when it is narrower. */
  width: number;
  /** Width / height of the box; the photo is cropped to it (cover). Omitted with `fit`, the photo's own. */
  ratio: number;
  /** `contain`: the whole photo inside the box (lightbox); `cover` (default): cropped to fill it. */
  fit?: 'cover' | 'contain';
  sizes?: string;
  thumbhash?: string | null | undefined;
  /** Above the fold: load at once and with high priority (the page's largest picture). */
  eager?: boolean;
  className?: string;
  imgClassName?: string;
}

/**
 * Every photo of the app: a box with a fixed aspect ratio (nothing moves when it loads), the
 * ThumbHash drawn while it loads, and the variant for the screen's pixel density from `srcset`.
 */
export function Photo({
  bucket = 'place-photos',
  path,
  alt,
  width,
  ratio,
  fit = 'cover',
  sizes,
  thumbhash,
  eager = false,
  className,
  imgClassName,
}: PhotoProps) {
  const placeholder = usePlaceholder(thumbhash);
  const [loaded, setLoaded] = useState(false);
  const source = responsiveSource(bucket, path, width, { ratio: fit === 'cover' ? ratio : undefined, fluid: sizes !== undefined });
  return (
    <span
      className={cn('relative block overflow-hidden bg-slate-100 bg-cover bg-center', className)}
      style={{ aspectRatio: String(ratio), backgroundImage: placeholder && !loaded ? `url(${placeholder})` : undefined }}
      data-photo-placeholder={placeholder && !loaded ? '' : undefined}
    >
      <img
        src={source.src}
        srcSet={source.srcSet}
        sizes={sizes ?? `${width}px`}
        alt={alt}
        width={width}
        height={Math.round(width / ratio)}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        className={cn('absolute inset-0 size-full', fit === 'cover' ? 'object-cover' : 'object-contain', imgClassName)}
      />
    </span>
  );
}
