import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Drawer as DrawerPrimitive } from 'vaul';
import { cn } from '@/lib/cn';
import { overlayClass } from './dialog';

export const Drawer = DrawerPrimitive.Root;
export const DrawerTrigger = DrawerPrimitive.Trigger;
export const DrawerClose = DrawerPrimitive.Close;

/**
 * A bottom sheet (vaul, on Radix Dialog): focus trapped and returned, Escape closes, and a
 * visible close button so dragging is never the only way out (WCAG 2.5.7).
 */
export function DrawerContent({
  className,
  children,
  title,
  description,
  ...props
}: ComponentProps<typeof DrawerPrimitive.Content> & { title: ReactNode; description?: ReactNode }) {
  return (
    <DrawerPrimitive.Portal>
      <DrawerPrimitive.Overlay className={overlayClass} />
      <DrawerPrimitive.Content
        className={cn('fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-xl bg-surface focus:outline-none', className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-slate-300" />
        <div className="flex items-start justify-between gap-4 px-4 pt-3">
          <div>
            <DrawerPrimitive.Title className="text-lg font-semibold">{title}</DrawerPrimitive.Title>
            {description ? (
              <DrawerPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DrawerPrimitive.Description>
            ) : null}
          </div>
          <DrawerPrimitive.Close className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DrawerPrimitive.Close>
        </div>
        <div className="overflow-y-auto p-4">{children}</div>
      </DrawerPrimitive.Content>
    </DrawerPrimitive.Portal>
  );
}
