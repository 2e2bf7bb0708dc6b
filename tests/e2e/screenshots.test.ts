import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { signInWithForm } from './support/app-server.ts';
import { viewports, type TrackedPage } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { assertNoElementOverflows, linesOfText } from './support/layout.ts';

/** Where the screenshots go (ignored by git): test-results/screenshots/<screen>-<size>-<theme>.png. */
export const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's header (IHDR is always the first chunk). */
function pngSize(file: Buffer): { width: number; height: number } {
  assert.ok(file.subarray(0, 8).equals(pngSignature), 'a PNG signature');
  assert.equal(file.subarray(12, 16).toString('ascii'), 'IHDR');
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

/** Waits until the page shows the emulated scheme and its colour transitions have ended. */
async function settleTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(`document.documentElement.classList.contains('dark') === ${scheme === 'dark'}`);
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)))`,
  );
}

const placeName = 'Monmouth Coffee Company';
/** A demo member (README's accounts) who follows others, has unread notifications and has not reviewed the place. */
const member = { email: 'emma@pinstar.local', password: 'pinstar-demo-5', name: 'Emma Rossi' };
/** Another member, whose profile is shown. */
const profile = { username: 'chloe', name: 'Chloé Martin' };

// The first screens a person sees, on a phone and on a desktop, in both themes, signed in as a
// demo member so that the feed and the bell show the demo community: screenshots kept as
// evidence of how they look, and a check at narrow phone widths that nothing spills sideways
// and both bars stay one line.
describe('screenshots and narrow widths of the main screens', () => {
  const app = useE2eApp({ demoData: true });

  async function signedIn(viewport: { width: number; height: number }): Promise<TrackedPage> {
    const tracked = await app.openPage(viewport);
    await tracked.page.goto('/auth/sign-in?next=%2Fmoderation%2Flog');
    await signInWithForm(tracked.page, member.email, member.password);
    await tracked.page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    // The welcome toast is not part of the screens: it goes away by itself.
    await tracked.page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    return tracked;
  }

  async function placePath(): Promise<string> {
    const { data, error } = await app.server.admin().from('places').select('id').eq('name', placeName).single();
    assert.equal(error, null);
    return `/places/${data!.id}`;
  }

  /** Each screen: how to open it, ready to be looked at. */
  function screens(place: string): [string, (page: Page) => Promise<void>][] {
    return [
      [
        'explore',
        async (page) => {
          await page.goto('/');
          await page.getByRole('heading', { level: 1, name: 'Explore places' }).waitFor();
          await page
            .getByRole('region', { name: /Map of places/ })
            .locator('.leaflet-marker-icon')
            .first()
            .waitFor();
        },
      ],
      [
        'place',
        async (page) => {
          await page.goto(place);
          await page.getByRole('heading', { level: 1, name: placeName }).waitFor();
          await page.getByRole('button', { name: 'Write a review' }).waitFor();
        },
      ],
      [
        // the same place further down: its picture, its rating and the first reviews
        'place-reviews',
        async (page) => {
          await page.goto(place);
          await page.getByRole('heading', { level: 2, name: 'Reviews' }).waitFor();
          await page.locator('main article[id^="review-"]').first().waitFor();
          const picture = page.locator('main img[alt^="Illustration: "]').first();
          await picture.evaluate((img) => img.scrollIntoView({ block: 'start' }));
          await page.waitForFunction(
            `(() => { const img = document.querySelector('main img[alt^="Illustration: "]'); return img !== null && img.complete && img.naturalWidth > 0; })()`,
          );
        },
      ],
      [
        'profile',
        async (page) => {
          await page.goto(`/u/${profile.username}`);
          await page.getByRole('heading', { level: 1, name: profile.name }).waitFor();
          await page.getByRole('heading', { level: 2, name: 'Reviews' }).waitFor();
        },
      ],
      [
        'feed',
        async (page) => {
          await page.goto('/feed');
          await page.getByRole('heading', { level: 1, name: 'Your feed' }).waitFor();
          await page.locator('main li article').first().waitFor();
        },
      ],
      [
        'notifications',
        async (page) => {
          await page.goto('/notifications');
          await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
          await page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
          // the bell in the top bar counts what is unread
          await page
            .getByRole('link', { name: /^Notifications, \d+ unread$/ })
            .first()
            .waitFor();
        },
      ],
      [
        'review-form',
        async (page) => {
          await page.goto(place);
          await page.getByRole('button', { name: 'Write a review' }).click();
          await page
            .getByRole('dialog', { name: `Review ${placeName}` })
            .getByLabel('Your review')
            .waitFor();
        },
      ],
      [
        'account-menu',
        async (page) => {
          await page.goto('/moderation/log');
          await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
          await page.getByRole('button', { name: /Account menu for/ }).click();
          await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
        },
      ],
      [
        'add-place',
        async (page) => {
          await page.goto('/places/new');
          await page.getByRole('heading', { level: 1, name: 'Add a place' }).waitFor();
          await page.getByRole('region', { name: 'Map to place the pin' }).locator('.leaflet-container').waitFor();
        },
      ],
      [
        'moderation-log',
        async (page) => {
          await page.goto('/moderation/log');
          await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
        },
      ],
    ];
  }

  test('saves phone and desktop screenshots of each screen, light and dark, as PNGs of the viewport size', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    const place = await placePath();
    for (const [size, viewport] of [
      ['phone', viewports.mobile],
      ['desktop', viewports.desktop],
    ] as const) {
      const { page, context, errors } = await signedIn(viewport);
      // Each screen opened once and shown in both schemes, as a member who switches theme sees it.
      for (const [screen, open] of screens(place)) {
        await open(page);
        for (const scheme of ['light', 'dark'] as const) {
          await settleTheme(page, scheme);
          const file = path.join(screenshotDir, `${screen}-${size}-${scheme}.png`);
          await page.screenshot({ path: file, animations: 'disabled' });
          assert.ok(statSync(file).size > 1000, `${file} is not empty`);
          assert.deepEqual(pngSize(readFileSync(file)), viewport, `${screen} on a ${size}, ${scheme}: the viewport's size`);
        }
        await page.keyboard.press('Escape');
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('at 320, 390 and 430 px no element spills past the screen and the top bar and the tab bar are one line', async () => {
    const place = await placePath();
    const { page, context, errors } = await signedIn(viewports.mobile);
    // Each screen opened once at the narrowest width, then turned to each width, as a phone
    // turning between sizes would: the layout answers the width it has, however it got there.
    for (const [screen, open] of screens(place)) {
      await page.setViewportSize({ width: 320, height: 844 });
      await open(page);
      for (const width of [320, 390, 430]) {
        await page.setViewportSize({ width, height: 844 });
        const label = `${screen} at ${width} px`;
        await assertNoElementOverflows(page, label);
        // By element, not role: an open dialog hides the page behind it from the accessibility tree.
        const header = page.locator('body > #root header').first();
        const tabs = page.locator('nav[aria-label="Tabs"]');
        assert.equal(await linesOfText(header), 1, `${label}: nothing in the top bar wraps`);
        assert.ok(((await header.boundingBox())?.height ?? Infinity) <= 57, `${label}: the top bar is one row`);
        assert.equal(await linesOfText(tabs), 1, `${label}: no tab label wraps`);
        assert.ok(((await tabs.boundingBox())?.height ?? Infinity) <= 57, `${label}: the tab bar is one row`);
      }
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
