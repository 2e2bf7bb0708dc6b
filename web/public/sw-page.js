/**
 * Imported by the service worker (vite.config.ts, decision 390). Pages are network first and
 * kept under one key, `/` (every route is served the same page), but only a navigation the
 * worker handles stores one; a visitor who opened the app once and went offline had none. So
 * the worker asks the server for the page as it writes it now (its settings, the anon key) and
 * keeps that copy until a navigation online replaces it. It is never precached: a precached page
 * would be served before the network and freeze those settings.
 *
 * The first install keeps it before the worker is installed, so a worker that is active always
 * has it (Chromium may report a worker activated while its activate event's work still runs).
 * A later version's install leaves the running version's copy alone (a newer page beside the
 * older version's precached scripts would not start offline); it replaces it once it takes over.
 */
async function keepPage(onlyIfNone) {
  const cache = await caches.open('pinstar-page');
  if (onlyIfNone && (await cache.match('/'))) return;
  const response = await fetch('/', { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) return;
  await cache.put('/', response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepPage(true).catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(keepPage(false).catch(() => undefined));
});
