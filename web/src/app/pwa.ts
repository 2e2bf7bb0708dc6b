/**
 * Registers the service worker (decision 222), after the first paint and from its own chunk so
 * nothing of it is in the first download. When a new version is installed and waiting, a toast
 * offers to reload into it; until then the running version keeps serving. The browser's own
 * registration API does this directly (decision 426): the worker vite-plugin-pwa generates takes
 * over when it is sent `SKIP_WAITING`, and the page reloads once it controls the page.
 */
import { toast } from '@/lib/toast';

function offerUpdate(waiting: ServiceWorker): void {
  toast.info('A new version is ready', {
    id: 'app-update',
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: 'Reload',
      onClick: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        waiting.postMessage({ type: 'SKIP_WAITING' });
      },
    },
  });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  navigator.serviceWorker
    .register(`${base}sw.js`, { scope: base })
    .then((registration) => {
      // The first install has nothing to replace: only a version that follows a running one is offered.
      const running = () => navigator.serviceWorker.controller !== null;
      if (registration.waiting && running()) offerUpdate(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && running()) offerUpdate(installing);
        });
      });
    })
    // No service worker (blocked, or a private window that refuses it): the app works online.
    .catch(() => undefined);
}
