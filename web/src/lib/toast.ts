import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { sharedLoad } from '@/lib/lazy-component';

/**
 * The one place toasts come from, without sonner in the first download: `toast.*` waits for the
 * module the Toaster (components/ui/toaster.tsx) also loads, and sonner replays toasts raised
 * before its Toaster subscribed. A failed download is tried again on the next toast.
 */
// Not imported anew after a failure: the Toaster's chunk imports sonner too, and a second instance would not show this one's toasts.
const loadSonner: () => Promise<{ toast: typeof SonnerToast }> = sharedLoad(() => import('sonner'));

type Kind = 'success' | 'error' | 'info' | 'warning';
function show(kind: Kind, message: string, options?: ExternalToast): void {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id)),
};
