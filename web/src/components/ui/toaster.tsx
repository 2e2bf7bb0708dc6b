import { Suspense } from 'react';
import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { importAnew, lazyComponent, sharedLoad } from '@/lib/lazy-component';

/**
 * Toasts without sonner in the first download: the Toaster's chunk starts loading with the
 * first render, and `toast.*` waits for the same module (sonner replays toasts raised before
 * its Toaster subscribed). A failed download is tried again on the next toast.
 */
const SonnerToaster = lazyComponent(importAnew(() => import('./sonner-toaster')));

// Not imported anew after a failure: the Toaster's chunk imports sonner too, and a second instance would not show this one's toasts.
const loadSonner: () => Promise<{ toast: typeof SonnerToast }> = sharedLoad(() => import('sonner'));

type Kind = 'success' | 'error' | 'info' | 'warning';
function show(kind: Kind, message: string, options?: ExternalToast): void {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

/** The one place toasts come from. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id)),
};

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
