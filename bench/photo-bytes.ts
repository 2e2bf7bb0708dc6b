import { chromium, type Page, type Request } from 'playwright-core';

/**
 * Photo bytes a page loads on a 390 × 844 phone at 3x (issue goal: `/` loads at most 25 % of
 * what it loaded when every picture was the full upload), used by `npm run bench:web`.
 * Per view it counts the bytes of every image from Storage (`/storage/v1/…`: place photos and
 * avatars, variants or originals), then fetches the originals of the same pictures once — what
 * the app drew before variants, when every image was the stored upload — and prints both and
 * their ratio. Self-contained (Playwright and fetch only) so that an older checkout can be
 * measured the same way.
 */
export interface PhotoView {
  label: string;
  /** Path of the page, opened on a fresh context (empty cache). */
  path: string;
  /** Press "Show list" on the phone's Explore and wait for the drawer's pictures. */
  showList?: boolean;
}

export interface PhotoBytes {
  label: string;
  requests: number;
  bytes: number;
  originals: number;
  originalBytes: number;
}

/** Every image in `scope` that is on screen has finished (a lazy one below stays unloaded). */
function pictureOnScreenLoaded(page: Page, scope: string): Promise<unknown> {
  return page.waitForFunction(
    `[...document.querySelectorAll(${JSON.stringify(`${scope} img`)})]
      .filter((image) => { const r = image.getBoundingClientRect(); return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; })
      .every((image) => image.complete)`,
    undefined,
    { timeout: 60_000 },
  );
}

/** Resolves once no Storage image has been in flight for `quietMs`. */
async function imagesSettled(page: Page, pending: () => number, quietMs = 750): Promise<void> {
  let quietSince = Date.now();
  for (;;) {
    if (pending() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/** The stored upload a Storage image URL draws (a `/render/image` variant's original, or itself). */
export function originalOf(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname.replace('/storage/v1/render/image/', '/storage/v1/object/')}`;
}

export async function measurePhotoBytes(base: string, views: PhotoView[], chromiumPath = '/usr/bin/chromium'): Promise<PhotoBytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true });
  const results: PhotoBytes[] = [];
  try {
    for (const view of views) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
        // every image request is the page's own (none answered by a worker's cache)
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const isPhoto = (request: Request) => request.resourceType() === 'image' && request.url().startsWith(`${base}/storage/v1/`);
      let inFlight = 0;
      const loaded: Promise<{ url: string; bytes: number }>[] = [];
      page.on('request', (request) => {
        if (isPhoto(request)) inFlight++;
      });
      page.on('requestfailed', (request) => {
        if (isPhoto(request)) inFlight--;
      });
      page.on('requestfinished', (request) => {
        if (!isPhoto(request)) return;
        loaded.push(
          request.sizes().then((sizes) => {
            inFlight--;
            return { url: request.url(), bytes: sizes.responseBodySize };
          }),
        );
      });
      await page.goto(`${base}${view.path}`, { waitUntil: 'networkidle' });
      await page.locator('main').waitFor();
      if (view.showList) {
        await page.getByRole('button', { name: /^Show list/ }).click();
        await page.getByRole('dialog').waitFor();
        // the list's cards (with their pictures, where the app draws them)
        await page.waitForFunction(`document.querySelectorAll('[role="dialog"] article').length > 0`, undefined, { timeout: 60_000 });
        // the drawer slides up: its cards are on screen once its transition has ended
        await page.evaluate(`Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))`);
        await pictureOnScreenLoaded(page, '[role="dialog"]');
      }
      await pictureOnScreenLoaded(page, 'body');
      await imagesSettled(page, () => inFlight);
      const images = await Promise.all(loaded);
      const originals = [...new Set(images.map((image) => originalOf(image.url)))];
      let originalBytes = 0;
      for (const original of originals) originalBytes += (await (await fetch(original)).arrayBuffer()).byteLength;
      results.push({
        label: view.label,
        requests: images.length,
        bytes: images.reduce((sum, image) => sum + image.bytes, 0),
        originals: originals.length,
        originalBytes,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

export function formatPhotoBytes(result: PhotoBytes, goal = 0.25): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ratio = result.originalBytes > 0 ? result.bytes / result.originalBytes : Number.NaN;
  const verdict = Number.isNaN(ratio)
    ? 'no photos'
    : `${(ratio * 100).toFixed(1)} % of them (goal ≤ ${goal * 100} %: ${ratio <= goal ? 'met' : 'not met'})`;
  return `${result.label.padEnd(36)} photos on a 390×844 phone (3x): ${kb(result.bytes)} in ${result.requests} requests; the same photos as originals ${kb(result.originalBytes)} in ${result.originals} files; ${verdict}`;
}
