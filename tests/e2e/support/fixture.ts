import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
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
  /** A fresh browser context (own storage) and page on the app, recording console errors. */
  openPage(viewport?: { width: number; height: number }): Promise<TrackedPage>;
}

/**
 * The one setup every e2e suite shares: registers, in the calling `describe`, a `before` that
 * launches Chromium and starts the server with the built app (PGlite), and an `after` that
 * closes both. Hooks a suite adds afterwards (its own data) run after these.
 */
export function useE2eApp(options: E2eAppOptions = {}): E2eApp {
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  before(async () => {
    browser = await launchBrowser();
    const { demoData, ...appOptions } = options;
    server = demoData ? await startTestServer('pglite', { web: true }) : await startAppServer(appOptions);
  });
  after(async () => {
    await browser?.close();
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
    openPage(viewport = viewports.desktop) {
      return openPage(started(browser, 'browser'), started(server, 'server').url, viewport);
    },
  };
}
