import { Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { importAnew, lazyComponent, sharedLoad } from '@/lib/lazy-component';

/**
 * Toasts without sonner in the first download, nor in what a page downloads until a toast is
 * shown (decision 425): the Toaster renders nothing until the first `toast.*`, which loads
 * the Toaster's chunk and sonner (sonner replays toasts raised before its Toaster
 * subscribed). A failed download is tried again on the next toast.
 */
const SonnerToaster = lazyComponent(importAnew(() => import('./sonner-toaster')));

// Not imported anew after a failure: the Toaster's chunk imports sonner too, and a second instance would not show this one's toasts.
const loadSonner: () => Promise<{ toast: typeof SonnerToast }> = sharedLoad(() => import('sonner'));

/** Whether a toast was asked for: the Toaster mounts from then on. */
let wanted = false;
const listeners = new Set<() => void>();
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

type Kind = 'success' | 'error' | 'info' | 'warning';
function show(kind: Kind, message: string, options?: ExternalToast): void {
  want();
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

/** The one place toasts come from. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => {
    if (wanted) void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
