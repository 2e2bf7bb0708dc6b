import { after, afterEach, before, beforeEach } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { startAppServer, type AppServerOptions } from './app-server.ts';
import { launchBrowser, openPage, viewports, type TrackedPage } from './browser.ts';

export interface E2eAppOptions extends AppServerOptions {
  /** The app's own project as shipped, demo data included (seed.sql); otherwise an empty database. */
  demoData?: boolean;
}

export interface E2eApp {
  /** The server serving the built app; available from the first test (and in later `before` hooks). */
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * A fresh browser context (own storage) and page on the app, recording console errors. One a
   * test opens is closed when the test ends, unless `keepForLaterTests` keeps it.
   */
  openPage(viewport?: { width: number; height: number }): Promise<TrackedPage>;
  /** Keeps a page the running test opened for the file's later tests; it closes with the browser. */
  keepForLaterTests(tracked: TrackedPage): TrackedPage;
}

/**
 * One Chromium for every e2e file the process runs (`npm test` runs them two to a process,
 * decision 460), launched when the first needs it. Each file works in contexts of its own
 * (storage, cache, service workers), closed when its suite ends; the browser closes after the
 * process's last file, in a hook at the top level added when this module first loads, so before
 * the leak guard's check (decision 455).
 */
let processBrowser: Promise<Browser> | null = null;
after(async () => {
  await (await processBrowser?.catch(() => null))?.close();
});
function sharedBrowser(): Promise<Browser> {
  processBrowser ??= launchBrowser();
  return processBrowser;
}

/**
 * The one setup every e2e suite shares: registers, in the calling `describe`, a `before` that
 * starts the server with the built app (PGlite) and opens the process's Chromium, and an
 * `after` that closes the server and every context the suite opened. Hooks a suite adds
 * afterwards (its own data) run after these.
 */
export function useE2eApp(options: E2eAppOptions = {}): E2eApp {
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  // Pages a test opens are closed once it ends: a page left open keeps running the app (its
  // timers, its live channel, its renders) beside every later test of the file, which cost one
  // file a quarter of its CPU. Pages opened in a `before` hook, or kept by `keepForLaterTests`,
  // stay until the file ends.
  let testRunning = false;
  const openedByTest = new Set<BrowserContext>();
  beforeEach(() => {
    testRunning = true;
  });
  afterEach(async () => {
    testRunning = false;
    const contexts = [...openedByTest];
    openedByTest.clear();
    await Promise.all(contexts.map((context) => context.close()));
  });
  before(async () => {
    browser = await sharedBrowser();
    const { demoData, ...appOptions } = options;
    server = demoData ? await startTestServer('pglite', { web: true }) : await startAppServer(appOptions);
  });
  after(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await server?.close();
  });
  const started = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`the e2e ${what} is not started yet: use it inside a test or a later before hook`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async openPage(viewport = viewports.desktop) {
      const tracked = await openPage(started(browser, 'browser'), started(server, 'server').url, viewport);
      if (testRunning) openedByTest.add(tracked.context);
      return tracked;
    },
    keepForLaterTests(tracked) {
      openedByTest.delete(tracked.context);
      return tracked;
    },
  };
}
