import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../support/server.ts';
import { chunkSources, listChunks, readInitialBundle } from './bundle-size.ts';

// The built app (`npm test` builds web/ first). Goal from the issue: 200 KB gzipped for `/`
// (docs/decisions/072-initial-bundle.md).
const goalKb = 200;
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
];

describe('web bundle', () => {
  test(`the initial JavaScript for / is at most ${goalKb} KB gzipped`, () => {
    const { files, gzipBytes } = readInitialBundle(dist);
    const kb = gzipBytes / 1024;
    process.stdout.write(`# initial JS for /: ${kb.toFixed(1)} KB gzipped in ${files.length} files (goal ${goalKb} KB)\n`);
    assert.ok(files.length > 0, 'index.html names its entry script');
    assert.ok(kb <= goalKb, `initial JS is ${kb.toFixed(1)} KB gzipped, over the ${goalKb} KB goal`);
  });

  test('the map (Leaflet, supercluster), the review form, the drawer, menus and toasts are not in the first download', () => {
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
});
