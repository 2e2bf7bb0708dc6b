import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}
