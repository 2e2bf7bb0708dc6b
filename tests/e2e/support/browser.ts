import assert from 'node:assert/strict';
import { accessSync, constants } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The tests' pages run their JavaScript on V8's interpreter and its baseline compiler (Sparkplug)
 * alone, as the test processes' WebAssembly runs on Liftoff alone (decision 447): a test's page
 * lives a few seconds, too short to earn back what Maglev and TurboFan spend compiling on the
 * side. The same code runs, with the same results; measured, the browser suites spent about 5 %
 * less CPU (decision 462).
 */
const baselineJavaScript = '--js-flags=--max-opt=1';

/** Flags that keep headless Chromium quiet and light on a shared 2-core machine. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
  baselineJavaScript,
];

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests drive: `CHROMIUM_PATH` when set; else Debian's headless shell (package
 * `chromium-headless-shell`, the same Chromium build without the desktop browser around it, what
 * Playwright itself runs headless tests on), on which the browser suites spent about a third less
 * CPU; else Debian's `chromium` (decision 456).
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    accessSync(headlessShell, constants.X_OK);
    return headlessShell;
  } catch {
    return '/usr/bin/chromium';
  }
}

/**
 * Launches headless Chromium (`chromiumPath()`). `asUsersRunIt`: with V8's optimising compilers,
 * as a user's browser runs the app, for a benchmark that times it.
 */
export function launchBrowser(options: { asUsersRunIt?: boolean } = {}): Promise<Browser> {
  const args = options.asUsersRunIt ? chromiumArgs.filter((arg) => arg !== baselineJavaScript) : chromiumArgs;
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh context (own storage) and page that records console errors and page crashes. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<TrackedPage> {
  // Service workers are blocked: requests a worker makes pass by `page.route`, which suites use
  // to hold responses back. tests/e2e/pwa.test.ts opens its own contexts with them allowed.
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // Map tiles come from another origin, unreachable on a machine without internet; the app
    // falls back to its bundled basemap, so their load failures are not app errors.
    const external = !message.location().url.startsWith(baseURL);
    if (message.type() === 'error' && !(external && message.text().startsWith('Failed to load resource'))) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  // Generous: the suite shares two cores with the rest of `npm test`.
  page.setDefaultTimeout(20_000);
  page.setDefaultNavigationTimeout(30_000);
  return { page, context, errors };
}

/** Fails on any axe violation of serious or critical impact (WCAG 2.x A/AA rules). */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  // Colours mid-transition (a card's `transition-colors` after the colour scheme changes) are
  // neither scheme's: check the page once its transitions have ended. A string: the tests are
  // compiled without the DOM's types.
  // The app follows the system's scheme from a media-query listener, a moment after the test
  // emulates it: check once the page shows the scheme it follows (its own choice when the
  // member made one), and once its transitions have ended.
  await page.waitForFunction(
    `(() => { const chosen = localStorage.getItem('pinstar-theme'); const dark = chosen ? chosen === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches; return document.documentElement.classList.contains('dark') === dark; })()`,
  );
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)))`,
  );
  // Contrast is judged at rest: a toast that arrives while axe reads the page would be read
  // half-faded in. With reduced motion asked for, toasts (sonner) appear in their final colours
  // at once, as a member who asks for it sees them.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Legacy mode: axe.run in the page itself. The default runs each frame apart and then joins
  // the parts in a new blank page it opens for every scan, which only cross-origin frames need;
  // the app has no frames (checked here, so a frame added later cannot go unscanned). Same rules
  // and results, about half the time (0.71 → 0.38 s on Explore).
  assert.equal(page.frames().length, 1, `${label}: the page has frames; scan them with axe's default mode`);
  // Only violations are read: axe then skips collecting every passing and inapplicable node, and
  // runs the same rules with the same violations, every failing node listed (Explore, with and
  // without five planted violations: 0.48 → 0.36 s of CPU a scan). Before `withTags`: `options`
  // replaces the whole options object, tags included.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    [],
    `${label}: axe found serious or critical violations`,
  );
}

/**
 * Closes the toasts on screen (they are not part of the screen under test, and go away by
 * themselves). The close buttons are pressed in one step in the page: a button located first and
 * clicked after could leave with its toast in between, and a pointer click would then wait for
 * a button that is gone.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.evaluate(`document.querySelectorAll('[data-sonner-toast] [data-close-button]').forEach((button) => button.click())`);
  await page.waitForFunction(`document.querySelectorAll('[data-sonner-toast]').length === 0`);
}

/** The page must not scroll sideways at its current viewport. */
export async function assertNoHorizontalScroll(page: Page, label: string): Promise<void> {
  // A string, since the test tsconfig has no DOM types.
  const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
  );
  assert.ok(scrollWidth <= clientWidth, `${label}: page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
}

/** Checks a screen at both reference viewports: no horizontal scroll, no blocking axe violation. */
export async function checkScreen(page: Page, label: string, ready: () => Promise<void>): Promise<void> {
  for (const [name, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await ready();
    await assertNoHorizontalScroll(page, `${label} at ${name}`);
    await assertAccessible(page, `${label} at ${name}`);
  }
}

/**
 * Waits up to 5 s for the focus to reach the element whose `aria-label` is `label`: Radix's
 * focus scope gives focus back to a dialog's trigger in the task after the dialog unmounts, so
 * read at once it may still be on the body.
 */
export async function waitForFocusOn(page: Page, label: string): Promise<void> {
  await page.waitForFunction(`document.activeElement?.getAttribute('aria-label') === ${JSON.stringify(label)}`, undefined, {
    timeout: 5_000,
  });
}
