import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { sharedLoad } from '@/lib/lazy-component';

/**
 * The one place toasts come from, without sonner in the first download nor in what a page
 * downloads until a toast is shown (decision 425): the Toaster (components/ui/toaster.tsx)
 * renders nothing until the first `toast.*`, which loads the Toaster's chunk and sonner (sonner
 * replays toasts raised before its Toaster subscribed). A failed download is tried again on the
 * next toast.
 */
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

/** For the Toaster: whether to mount, and when that changes. */
export const toastWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

type Kind = 'success' | 'error' | 'info' | 'warning';
function show(kind: Kind, message: string, options?: ExternalToast): void {
  want();
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => {
    if (wanted) void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};
