/**
 * Imported by the service worker (vite.config.ts, decision 390). Pages are network first and
 * kept under one key, `/` (every route is served the same page), but only a navigation the
 * worker handles stores one; a visitor who opened the app once and went offline had none. So
 * when a worker takes over, it asks the server for the page as it writes it now (its settings,
 * the anon key) and keeps that copy until a navigation online replaces it. It is never
 * precached: a precached page would be served before the network and freeze those settings.
 */
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch('/', { cache: 'no-cache', credentials: 'same-origin' });
      if (!response.ok) return;
      const cache = await caches.open('pinstar-page');
      await cache.put('/', response);
    })().catch(() => undefined),
  );
});
