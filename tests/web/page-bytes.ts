import type { Browser, Request } from 'playwright-core';

export interface Download {
  url: string;
  /** Playwright's resource type: script, stylesheet, document, fetch, image, font… */
  type: string;
  /** The body's bytes as received: compressed where the server compressed it. */
  bytes: number;
  /** The response headers' bytes. */
  headerBytes: number;
  /** Milliseconds from the navigation's start to the response's end. */
  at: number;
}

/**
 * Everything a page downloads in Chromium until `ready` is on screen and the network has been
 * quiet for a second (decision 425) — on a quiet machine, what `/` downloads in its first 5 s;
 * waiting for the page instead of the clock keeps the count the same under load. Each
 * response's body as received (Playwright's `responseBodySize`: compressed where the server
 * compressed it) and its headers, in a fresh context (empty cache), as a first visit. The
 * service worker is blocked: its precache (the whole app, for offline use, fetched in the
 * background once it registers) is not what the page needs.
 */
export async function pageDownloads(
  browser: Browser,
  url: string,
  options: { viewport: { width: number; height: number }; ready: string; timeoutMs?: number },
): Promise<{ downloads: Download[]; settledMs: number }> {
  const context = await browser.newContext({ viewport: options.viewport, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const pending: Promise<Download | null>[] = [];
    let inFlight = 0;
    let lastActivity = 0;
    let started = 0;
    page.on('request', () => {
      inFlight++;
      lastActivity = performance.now();
    });
    page.on('requestfailed', () => {
      inFlight--;
      lastActivity = performance.now();
    });
    page.on('requestfinished', (request: Request) => {
      inFlight--;
      lastActivity = performance.now();
      const at = lastActivity - started;
      pending.push(
        request
          .sizes()
          .then((sizes) => ({
            url: request.url(),
            type: request.resourceType(),
            bytes: sizes.responseBodySize,
            headerBytes: sizes.responseHeadersSize,
            at,
          }))
          .catch(() => null),
      );
    });
    started = performance.now();
    const deadline = started + (options.timeoutMs ?? 60_000);
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .locator(options.ready)
      .first()
      .waitFor({ timeout: options.timeoutMs ?? 60_000 });
    while (inFlight > 0 || performance.now() - lastActivity < 1000) {
      if (performance.now() > deadline) throw new Error(`${url}: the network was not quiet within ${options.timeoutMs ?? 60_000} ms`);
      await page.waitForTimeout(50);
    }
    const settledMs = lastActivity - started;
    const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== null && !d.url.startsWith('data:'));
    return { downloads, settledMs };
  } finally {
    await context.close();
  }
}

/** The app's own code: its scripts, stylesheets and fonts (what a deploy ships), not the page or its data. */
export const isCode = (d: Download) => ['script', 'stylesheet', 'font'].includes(d.type);

/** One line per download, largest first. */
export function describeDownloads(downloads: Download[]): string[] {
  return downloads
    .toSorted((a, b) => b.bytes - a.bytes)
    .map((d) => `${(d.bytes / 1024).toFixed(1).padStart(7)} KB  ${d.type.padEnd(10)} ${new URL(d.url).pathname}`);
}
