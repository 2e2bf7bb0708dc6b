import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { twMerge } from 'tailwind-merge';
import { mergeClasses } from '../../web/src/lib/merge-classes.ts';
import { repoRoot } from '../support/server.ts';

// `cn()` merges with web/src/lib/merge-classes.ts instead of tailwind-merge (a first-download
// saving). tailwind-merge is the reference: for every ordered pair of classes the built
// stylesheet has (every utility the app uses, with its variants), both must keep the same.
const assets = path.join(repoRoot, 'web/dist/assets');

function utilitiesInBuild(): string[] {
  const css = readdirSync(assets)
    .filter((name) => name.endsWith('.css'))
    .map((name) => readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');
  const names = new Set<string>();
  for (const match of css.matchAll(/\.((?:\\.|[a-zA-Z0-9_-])+)/g)) names.add((match[1] ?? '').replace(/\\(.)/g, '$1'));
  // Leaflet's and the map's own classes and numbers out of decimals are not utilities.
  return [...names].filter((name) => /^-?[a-z]/.test(name) && !/^(leaflet|pinstar|lucide)/.test(name)).sort();
}

describe('cn() class merging', () => {
  test('keeps what tailwind-merge keeps for every pair of the app’s utilities', () => {
    const utilities = utilitiesInBuild();
    assert.ok(utilities.length > 300, `the built stylesheet lists the app's utilities (${utilities.length})`);
    const mismatches: string[] = [];
    for (const first of utilities) {
      for (const second of utilities) {
        const input = `${first} ${second}`;
        const expected = twMerge(input);
        const actual = mergeClasses(input);
        if (actual !== expected) mismatches.push(`"${input}": tailwind-merge "${expected}", cn "${actual}"`);
      }
    }
    assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} pairs differ`);
  });

  test('merges the app’s own combinations like tailwind-merge', () => {
    const cases = [
      'inline-flex min-h-9 items-center gap-2 rounded-md px-4 text-sm font-medium bg-brand-600 text-white min-h-8 px-3 text-xs',
      'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm min-h-9 w-auto py-1',
      'size-9 px-0 w-full',
      'p-4 px-2 py-1 p-3',
      'hidden md:block md:hidden flex',
      'text-slate-600 text-xs text-sm text-white',
      'hover:bg-slate-100 hover:bg-transparent focus:outline-none focus-visible:outline-2',
      'border-b last:border-b-0 border-slate-200 border-r',
      'custom-class custom-class px-2',
    ];
    for (const input of cases) assert.equal(mergeClasses(input), twMerge(input), input);
  });
});
