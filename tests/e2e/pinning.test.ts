import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { messages } from '../../web/src/lib/errors.ts';
import { createMember, signInWithForm, uniqueEmail } from './support/app-server.ts';
import { assertAccessible, viewports, type TrackedPage } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

interface ShownView {
  lat: number;
  lng: number;
  zoom: number;
}

const pinMap = (page: Page) => page.getByRole('region', { name: 'Map to place the pin' });

/** The centre and zoom the pin map shows (the region carries them once Leaflet has settled). */
async function shownView(page: Page): Promise<ShownView> {
  const map = pinMap(page);
  const [lat, lng, zoom] = await Promise.all(['data-lat', 'data-lng', 'data-zoom'].map((name) => map.getAttribute(name)));
  return { lat: Number(lat), lng: Number(lng), zoom: Number(zoom) };
}

/** Waits until the pin map shows `expected` (centre within 0.01°, the same zoom or at least `minZoom`). */
async function waitForView(page: Page, expected: { lat: number; lng: number; zoom?: number; minZoom?: number }, label: string) {
  const { lat, lng, zoom = null, minZoom = null } = expected;
  try {
    await page.waitForFunction(
      `(() => {
        const el = document.querySelector('[role="region"][aria-label="Map to place the pin"]');
        if (!el || !el.dataset.zoom) return false;
        const z = Number(el.dataset.zoom);
        return Math.abs(Number(el.dataset.lat) - ${lat}) < 0.01 && Math.abs(Number(el.dataset.lng) - ${lng}) < 0.01 &&
          (${zoom} === null || z === ${zoom}) && (${minZoom} === null || z >= ${minZoom});
      })()`,
      undefined,
      { timeout: 10_000 },
    );
  } catch {
    assert.fail(`${label}: the map shows ${JSON.stringify(await shownView(page))}, not ${JSON.stringify(expected)}`);
  }
}

// Pinning a new place: where the map opens, the search over places and cities, typed
// coordinates, "Use my location", and the order of the form on a phone.
describe('pinning a place', () => {
  const app = useE2eApp({ demoData: true });

  async function signedIn(viewport: { width: number; height: number } = viewports.desktop, next = '/places/new'): Promise<TrackedPage> {
    const tracked = await app.openPage(viewport);
    const email = uniqueEmail('pinning');
    await createMember(app.server, email, 'pinning password 1', 'Pia Pinner');
    await tracked.page.goto(`/auth/sign-in?next=${encodeURIComponent(next)}`);
    await signInWithForm(tracked.page, email, 'pinning password 1');
    return tracked;
  }

  test('the map opens on the area explored; a city, a Pinstar place and typed coordinates centre and zoom it', async () => {
    const { page, context, errors } = await signedIn(viewports.desktop, '/?lat=48.8566&lng=2.3522&z=12');
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await page
      .getByRole('region', { name: /Map of places/ })
      .locator('.leaflet-container')
      .waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Add a place' }).click();
    await page.getByRole('heading', { name: 'Add a place' }).waitFor();
    await waitForView(page, { lat: 48.8566, lng: 2.3522, zoom: 12 }, 'opened on the area explored');

    const search = page.getByLabel('Find an address, place or city');
    await search.fill('tokyo');
    await page.getByRole('button', { name: /^Tokyo City · Japan$/ }).click();
    await waitForView(page, { lat: 35.6895, lng: 139.6917, zoom: 12 }, 'centred on the city');
    await page.getByText('The pin is in the centre of Tokyo (City · Japan). Drag it or click the map to put it on the spot.').waitFor();
    // choosing a result moves the pin there (decision 324)
    assert.equal(await page.getByLabel('Latitude').inputValue(), '35.6895');

    // Enter takes the first answer (a Pinstar place comes before cities) and does not submit the form.
    const monmouth = await app.server.admin().from('places').select('lat, lng').eq('name', 'Monmouth Coffee Company').single();
    assert.equal(monmouth.error, null);
    await search.fill('monmouth coffee');
    await page
      .getByRole('list', { name: 'Matching places and cities' })
      .getByRole('button', { name: /^Monmouth Coffee Company Pinstar place/ })
      .waitFor();
    await search.press('Enter');
    await waitForView(page, { lat: monmouth.data!.lat, lng: monmouth.data!.lng, zoom: 17 }, 'centred on the Pinstar place');
    assert.equal(await page.getByText('Name is required').count(), 0, 'Enter in the search did not submit the form');
    assert.equal(new URL(page.url()).pathname, '/places/new');

    await search.fill('atlantis');
    await page
      .getByText('Nothing matches “atlantis”: no Pinstar place, address or city. Click the map to place the pin by hand.')
      .waitFor();

    // Typed coordinates move the pin there and zoom in on it, from a world view too.
    await search.fill('tokyo');
    await page.getByRole('button', { name: /^Tokyo City · Japan$/ }).click();
    await waitForView(page, { lat: 35.6895, lng: 139.6917, zoom: 12 }, 'back on Tokyo');
    await page.getByLabel('Latitude').fill('52.5163');
    await page.getByLabel('Longitude').fill('13.3777');
    await waitForView(page, { lat: 52.5163, lng: 13.3777, minZoom: 16 }, 'typed coordinates');
    assert.equal(await pinMap(page).locator('.leaflet-marker-icon').count(), 1, 'a pin at the typed coordinates');
    // Coordinates typed while the map zooms (its own zoom button) are where it ends. One step in
    // the page: typed during the zoom's animation, a quarter of a second.
    await page.evaluate(`(async () => {
      const region = document.querySelector('[role="region"][aria-label="Map to place the pin"]');
      region.querySelector('.leaflet-control-zoom-out').click();
      for (let frame = 0; !region.querySelector('.leaflet-zoom-anim'); frame++) {
        if (frame > 30) throw new Error('the map did not animate its zoom');
        await new Promise(requestAnimationFrame);
      }
      const type = (name, value) => {
        const input = document.querySelector('input[name="' + name + '"]');
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      type('lat', '48.8584');
      type('lng', '2.2945');
    })()`);
    await waitForView(page, { lat: 48.8584, lng: 2.2945, minZoom: 16 }, 'coordinates typed while the map zoomed');
    // A click on the map moves the pin without moving the map under the pointer.
    const before = await shownView(page);
    await pinMap(page).click({ position: { x: 120, y: 100 } });
    await page.waitForFunction(`document.querySelector('input[name="lat"]')?.value !== '48.8584'`);
    assert.deepEqual(await shownView(page), before, 'the map stays put under a click');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `Add a place with search results, ${scheme}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('"Use my location" with the permission granted: the map opens there and the button places the pin', async () => {
    const { page, context, errors } = await signedIn();
    await context.grantPermissions(['geolocation'], { origin: app.server.url });
    await context.setGeolocation({ latitude: 51.505449, longitude: -0.090774 });
    await page.getByRole('heading', { name: 'Add a place' }).waitFor();
    await page.reload();
    // Already allowed: the map opens on the visitor's position, rounded to about 100 m.
    await waitForView(page, { lat: 51.505, lng: -0.091, zoom: 13 }, 'opened on the position allowed');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('The pin is at your position. Drag it to the exact spot if need be.').waitFor();
    assert.equal(await page.getByLabel('Latitude').inputValue(), '51.50545');
    assert.equal(await page.getByLabel('Longitude').inputValue(), '-0.09077');
    await waitForView(page, { lat: 51.50545, lng: -0.09077, minZoom: 16 }, 'zoomed in on the pin');
    assert.equal(await pinMap(page).locator('.leaflet-marker-icon').count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('"Use my location" with the permission denied says so; the map opens on the world', async () => {
    const { page, context, errors } = await signedIn();
    await page.getByRole('heading', { name: 'Add a place' }).waitFor();
    await waitForView(page, { lat: 30, lng: 10, zoom: 2 }, 'no area explored and no position: the world');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Location permission was denied. Allow it in the browser, or search or click the map instead.').waitFor();
    assert.equal(await page.getByLabel('Latitude').inputValue(), '');
    assert.equal(await pinMap(page).locator('.leaflet-marker-icon').count(), 0);
    // With the API unreachable, the search says so (the catalogue's words) and still offers the bundled cities.
    await page.route('**/rest/v1/rpc/search_places', (route) => route.abort());
    await page.getByLabel('Find an address, place or city').fill('berlin');
    await page.getByText(messages.unreachable).waitFor();
    await page.getByRole('button', { name: /^Berlin City · Germany$/ }).click();
    await waitForView(page, { lat: 52.5244, lng: 13.4105, zoom: 12 }, 'centred on the city without the API');
    // The browser logs each refused search (the first and its one retry); nothing else went wrong.
    const isRefusal = (e: string) => e === 'Failed to load resource: net::ERR_FAILED';
    assert.ok(errors.some(isRefusal), 'the search was refused');
    assert.deepEqual(
      errors.filter((e) => !isRefusal(e)),
      [],
    );
    await context.close();
  });

  test('on a phone the map comes before the submit button; beside the details on a desktop', async () => {
    const { page, context, errors } = await signedIn(viewports.mobile);
    await page.getByRole('heading', { name: 'Add a place' }).waitFor();
    await pinMap(page).locator('.leaflet-container').waitFor();
    // The welcome toast is not part of the screen under test: it goes away by itself.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    const submit = page.getByRole('button', { name: 'Add place' });
    const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.y ?? Number.NaN;
    const search = page.getByLabel('Find an address, place or city');
    assert.ok((await top(search)) < (await top(pinMap(page))), 'the search comes before the map');
    assert.ok((await top(pinMap(page))) < (await top(submit)), 'the map comes before the submit button');
    assert.ok((await top(page.getByLabel('Longitude'))) < (await top(submit)), 'so do the coordinates');
    // Keyboard order follows: the search, the map's controls, the coordinates, then the button.
    const order = await page.evaluate<string[]>(
      `[...document.querySelectorAll('form input, form button, form select, form textarea')].map((el) => el.getAttribute('aria-label') || el.name || el.textContent.trim())`,
    );
    assert.ok(order.indexOf('lng') < order.indexOf('Add place'), `tab order: ${order.join(', ')}`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `Add a place on a phone, ${scheme}`);
    }
    await page.setViewportSize(viewports.desktop);
    const mapBox = await pinMap(page).boundingBox();
    const submitBox = await submit.boundingBox();
    assert.ok(mapBox && submitBox && submitBox.x + submitBox.width <= mapBox.x, 'on a desktop the button is in the left column');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
