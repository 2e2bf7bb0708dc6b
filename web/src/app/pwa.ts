/**
 * Registers the service worker (decision 222), after the first paint and from its own chunk so
 * nothing of it is in the first download. When a new version is installed and waiting, a toast
 * offers to reload into it; until then the running version keeps serving.
 */
import { registerSW } from 'virtual:pwa-register';
import { toast } from '@/lib/toast';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    // No service worker (blocked, or a private window that refuses it): the app works online.
    onRegisterError: () => undefined,
    onNeedRefresh() {
      toast.info('A new version is ready', {
        id: 'app-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: 'Reload', onClick: () => void update(true) },
      });
    },
  });
}
