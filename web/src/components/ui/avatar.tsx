import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';

const sizes = { sm: 'size-8 text-xs', md: 'size-12 text-base', lg: 'size-24 text-2xl' } as const;

/** A round picture with the person's initials as the fallback. `alt` is empty when the name is shown beside it. */
export function Avatar({
  src,
  name,
  alt = '',
  size = 'md',
  className,
}: {
  src?: string | null;
  name: string;
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700 select-none',
        sizes[size],
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback delayMs={src ? 300 : 0} aria-hidden={alt ? undefined : true}>
        {alt ? <span className="sr-only">{alt}</span> : null}
        <span aria-hidden="true">{initialsOf(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
