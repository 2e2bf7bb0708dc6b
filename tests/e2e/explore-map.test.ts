import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail } from './support/app-server.ts';
import { assertAccessible, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

const isFocused = (locator: Locator) => locator.evaluate((el) => el.ownerDocument.activeElement === el);

/** The map's view as the URL holds it. */
function viewOf(page: Page): { lat: number; lng: number; zoom: number } {
  const params = new URL(page.url()).searchParams;
  return { lat: Number(params.get('lat')), lng: Number(params.get('lng')), zoom: Number(params.get('z')) };
}

// Explore's map on a desktop: a pin opens a preview of its place (pointer and keyboard), and a
// search brings all its results into view.
describe('the Explore map', () => {
  const app = useE2eApp({ demoData: true });

  async function placeWithCover() {
    const { data, error } = await app.server
      .admin()
      .from('places')
      .select('id, name, lat, lng, cover_photo_path')
      .not('cover_photo_path', 'is', null)
      .order('name')
      .limit(1)
      .single();
    assert.equal(error, null);
    return data!;
  }

  test('a pin opens a preview: name, rating, cover photo, View place and Save; Enter opens it, Escape closes it and the pin has the focus', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    const place = await placeWithCover();
    await page.goto(`/?lat=${place.lat}&lng=${place.lng}&z=17`);
    const pin = page.locator(`.leaflet-marker-icon[title="${place.name}"]`);
    await pin.focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: `Preview: ${place.name}` });
    await preview.waitFor();
    assert.equal(await isFocused(preview), true, 'the preview takes the focus');
    await preview.getByText(/out of 5 · \d+ reviews?$/).waitFor();
    assert.equal(await preview.locator('img').count(), 1, 'the cover photo');
    await preview.getByRole('link', { name: `Save ${place.name} to a list (sign in first)` }).waitFor();
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `map preview, ${scheme}`);
    }
    // The preview lies inside the map and does not cover its pin.
    const [card, marker, map] = await Promise.all([
      preview.boundingBox(),
      pin.boundingBox(),
      page.locator('.leaflet-container').boundingBox(),
    ]);
    assert.ok(card && marker && map);
    assert.ok(card.x >= map.x && card.x + card.width <= map.x + map.width && card.y >= map.y, 'inside the map');
    assert.ok(card.y + card.height <= marker.y || card.y >= marker.y + marker.height, 'beside the pin, not over it');

    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    assert.equal(await isFocused(pin), true, 'Escape gives the focus back to the pin');

    // By pointer; the close button closes it too; "View place" leads to the place.
    await pin.click();
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'detached' });
    assert.equal(await isFocused(pin), true, 'the close button gives the focus back to the pin');
    await pin.click();
    await preview.getByRole('link', { name: 'View place' }).click();
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('signed in, the preview offers Save to a list', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    const place = await placeWithCover();
    const email = uniqueEmail('preview');
    await createMember(app.server, email, 'preview password 1', 'Pre View');
    const next = `/?lat=${place.lat}&lng=${place.lng}&z=17`;
    await page.goto(`/auth/sign-in?next=${encodeURIComponent(next)}`);
    await signInWithForm(page, email, 'preview password 1');
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await page.locator(`.leaflet-marker-icon[title="${place.name}"]`).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${place.name}` });
    await preview.getByRole('button', { name: `Save ${place.name} to a list` }).click();
    await page.getByRole('dialog', { name: 'Save to a list' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a search zooms the map to its results; the URL follows; the same results typed on do not move it again', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    const { data: monmouth } = await app.server.admin().from('places').select('lat, lng').eq('name', 'Monmouth Coffee Company').single();
    assert.ok(monmouth);
    const found = async (q: string) =>
      ((await app.server.client().rpc('search_places', { q, max_results: 50 })).data as Array<{ id: string }>).map((p) => p.id).sort();
    assert.deepEqual(await found('Monmouth Coffee'), await found('Monmouth Coffee Company'), 'both terms find the same places');
    await page.goto('/');
    await page.getByText(/^\d+ places? in this area$/).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search places' });
    await search.fill('Monmouth Coffee');
    await page.waitForURL((url) => Number(url.searchParams.get('z')) >= 10);
    const fitted = viewOf(page);
    assert.ok(fitted.zoom <= 15, `bounded zoom (${fitted.zoom})`);
    assert.ok(Math.abs(fitted.lat - monmouth.lat) < 0.01 && Math.abs(fitted.lng - monmouth.lng) < 0.01, 'centred on the result');
    await page.locator('.leaflet-marker-icon[title="Monmouth Coffee Company"]').waitFor();

    // The reader zooms out; typing on with the same result leaves the map where they put it.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForURL((url) => Number(url.searchParams.get('z')) === fitted.zoom - 1);
    const answered = page.waitForResponse((response) => response.url().includes('/rest/v1/rpc/search_places') && response.ok());
    await search.fill('Monmouth Coffee Company');
    await answered;
    await page.getByRole('list', { name: 'Places' }).getByRole('link', { name: 'Monmouth Coffee Company', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(viewOf(page).zoom, fitted.zoom - 1, 'the same result set does not move the map again');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone the drawer at half height leaves the map usable: pins tap through, the map pans, Escape and the close button return the focus', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    // Monmouth Coffee in the middle; the British Museum about 190 px above it at zoom 15.
    await page.goto('/?lat=51.5143&lng=-0.1267&z=15');
    await page.locator('.leaflet-marker-icon[title="Monmouth Coffee Company"]').click();
    const drawer = page.getByRole('dialog', { name: 'Monmouth Coffee Company' });
    await drawer.getByRole('link', { name: 'View place' }).waitFor();
    const show = page.getByRole('button', { name: /^Show list/ });
    assert.equal(await show.isVisible(), false, '"Show list" is not over the open drawer');
    const [sheet, map] = await Promise.all([drawer.boundingBox(), page.locator('.leaflet-container').boundingBox()]);
    assert.ok(sheet && map);
    assert.ok(sheet.y - map.y >= 150, `at least 150 px of map above the drawer (${Math.round(sheet.y - map.y)})`);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `half-height drawer, ${scheme}`);
    }

    // A pin above the drawer takes a tap: the drawer shows that place.
    const museum = page.locator('.leaflet-marker-icon[title="British Museum"]');
    const pin = await museum.boundingBox();
    assert.ok(pin && pin.y + pin.height < sheet.y && pin.y > map.y, 'the museum pin is on the map above the drawer');
    await museum.click();
    await page.getByRole('dialog', { name: 'British Museum' }).getByRole('link', { name: 'View place' }).waitFor();

    // The map pans by dragging above the drawer, and the drawer stays open.
    const before = new URL(page.url()).searchParams.get('lat');
    await page.mouse.move(map.x + map.width / 2, map.y + 60);
    await page.mouse.down();
    await page.mouse.move(map.x + map.width / 2, map.y + 140, { steps: 8 });
    await page.mouse.up();
    await page.waitForURL((url) => url.searchParams.get('lat') !== before);
    assert.ok(Number(new URL(page.url()).searchParams.get('lat')) > Number(before), 'dragged down, the map shows more of the north');
    const open = page.getByRole('dialog', { name: 'British Museum' });
    assert.equal(await open.isVisible(), true, 'the drawer stays open while the map pans');

    // Escape and the close button close it; "Show list" comes back with the focus.
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'hidden' });
    await show.waitFor();
    assert.equal(await isFocused(show), true, 'Escape returns the focus to "Show list"');
    await show.click();
    const list = page.getByRole('dialog', { name: 'Places' });
    await list.getByRole('list', { name: 'Places' }).waitFor();
    await page.waitForFunction(`document.activeElement?.closest('[role="dialog"]') != null`);
    assert.equal(await list.evaluate((el) => el.contains(el.ownerDocument.activeElement)), true, 'the focus moved into the drawer');
    await list.getByRole('button', { name: 'Close' }).click();
    await list.waitFor({ state: 'hidden' });
    assert.equal(await isFocused(show), true, 'the close button returns the focus to "Show list"');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the first paint asks the server for the viewport once, on a desktop and on a phone: the bounds the map then reports are the ones asked for', async () => {
    for (const [label, viewport, path] of [
      ['desktop', viewports.desktop, '/'],
      ['phone', viewports.mobile, '/'],
      ['an odd-sized window, a zoom between steps', { width: 1001, height: 777 }, '/?lat=35.68&lng=139.7&z=10.4'],
    ] as const) {
      const { page, context, errors } = await app.openPage(viewport);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/rpc/places_in_view')) asked.push(request.postData() ?? '');
      });
      await page.goto(path);
      // The map reports its first view in the task that draws its first pins; a query for that
      // view would start at once, so the network falls quiet only after it.
      await page.locator('.leaflet-marker-icon').first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(asked.length, 1, `${label}: places_in_view asked ${asked.length} times: ${asked.join(' then ')}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('leaving the map in the moment after the window resizes throws nothing once it is gone', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    await page.goto('/');
    await page.locator('.leaflet-marker-icon').first().waitFor(); // the map is set up, its pins drawn
    // Leaflet answers a resize with a "moveend" 200 ms later; the map is removed before then.
    await page.setViewportSize({ width: 1100, height: 760 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    assert.equal(await page.locator('.leaflet-container').count(), 0, 'the map is gone');
    await page.waitForTimeout(400);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a tap on another page the moment the map first reports its view is not lost while that page loads', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    // The log's code arrives late, as on a slow network: the navigation is still under way when
    // the map, set up in the same moment, reports its first view (which writes Explore's URL).
    await page.route(/\/moderation-log-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(`new MutationObserver((_, observer) => {
      if (!document.querySelector('.leaflet-container')) return;
      observer.disconnect();
      document.querySelector('nav[aria-label="Tabs"] a[href="/moderation/log"]').click();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] })`);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/moderation/log');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
