import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail } from './support/app-server.ts';
import { assertAccessible, assertNoHorizontalScroll, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { linesOfText } from './support/layout.ts';

interface Box {
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element is on screen');
  return box;
}

/** Links and buttons a finger can hit: at least 44 × 44 px. */
async function assertTouchTargets(bar: Locator, label: string): Promise<void> {
  for (const target of await bar.locator('a:visible, button:visible').all()) {
    const { width, height } = await boxOf(target);
    const name = (await target.textContent())?.trim();
    assert.ok(width >= 44 && height >= 44, `${label}: "${name}" is ${width}×${height} px`);
  }
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

// The app on a phone: a bottom tab bar under 768 px, bars that never wrap, the Explore drawer
// and its button, forms that phones and password managers understand, and dark mode.
describe('the app on a phone', () => {
  const app = useE2eApp({ demoData: true });

  test('at 320, 390 and 430 px the top bar and the tab bar are one line, targets 44 px, nothing scrolls sideways', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    // Each screen opened once at the narrowest width, then turned to each width.
    for (const [path, heading] of [
      ['/', 'Explore places'],
      ['/moderation/log', 'Moderation log'],
    ] as const) {
      await page.setViewportSize({ width: 320, height: 844 });
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await tabBar(page).getByRole('link', { name: 'Me' }).waitFor();
      for (const width of [320, 390, 430]) {
        await page.setViewportSize({ width, height: 844 });
        const label = `${path} at ${width} px`;
        await assertNoHorizontalScroll(page, label);
        const header = page.getByRole('banner');
        assert.ok((await boxOf(header)).height <= 57, `${label}: the top bar is one row`);
        assert.equal(await linesOfText(header), 1, `${label}: nothing in the top bar wraps`);
        assert.equal(await linesOfText(tabBar(page)), 1, `${label}: no tab label wraps`);
        assert.ok((await boxOf(tabBar(page))).height <= 57, `${label}: the tab bar is one row`);
        await assertTouchTargets(header, label);
        await assertTouchTargets(tabBar(page), label);
        assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'the desktop links are not shown');
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the tabs mark the current screen and lead to each one; a desktop keeps the top navigation', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    await page.goto('/');
    const tabs = tabBar(page);
    assert.equal(await tabs.getByRole('link').count(), 5);
    for (const [name, shown] of [
      ['Explore', 'Explore'],
      ['Lists', 'Lists'],
      ['Add a place', 'Add'],
      ['Moderation log', 'Log'],
      ['Me', 'Me'],
    ] as const) {
      const tab = tabs.getByRole('link', { name, exact: true });
      assert.equal(await tab.getByText(shown, { exact: true }).isVisible(), true, `the ${name} tab shows "${shown}"`);
      assert.equal(await tab.locator('svg').count(), 1, `the ${name} tab has an icon`);
    }
    assert.equal(await tabs.getByRole('link', { name: 'Explore' }).getAttribute('aria-current'), 'page');
    await tabs.getByRole('link', { name: 'Moderation log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'Moderation log' }).getAttribute('aria-current'), 'page');
    assert.equal(await tabs.getByRole('link', { name: 'Explore' }).getAttribute('aria-current'), null);
    await tabs.getByRole('link', { name: 'Me' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The top bar's search leads to Explore's search field, focused.
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search places' }).waitFor();
    await page.waitForFunction('document.activeElement?.getAttribute("type") === "search"');
    await page.setViewportSize(viewports.desktop);
    assert.equal(await tabs.isVisible(), false, 'no tab bar on a desktop');
    const main = page.getByRole('navigation', { name: 'Main' });
    assert.deepEqual(await main.getByRole('link').allInnerTexts(), ['Explore', 'Lists', 'Add a place', 'Moderation log']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a member’s tab bar adds Feed: six tabs on one line with 44 px targets from 320 px, Feed marked on the feed', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    const email = uniqueEmail('feedtab');
    await createMember(app.server, email, 'feed tab password 1', 'Fee Dtab');
    await page.goto('/auth/sign-in');
    await signInWithForm(page, email, 'feed tab password 1');
    const tabs = tabBar(page);
    await tabs.getByRole('link', { name: 'Feed' }).waitFor();
    assert.deepEqual(await tabs.getByRole('link').allInnerTexts(), ['Explore', 'Lists', 'Add', 'Feed', 'Log', 'Me']);
    for (const width of [320, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      const label = `member at ${width} px`;
      assert.equal(await linesOfText(tabs), 1, `${label}: no tab label wraps`);
      assert.ok((await boxOf(tabs)).height <= 57, `${label}: the tab bar is one row`);
      await assertTouchTargets(tabs, label);
      await assertNoHorizontalScroll(page, label);
    }
    await tabs.getByRole('link', { name: 'Feed' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your feed' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'Feed' }).getAttribute('aria-current'), 'page');
    await assertAccessible(page, 'feed with the tab bar');
    await page.setViewportSize(viewports.desktop);
    assert.deepEqual(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts(),
      ['Explore', 'Lists', 'Add a place', 'Moderation log'],
      'a desktop keeps the feed in the account menu',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('"Show list" is gone while the drawer is open and takes the focus back when it closes', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    await page.goto('/');
    const show = page.getByRole('button', { name: /^Show list \(\d+\)$/ });
    await show.click();
    const drawer = page.getByRole('dialog', { name: 'Places' });
    await drawer.getByRole('list', { name: 'Places' }).waitFor();
    await show.waitFor({ state: 'hidden' });
    const cards = await drawer.getByRole('listitem').all();
    const drawerTop = (await boxOf(drawer)).height;
    assert.ok(drawerTop > 0 && cards.length > 0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await show.waitFor();
    await page.waitForFunction('document.activeElement?.textContent?.startsWith("Show list")');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('auth and account fields tell phones and password managers what they hold', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    const attributes = (field: Locator) =>
      field.evaluate((el) => ({
        type: el.getAttribute('type'),
        autocomplete: el.getAttribute('autocomplete'),
        inputmode: el.getAttribute('inputmode'),
        enterkeyhint: el.getAttribute('enterkeyhint'),
      }));
    await page.goto('/auth/sign-in');
    assert.deepEqual(await attributes(page.getByLabel('Email')), {
      type: 'email',
      autocomplete: 'username',
      inputmode: 'email',
      enterkeyhint: 'next',
    });
    assert.deepEqual(await attributes(page.getByLabel('Password', { exact: true })), {
      type: 'password',
      autocomplete: 'current-password',
      inputmode: null,
      enterkeyhint: 'go',
    });
    await page.goto('/auth/sign-up');
    assert.equal((await attributes(page.getByLabel('Email'))).autocomplete, 'username');
    assert.equal((await attributes(page.getByLabel('Password', { exact: true }))).autocomplete, 'new-password');
    await page.goto('/auth/forgot-password');
    assert.equal((await attributes(page.getByLabel('Email'))).enterkeyhint, 'send');
    const email = uniqueEmail('fields');
    await createMember(app.server, email, 'fields password 1', 'Fi Elds');
    await page.goto('/auth/sign-in?next=%2Fsettings');
    await signInWithForm(page, email, 'fields password 1');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    assert.equal((await attributes(page.getByLabel('New email'))).autocomplete, 'email');
    assert.equal((await attributes(page.getByLabel('New password', { exact: true }))).autocomplete, 'new-password');
    assert.equal((await attributes(page.getByLabel('Current password'))).autocomplete, 'current-password');
    assert.equal((await attributes(page.getByLabel('Username'))).autocomplete, 'off', 'the handle is not the sign-in name');
    // The new password is saved against this account's sign-in name.
    const owner = page.locator('input[autocomplete="username"]');
    assert.equal(await owner.inputValue(), email);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('dark mode: follows the system before the first paint, the account menu switches System, Light and Dark, axe passes in both', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Before any module has run, the page is dark already (no flash of the light theme).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    assert.equal(await page.evaluate('document.documentElement.classList.contains("dark")'), true);
    assert.equal(await page.evaluate('getComputedStyle(document.body).backgroundColor'), 'rgb(2, 6, 23)');
    release();
    await page.getByRole('button', { name: /^Show list/ }).waitFor();
    await page.unroute(/\/assets\/[^/]+\.js$/);
    const place = (await app.server.admin().from('places').select('id').eq('name', 'Hyde Park').single()).data;
    assert.ok(place);
    // Each screen opened once, then checked in each scheme at each size.
    for (const [path, name, ready] of [
      ['/', 'Explore', () => page.getByRole('heading', { name: 'Explore places' }).waitFor()],
      [`/places/${place.id}`, 'place', () => page.getByRole('heading', { name: 'Rating' }).waitFor()],
      ['/moderation/log', 'moderation log', () => page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor()],
      ['/auth/sign-in', 'sign-in', () => page.getByRole('heading', { name: 'Sign in' }).waitFor()],
    ] as const) {
      await page.goto(path);
      for (const scheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of [viewports.mobile, viewports.desktop]) {
          await page.setViewportSize(size);
          await ready();
          await assertAccessible(page, `${name}, ${scheme}, ${size.width} px`);
        }
      }
    }
    // The switch: under a dark system, Light wins and is remembered on this device; System follows it again.
    await page.emulateMedia({ colorScheme: 'dark' });
    const email = uniqueEmail('theme');
    await createMember(app.server, email, 'theme password 1', 'Thea Dark');
    await page.goto('/auth/sign-in?next=%2Fsettings');
    await signInWithForm(page, email, 'theme password 1');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await assertAccessible(page, 'settings, dark');
    const menu = page.getByRole('button', { name: /Account menu for/ });
    const isDark = () => page.evaluate<boolean>('document.documentElement.classList.contains("dark")');
    await menu.click();
    assert.equal(await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked'), 'true');
    await assertAccessible(page, 'account menu, dark');
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    assert.equal(await isDark(), false);
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    assert.equal(await isDark(), false, 'the choice is remembered');
    await menu.click();
    assert.equal(await page.getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked'), 'true');
    await assertAccessible(page, 'account menu, light');
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await isDark(), true, 'Dark holds under a light system');
    await menu.click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    assert.equal(await isDark(), false, 'System follows the light system again');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction('document.documentElement.classList.contains("dark")');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
