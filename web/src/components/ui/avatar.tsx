import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';
import { responsiveSource } from '@/lib/photo-variants';

const sizes = { sm: 'size-8 text-xs', md: 'size-12 text-base', lg: 'size-24 text-2xl' } as const;
const pixels = { sm: 32, md: 48, lg: 96 } as const;

/**
 * A round picture with the person's initials as the fallback. `alt` is empty when the name is
 * shown beside it. `path` (in the avatars bucket) is drawn as variants of the avatar's size;
 * `src` is a URL used as it is (a fresh upload's preview).
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
  const url = variant?.src ?? src;
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700 select-none',
        sizes[size],
        className,
      )}
    >
      {url ? (
        <AvatarPrimitive.Image
          src={url}
          srcSet={variant?.srcSet}
          sizes={variant ? `${pixels[size]}px` : undefined}
          alt={alt}
          className="size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback delayMs={url ? 300 : 0} aria-hidden={alt ? undefined : true}>
        {alt ? <span className="sr-only">{alt}</span> : null}
        <span aria-hidden="true">{initialsOf(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
