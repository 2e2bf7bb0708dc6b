import assert from 'node:assert/strict';
import { loadavg } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { repoRoot, startTestServer, type TestServer } from '../support/server.ts';
import { chunkSources, listChunks, readInitialBundle } from './bundle-size.ts';
import { describeDownloads, isCode, pageDownloads } from './page-bytes.ts';

// The built app (`npm test` builds web/ first), and its two download budgets for `/`
// (decisions 072 and 425): the initial JavaScript, gzipped, and everything the page's code
// weighs as Chromium receives it within 5 s on a desktop, the map included.
const goalKb = 180;
const totalGoalKb = 230;
const dist = path.join(repoRoot, 'web/dist');

const lazyOnly = [
  'node_modules/leaflet/',
  'node_modules/supercluster/',
  'node_modules/react-hook-form/',
  'node_modules/vaul/',
  'features/reviews/components/review-form',
  // Only members open the account menu; only toasts need sonner; only timestamps a tooltip.
  'node_modules/@radix-ui/react-dropdown-menu/',
  'node_modules/@radix-ui/react-tooltip/',
  'node_modules/sonner/',
  // The realtime client and Phoenix come after the first render (src/lib/lazy-realtime.ts).
  'node_modules/@supabase/realtime-js/',
  'node_modules/@supabase/phoenix/',
];

describe('web bundle', () => {
  test(`the initial JavaScript for / is at most ${goalKb} KB gzipped`, () => {
    const { files, gzipBytes } = readInitialBundle(dist);
    const kb = gzipBytes / 1024;
    process.stdout.write(`# initial JS for /: ${kb.toFixed(1)} KB gzipped in ${files.length} files (goal ${goalKb} KB)\n`);
    assert.ok(files.length > 0, 'index.html names its entry script');
    assert.ok(kb <= goalKb, `initial JS is ${kb.toFixed(1)} KB gzipped, over the ${goalKb} KB goal`);
  });

  test('the map (Leaflet, supercluster), the review form, the drawer, menus, toasts and the realtime client are not in the first download', () => {
    const { files } = readInitialBundle(dist);
    const initialSources = files.flatMap((file) => chunkSources(dist, file));
    for (const needle of lazyOnly) {
      assert.equal(
        initialSources.some((source) => source.includes(needle)),
        false,
        `${needle} must load on demand`,
      );
    }
    const lazyChunks = listChunks(dist).filter((file) => !files.includes(file));
    const lazySources = lazyChunks.flatMap((file) => chunkSources(dist, file));
    for (const needle of lazyOnly) {
      assert.ok(
        lazySources.some((source) => source.includes(needle)),
        `${needle} is in a lazy chunk`,
      );
    }
  });

  describe('in Chromium', () => {
    let server: TestServer;
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
      server = await startTestServer('pglite', { web: true });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    test(`the code / downloads on a 1280×800 desktop until its map is shown, is at most ${totalGoalKb} KB as received`, async () => {
      const { downloads, settledMs } = await pageDownloads(browser, `${server.url}/`, {
        viewport: { width: 1280, height: 800 },
        ready: '.leaflet-container',
      });
      const code = downloads.filter(isCode);
      const kb = code.reduce((sum, d) => sum + d.bytes, 0) / 1024;
      const rest = downloads.filter((d) => !isCode(d));
      process.stdout.write(
        `# / in Chromium until the map is shown and the network is quiet (${(settledMs / 1000).toFixed(1)} s): code ${kb.toFixed(1)} KB in ${code.length} files (goal ${totalGoalKb} KB), ` +
          `their headers ${(code.reduce((sum, d) => sum + d.headerBytes, 0) / 1024).toFixed(1)} KB; besides: ` +
          `${[...Map.groupBy(rest, (d) => d.type)].map(([type, of]) => `${type} ${(of.reduce((sum, d) => sum + d.bytes, 0) / 1024).toFixed(1)} KB in ${of.length}`).join(', ')} (load average ${loadavg()[0]?.toFixed(2)})\n`,
      );
      for (const line of describeDownloads(code)) process.stdout.write(`#   ${line}\n`);
      // The map's code is among what was counted, and the scripts arrived compressed.
      assert.ok(
        code.some((d) => /\/create-map-[\w-]+\.js$/.test(d.url)),
        'the map (Leaflet) was downloaded',
      );
      const react = code.find((d) => /\/react-dom-[\w-]+\.js$/.test(d.url));
      assert.ok(react && react.bytes < 70 * 1024, 'scripts arrive compressed');
      assert.ok(kb <= totalGoalKb, `/ downloads ${kb.toFixed(1)} KB of code, over the ${totalGoalKb} KB budget`);
    });
  });
});
