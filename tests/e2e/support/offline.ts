import type { Page } from 'playwright-core';

/**
 * How many messages on the page say the connection is gone (the offline banner, a toast), in
 * either wording (`offlineBanner`), once two frames have been drawn since the change: what one
 * event shows is in the page by then.
 */
export async function offlineMessages(page: Page): Promise<number> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return page.getByText(/You(’re| are) offline|can’t reach Pinstar/).count();
}

/** Whether the member's kept cache (IndexedDB `pinstar-cache`) holds the answer of this query key. */
function keptScript(queryKey: unknown[]): string {
  return `(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'pinstar-cache')) return false;
    const db = await new Promise((resolve, reject) => { const r = indexedDB.open('pinstar-cache'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
    try {
      if (!db.objectStoreNames.contains('clients')) return false;
      const all = await new Promise((resolve) => { const g = db.transaction('clients').objectStore('clients').getAll(); g.onsuccess = () => resolve(g.result); });
      return all.some((c) => c.clientState.queries.some((q) => q.queryHash === ${JSON.stringify(JSON.stringify(queryKey))}));
    } finally { db.close(); }
  })()`;
}

/** Waits until the device keeps this answer (saved a moment after it arrives), or fails after 20 s. */
export async function kept(page: Page, queryKey: unknown[], expected = true): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await page.evaluate<boolean>(keptScript(queryKey))) !== expected) {
    if (Date.now() > deadline) throw new Error(`${JSON.stringify(queryKey)} is ${expected ? 'not' : 'still'} kept on the device`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The offline banner's words on this page: "You are offline" when the browser says the device is,
 * "We can’t reach Pinstar" when it says it is online but the server does not answer (a dead
 * connection, or a page a service worker served where the browser misreports it).
 */
export async function offlineBanner(page: Page, who: 'member' | 'visitor'): Promise<string> {
  const why = (await page.evaluate<boolean>('navigator.onLine')) ? 'We can’t reach Pinstar right now.' : 'You are offline.';
  const what =
    who === 'member'
      ? 'Starred places and your lists are available; new searches are not.'
      : 'Places you have opened are available; new searches are not.';
  return `${why} ${what}`;
}
