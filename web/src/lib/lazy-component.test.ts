import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { onlineManager } from '@tanstack/react-query';
import { failedModuleUrl, importAnew, loadWhenOnline, sharedLoad } from './lazy-component.ts';

/** A loader that fails `failures` times (as a module fetch with no network does), then loads. */
function flaky(failures: number) {
  const loader = {
    calls: 0,
    load: async () => {
      loader.calls += 1;
      if (loader.calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
      return 'module';
    },
  };
  return loader;
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
  ]);

describe('code loaded on demand through a dropped connection', () => {
  afterEach(() => onlineManager.setOnline(true));

  test('a fetch that failed offline waits for the connection, then loads', async () => {
    const loader = flaky(1);
    onlineManager.setOnline(false);
    const loading = loadWhenOnline(loader.load, []);
    assert.equal(await settled(loading), 'pending', 'offline, it waits');
    assert.equal(loader.calls, 1);
    onlineManager.setOnline(true);
    assert.equal(await loading, 'module');
    assert.equal(loader.calls, 2);
  });

  test('online, a failure is tried again after each pause, then rejects with the last error', async () => {
    const recovers = flaky(2);
    assert.equal(await loadWhenOnline(recovers.load, [0, 0]), 'module');
    assert.equal(recovers.calls, 3);
    const never = flaky(Infinity);
    await assert.rejects(loadWhenOnline(never.load, [0, 0]), { name: 'TypeError', message: 'Failed to fetch dynamically imported module' });
    assert.equal(never.calls, 3);
  });

  test('code that loads is loaded once', async () => {
    const loader = flaky(0);
    assert.equal(await loadWhenOnline(loader.load), 'module');
    assert.equal(loader.calls, 1);
  });
});

describe('a load shared by its callers', () => {
  test('callers share one load until it succeeds; after a failure the next call loads anew', async () => {
    const loader = flaky(1);
    const load = sharedLoad(loader.load);
    const [first, second] = await Promise.allSettled([load(), load()]);
    assert.equal(first.status, 'rejected');
    assert.equal(second.status, 'rejected');
    assert.equal(loader.calls, 1);
    assert.equal(await load(), 'module');
    assert.equal(await load(), 'module');
    assert.equal(loader.calls, 2);
  });
});

describe('an import whose failure does not stick', () => {
  const origin = 'http://pinstar.test';
  const failure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);
  const withLocation = (fn: () => Promise<void>) => async () => {
    Object.defineProperty(globalThis, 'location', { value: new URL(`${origin}/places/1`), configurable: true });
    try {
      await fn();
    } finally {
      Reflect.deleteProperty(globalThis, 'location');
    }
  };

  test(
    'the failed module is named from the browser’s message, only when it is of this origin',
    withLocation(async () => {
      assert.equal(failedModuleUrl(failure(`${origin}/assets/place-sections-Ab1.js`))?.href, `${origin}/assets/place-sections-Ab1.js`);
      assert.equal(
        failedModuleUrl(failure(`${origin}/assets/place-sections-Ab1.js?attempt=2`))?.href,
        `${origin}/assets/place-sections-Ab1.js`,
      );
      assert.equal(failedModuleUrl(failure('https://elsewhere.example/x.js')), null);
      assert.equal(failedModuleUrl(new TypeError('Importing a module script failed.')), null);
    }),
  );

  test('after a failure it imports the same file under a new URL; the module it got is kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-import-'));
    const file = pathToFileURL(path.join(dir, 'section-Ab1.js'));
    writeFileSync(file, 'export const url = import.meta.url;');
    Object.defineProperty(globalThis, 'location', { value: new URL(file), configurable: true });
    try {
      let plain = 0;
      const load = importAnew<{ url: string }>(async () => {
        plain += 1;
        throw failure(file.href);
      });
      await assert.rejects(load(), /section-Ab1\.js$/);
      assert.equal((await load()).url, `${file.href}?attempt=1`);
      assert.equal((await load()).url, `${file.href}?attempt=1`, 'one instance once it loaded');
      assert.equal(plain, 1, 'the plain import is not asked again');
    } finally {
      Reflect.deleteProperty(globalThis, 'location');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
