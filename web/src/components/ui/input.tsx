import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const fieldControlClass =
  'block w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldControlClass, 'min-h-10', className)} {...props} />;
}
