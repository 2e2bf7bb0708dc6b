import { useState } from 'react';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';
import { responsiveSource } from '@/lib/photo-variants';

const sizes = { sm: 'size-8 text-xs', md: 'size-12 text-base', lg: 'size-24 text-2xl' } as const;
const pixels = { sm: 32, md: 48, lg: 96 } as const;

/**
 * A round picture with the person's initials as the fallback. `alt` is empty when the name is
 * shown beside it. `path` (in the avatars bucket) is drawn as variants of the avatar's size;
 * `src` is a URL used as it is (a fresh upload's preview).
 *
 * A plain `<img>` over the initials: the browser chooses one variant from the `srcset` and draws
 * it when it arrives; the initials show only if it takes longer than 300 ms (a CSS delay,
 * `.avatar-initials`) and until it has loaded, or if it fails. Lazy, as most avatars are below
 * the fold (a page of reviews); the browser fetches those near the viewport at once. A headless
 * avatar primitive's probe image fetched the 1x URL besides the chosen variant, and its loading
 * state re-rendered every avatar synchronously right after the commit that mounted it — a page
 * of reviews at once.
 */
export function Avatar({
  src,
  path,
  name,
  alt = '',
  size = 'md',
  className,
}: {
  src?: string | null;
  path?: string | null;
  name: string;
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const variant = path ? responsiveSource('avatars', path, pixels[size], { ratio: 1 }) : null;
  const url = variant?.src ?? src ?? null;
  // The URL that loaded (then the initials go: a picture with transparency shows none through),
  // or failed (a removed avatar, offline: its initials show instead).
  const [settled, setSettled] = useState<{ url: string; ok: boolean } | null>(null);
  const image = url !== null && !(settled?.url === url && !settled.ok);
  const loaded = image && settled?.url === url;
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700 select-none',
        sizes[size],
        className,
      )}
    >
      {loaded ? null : (
        <span aria-hidden="true" className={image ? 'avatar-initials' : undefined}>
          {initialsOf(name)}
        </span>
      )}
      {image ? (
        <img
          src={url}
          srcSet={variant?.srcSet}
          sizes={variant ? `${pixels[size]}px` : undefined}
          alt={alt}
          loading="lazy"
          onLoad={() => setSettled({ url, ok: true })}
          onError={() => setSettled({ url, ok: false })}
          className="absolute inset-0 size-full object-cover"
        />
      ) : alt ? (
        <span className="sr-only">{alt}</span>
      ) : null}
    </span>
  );
}
