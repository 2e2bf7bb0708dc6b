import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { repoRoot, type TestServer } from '../support/server.ts';
import { startAppServer } from './support/app-server.ts';
import { chromiumArgs, chromiumPath, launchBrowser, viewports } from './support/browser.ts';

/** Resolves once a service worker controls the page (a reload after the first visit). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(`navigator.serviceWorker.ready.then(() => true)`);
  await page.reload();
  await page.waitForFunction(`navigator.serviceWorker.controller !== null`);
}

// The installable app: its manifest and icons, a service worker that opens every route with the
// network off, and the prompt a new deployment brings. The app is served from a copy of
// web/dist, so a test can deploy a new version of the service worker.
describe('installable app', () => {
  let dist = '';
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  before(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pinstar-dist-'));
    cpSync(path.join(repoRoot, 'web/dist'), dist, { recursive: true });
    server = await startAppServer({ webDist: dist });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('the manifest names the app, its icons (maskable too), colours and shortcuts', async () => {
    const html = await (await fetch(server.url)).text();
    assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest" \/>/);
    assert.match(html, /<meta name="theme-color" content="#e11d48" \/>/);
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    assert.equal(response.headers.get('content-type'), 'application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { short_name: string; url: string }[];
    };
    assert.equal(manifest.short_name, 'Pinstar');
    assert.equal(manifest.start_url, '/');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#e11d48');
    assert.deepEqual(
      manifest.shortcuts.map((s) => [s.short_name, s.url]),
      [
        ['Explore', '/'],
        ['Starred', '/starred'],
        ['Add place', '/places/new'],
      ],
    );
    const png = manifest.icons.filter((icon) => icon.src.endsWith('.png'));
    assert.deepEqual(
      png.map((icon) => [icon.sizes, icon.purpose]),
      [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ],
    );
    for (const icon of png) {
      const file = await fetch(`${server.url}${icon.src}`);
      assert.equal(file.headers.get('content-type'), 'image/png');
      const bytes = Buffer.from(await file.arrayBuffer());
      const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      assert.equal(`${width}x${height}`, icon.sizes, `${icon.src} is the size it says`);
    }
  });

  test("Chromium's installability checks, the ones Lighthouse's installable-manifest audit ran, find nothing missing", async () => {
    // A profile of its own: Chromium reports every page of an incognito context as not installable.
    const profile = mkdtempSync(path.join(tmpdir(), 'pinstar-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: chromiumArgs,
      baseURL: server.url,
      viewport: viewports.mobile,
      locale: 'en-US',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      assert.equal(manifest.url, `${server.url}/manifest.webmanifest`);
      assert.deepEqual(manifest.errors, [], 'the manifest parses without errors');
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      assert.deepEqual(
        installabilityErrors.map((error) => error.errorId),
        [],
      );
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('once opened, every route opens with the network off; index.html is never precached', async () => {
    const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    assert.doesNotMatch(sw, /url:"index\.html"/, 'the page (with the anon key the server writes) is not precached');
    const context = await browser.newContext({ baseURL: server.url, viewport: viewports.mobile, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await controlled(page);
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await context.setOffline(true);
    await page.goto('/auth/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto('/places/new');
    await page.getByRole('navigation', { name: 'Tabs' }).waitFor();
    await page.goto('/lists');
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Lists' }).waitFor();
    await context.setOffline(false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('opened once and left alone, the app opens offline with its banner; online, the page is the server’s fresh one', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: viewports.mobile, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    // The visitor does nothing else: the worker installs and takes over in the background.
    await page.waitForFunction(`navigator.serviceWorker.ready.then((r) => r.active.state === 'activated')`);
    assert.equal(await page.evaluate<boolean>(`navigator.serviceWorker.controller === null`), true, 'no navigation was ever controlled');
    // A worker that is active has a copy of the page: its first install kept one (public/sw-page.js).
    assert.equal(
      await page.evaluate<string>(`caches.open('pinstar-page').then((c) => c.match('/')).then((r) => (r ? String(r.status) : 'none'))`),
      '200',
      'a copy of the page is on the device once the worker is active',
    );

    await context.setOffline(true);
    // What the page says when the device is offline, or only the server out of reach (a document
    // the worker serves may report navigator.onLine true in some Chromium builds).
    const banner = async () =>
      (await page.evaluate<boolean>('navigator.onLine'))
        ? 'We can’t reach Pinstar right now. Places you have opened are available; new searches are not.'
        : 'You are offline. Places you have opened are available; new searches are not.';
    await page.reload();
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: await banner() })
      .waitFor();
    await page.goto('/places/00000000-0000-4000-8000-000000000000');
    await page
      .getByRole('status')
      .filter({ hasText: await banner() })
      .waitFor();
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).waitFor();
    await page.goto('/lists');
    await page.getByRole('navigation', { name: 'Tabs' }).waitFor();

    // Online, navigations are network first: a change of the page on the server shows at once,
    // and is the copy the next offline start opens.
    await context.setOffline(false);
    const mark = `deployed-${Date.now()}`;
    const index = path.join(dist, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', `<meta name="deployment" content="${mark}"></head>`));
    const deployment = () => page.locator('meta[name="deployment"]').getAttribute('content');
    await page.goto('/');
    assert.equal(await deployment(), mark);
    assert.equal(await page.locator('meta[name="pinstar-page-from-device"]').count(), 0, 'online, the page came from the server');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    assert.equal(await deployment(), mark);
    assert.equal(await page.locator('meta[name="pinstar-page-from-device"]').count(), 1, 'offline, the kept copy');
    await context.setOffline(false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a new deployment shows "A new version is ready" with Reload, which switches to it', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: viewports.desktop, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    const first = await page.evaluate<string>(`navigator.serviceWorker.controller.scriptURL`);
    // Deploy: the service worker's file changes (as a build with new assets changes it).
    appendFileSync(path.join(dist, 'sw.js'), `\n// deployed ${Date.now()}\n`);
    await page.evaluate(`navigator.serviceWorker.getRegistration().then((r) => r.update())`);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'A new version is ready' });
    await toast.waitFor();
    const controllerChanged = page.evaluate(
      `new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true)))`,
    );
    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Reload' }).click(), controllerChanged]);
    await page.waitForFunction(`navigator.serviceWorker.controller !== null`);
    assert.equal(await page.evaluate<string>(`navigator.serviceWorker.controller.scriptURL`), first);
    assert.equal(await page.evaluate<boolean>(`navigator.serviceWorker.getRegistration().then((r) => r.waiting === null)`), true);
    await context.close();
  });
});
