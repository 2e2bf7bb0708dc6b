import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, dismissToasts, viewports } from './support/browser.ts';
import { drawJpeg, exifMarker, webpSize, withGpsExif } from './support/exif-jpeg.ts';
import { useE2eApp } from './support/fixture.ts';
import { confirmLink, waitForMail } from './support/mailbox.ts';
import { memberClient } from './support/member-data.ts';

/** The alt texts of every review draft's photos kept in IndexedDB (never creates the database). */
const draftPhotoAlts = `(async () => {
  if (!(await indexedDB.databases()).some((d) => d.name === 'pinstar-drafts')) return [];
  const db = await new Promise((resolve, reject) => { const r = indexedDB.open('pinstar-drafts'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  try {
    if (!db.objectStoreNames.contains('drafts')) return [];
    return await new Promise((resolve, reject) => {
      const all = db.transaction('drafts').objectStore('drafts').getAll();
      all.onsuccess = () => resolve(all.result.map((photos) => photos.map((p) => p.alt)));
      all.onerror = () => reject(all.error);
    });
  } finally {
    db.close();
  }
})()`;

/** Polls the kept draft photos until they are `expected` (the form saves 300 ms after a change). */
async function waitForDraftAlts(page: Page, expected: string[][]): Promise<void> {
  let seen: string[][] = [];
  for (let i = 0; i < 100; i += 1) {
    seen = await page.evaluate<string[][]>(draftPhotoAlts);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(seen, expected, 'the draft photos kept in IndexedDB');
}

// Explore, places, reviews with photos, stars and live updates, as people use them in Chromium,
// against the app's own project with its demo data (75 places in five cities).
describe('places, reviews and live updates in the browser', () => {
  const app = useE2eApp({ demoData: true });
  async function placeByName(name: string) {
    const { data, error } = await app.server.admin().from('places').select('id, lat, lng, name').eq('name', name).single();
    assert.equal(error, null);
    return data!;
  }

  // Strings, since the test tsconfig has no DOM types.
  const isFocused = (locator: Locator) => locator.evaluate((el) => el.ownerDocument.activeElement === el);
  const listItems = (page: Page) => page.getByRole('list', { name: 'Places' }).getByRole('listitem');

  test('a visitor browses, searches and filters; the URL reproduces the view', async () => {
    const { page, context, errors } = await app.openPage();
    await page.goto('/');
    await page.getByText('75 places in this area').waitFor();
    await page
      .getByRole('region', { name: /Map of places/ })
      .locator('.leaflet-marker-icon')
      .first()
      .waitFor();
    await assertAccessible(page, 'Explore');

    await page.getByLabel('Search places').fill('monmouth');
    await page.getByText(/1 place found/).waitFor();
    assert.equal(await listItems(page).count(), 1);
    assert.equal(await listItems(page).first().getByRole('heading').getByRole('link').textContent(), 'Monmouth Coffee Company');
    assert.equal(new URL(page.url()).searchParams.get('q'), 'monmouth');
    // Hovering a pin highlights it without replacing what is under the pointer (a press and a
    // release on different nodes is no click: a tap, which hovers first, would be lost).
    await page.evaluate(`(() => {
      const pin = document.querySelector('.leaflet-marker-icon[title="Monmouth Coffee Company"]');
      window.pinNodes = [pin, ...pin.querySelectorAll('*')];
    })()`);
    await page.locator('.leaflet-marker-icon[title="Monmouth Coffee Company"]').hover();
    await page.waitForFunction(`document.querySelector('.leaflet-marker-icon.is-active')?.title === 'Monmouth Coffee Company'`);
    assert.equal(await page.evaluate('window.pinNodes.length > 1 && window.pinNodes.every((node) => node.isConnected)'), true);

    // The search brought the map to its result (decision 245); cleared, the list is that area's.
    await page.waitForURL((url) => Number(url.searchParams.get('z')) >= 10);
    await page.getByLabel('Search places').fill('');
    await page.waitForFunction(`/^\\d+ places? in this area$/.test(document.querySelector('[aria-live="polite"]')?.textContent ?? '')`);
    await page.goto('/');
    await page.getByText('75 places in this area').waitFor();
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Museum', exact: true }).click();
    await page.getByLabel('Minimum stars').selectOption('4');
    await page.getByLabel('Sort by').selectOption('top');
    await page.waitForFunction(`new URL(location.href).searchParams.get('sort') === 'top'`);
    // The list keeps showing the previous answer while the filtered one loads: wait until it
    // shows only places rated 4 or more, and the count announced is the count shown.
    await page.waitForFunction(`(() => {
      const items = [...document.querySelectorAll('ul[aria-label="Places"] > li')];
      const ratings = items.map((li) => Number(/(\\d\\.\\d) out of 5/.exec(li.textContent ?? '')?.[1]));
      const live = document.querySelector('[aria-live="polite"]')?.textContent ?? '';
      return items.length > 0 && ratings.every((r) => r >= 4) && live === items.length + (items.length === 1 ? ' place' : ' places') + ' in this area';
    })()`);
    const filtered = await listItems(page).count();
    assert.ok(filtered > 0 && filtered < 75, `museums rated 4+ are a subset (${filtered})`);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('category'), 'museum');
    assert.equal(url.searchParams.get('min'), '4');
    const texts = await listItems(page).allTextContents();
    const ratings = texts.map((text) => Number(/(\d\.\d) out of 5/.exec(text)?.[1]));
    assert.equal(ratings.length, filtered);
    assert.ok(
      ratings.every((r) => r >= 4),
      `all rated 4+: ${ratings.join(', ')}`,
    );
    assert.deepEqual(
      ratings,
      [...ratings].sort((a, b) => b - a),
      'top rated first',
    );

    // The same link in a fresh tab shows the same list.
    const other = await app.openPage();
    await other.page.goto(url.pathname + url.search);
    await other.page.waitForFunction(
      `/^\\d+ places? in this area$/.test(document.querySelector('[aria-live="polite"]')?.textContent ?? '')`,
    );
    assert.equal(
      await other.page
        .locator('[aria-live="polite"]')
        .filter({ hasText: /in this area/ })
        .first()
        .textContent(),
      `${filtered} ${filtered === 1 ? 'place' : 'places'} in this area`,
      `the same link shows the same list (${url.search})`,
    );
    assert.equal(await other.page.getByRole('button', { name: 'Museum', exact: true }).getAttribute('aria-pressed'), 'true');
    await other.context.close();

    // Zooming the map to Paris narrows the list to the viewport.
    await page.goto('/?lat=48.8566&lng=2.3522&z=12');
    await page.getByText(/places? in this area/).waitFor();
    await page.waitForFunction(`/^\\d+ places? in this area$/.test(document.querySelector('[aria-live="polite"]')?.textContent ?? '')`);
    const paris = await listItems(page).count();
    assert.ok(paris > 0 && paris < 75, `only Paris places (${paris})`);

    await listItems(page).first().getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByText(/reviews?$/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await assertAccessible(page, 'Place page');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('filters changed before the page has rendered the last change all apply', async () => {
    const { page, context, errors } = await app.openPage();
    await page.goto('/');
    await page.getByText('75 places in this area').waitFor();
    const filters = () => {
      const params = new URL(page.url()).searchParams;
      return Object.fromEntries(['category', 'min', 'sort'].filter((key) => params.has(key)).map((key) => [key, params.get(key)]));
    };
    // Three changes in one task: none of them has reached the address bar when the next is made.
    await page.evaluate(`(() => {
      const choose = (label, value) => {
        const select = document.getElementById([...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label).htmlFor);
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      [...document.querySelectorAll('[aria-label="Category"] button')].find((b) => b.textContent === 'Museum').click();
      choose('Minimum stars', '4');
      choose('Sort by', 'top');
    })()`);
    await page.waitForFunction(`new URL(location.href).searchParams.get('sort') === 'top'`);
    assert.deepEqual(filters(), { category: 'museum', min: '4', sort: 'top' });
    await page.getByRole('button', { name: 'Museum', exact: true, pressed: true }).waitFor();
    assert.equal(await page.getByLabel('Minimum stars').inputValue(), '4');

    // On a slow phone each change reaches the address bar before the page has rendered it.
    await page.goto('/');
    await page.getByText('75 places in this area').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Park', exact: true }).click();
    await page.getByLabel('Minimum stars').selectOption('3');
    await page.getByLabel('Sort by').selectOption('top');
    await page.waitForFunction(`new URL(location.href).searchParams.get('sort') === 'top'`);
    assert.deepEqual(filters(), { category: 'park', min: '3', sort: 'top' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Back undoes them one by one.
    await page.goBack();
    await page.waitForFunction(`!new URL(location.href).searchParams.has('sort')`);
    assert.deepEqual(filters(), { category: 'park', min: '3' });
    assert.deepEqual(errors, []);
  });

  test('a new member adds a place with the pin, reviews it with two photos, and another visitor sees it live', async () => {
    const { page, context, errors } = await app.openPage();
    const email = uniqueEmail('places');
    await page.goto('/auth/sign-up');
    await page.getByLabel('Display name').fill('Rosa Park');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    const started = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();
    // the project confirms new sign-ups by mail, as hosted does
    await page.getByText('Check your inbox').waitFor();
    await page.goto(confirmLink(await waitForMail(app.server.url, email, /confirm/i, started)));
    await waitForToast(page, 'Welcome, Rosa Park!');
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Add a place' }).click();
    await page.getByRole('heading', { name: 'Add a place' }).waitFor();

    // The pin: a click on the map fills the coordinates; typed coordinates move it.
    const map = page.getByRole('region', { name: 'Map to place the pin' });
    await map.locator('.leaflet-container').waitFor();
    await map.click({ position: { x: 200, y: 120 } });
    await page.waitForFunction(`(document.querySelector('input[name="lat"]')?.value ?? '') !== ''`);
    assert.equal(await map.locator('.leaflet-marker-icon').count(), 1, 'a pin on the map');
    const monmouth = await placeByName('Monmouth Coffee Company');
    await page.getByLabel('Name').fill('Monmouth Coffee Kiosk');
    await page.getByLabel('Category').selectOption('cafe');
    await page.getByLabel('Description').fill('A tiny coffee kiosk next to the roastery.');
    await page.getByLabel('Latitude').fill(String(monmouth.lat + 0.0002));
    await page.getByLabel('Longitude').fill(String(monmouth.lng));
    await dismissToasts(page);
    await assertAccessible(page, 'Add a place');
    await page.getByRole('button', { name: 'Add place' }).click();
    await page.getByText('Is it one of these?').waitFor();
    await page.getByRole('alert').getByRole('link', { name: 'Monmouth Coffee Company' }).waitFor();
    await page.getByRole('button', { name: 'No, save my place' }).click();
    await page.getByRole('heading', { level: 1, name: 'Monmouth Coffee Kiosk' }).waitFor();
    const placeUrl = new URL(page.url()).pathname;
    const place = await placeByName('Monmouth Coffee Kiosk');
    assert.ok(Math.abs(place.lat - (monmouth.lat + 0.0002)) < 1e-9, 'typed coordinates were saved');
    assert.equal(await page.getByTestId('rating-count').textContent(), '0 reviews');

    // A visitor has the page open in another browser.
    const visitor = await app.openPage();
    await visitor.page.goto(placeUrl);
    await visitor.page.getByText('No reviews yet. Be the first to share your experience.').waitFor();
    await visitor.page.getByText('2 people here now').waitFor();
    await page.getByText('2 people here now').waitFor();

    // The review with two photos (one carrying EXIF with a GPS position).
    await page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Monmouth Coffee Kiosk' });
    await dialog.getByRole('radio', { name: /4 stars/ }).waitFor({ state: 'attached' });
    const original = withGpsExif(await drawJpeg(page, 2400, 1200));
    assert.ok(original.includes(exifMarker) && original.includes('Exif'), 'the source photo carries EXIF');
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'kiosk.jpg', mimeType: 'image/jpeg', buffer: original },
      { name: 'cup.jpg', mimeType: 'image/jpeg', buffer: await drawJpeg(page, 800, 800) },
    ]);
    await dialog.getByLabel('Describe photo 2').waitFor();
    await dialog.getByRole('radio', { name: /4 stars/ }).check({ force: true });
    await dialog.getByLabel('Your review').fill('Quick espresso, friendly staff, and a bench in the sun outside.');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.getByText('Describe this photo for people who cannot see it.').first().waitFor();
    await dialog.getByLabel('Describe photo 1').fill('The kiosk in red and blue light');
    await dialog.getByLabel('Describe photo 2').fill('A cup on the counter');

    // The draft survives a reload: stars, text, and both photos with their previews and alt text.
    await waitForDraftAlts(page, [['The kiosk in red and blue light', 'A cup on the counter']]);
    await page.reload();
    await page.getByRole('button', { name: 'Write a review' }).click();
    await dialog.getByLabel('Describe photo 2').waitFor();
    assert.equal(await dialog.getByLabel('Describe photo 1').inputValue(), 'The kiosk in red and blue light');
    assert.equal(await dialog.getByLabel('Describe photo 2').inputValue(), 'A cup on the counter');
    assert.equal(await dialog.getByLabel('Your review').inputValue(), 'Quick espresso, friendly staff, and a bench in the sun outside.');
    assert.equal(await dialog.getByRole('radio', { name: /4 stars/ }).isChecked(), true);
    const previews = dialog.locator('li img[src^="blob:"]');
    assert.equal(await previews.count(), 2);
    await page.waitForFunction(
      `[...document.querySelectorAll('[role="dialog"] li img')].filter((i) => i.complete && i.naturalWidth > 0).length === 2`,
    );
    await assertAccessible(page, 'Review dialog');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await waitForToast(page, 'Review posted');
    await waitForDraftAlts(page, []);
    assert.deepEqual(await page.evaluate('Object.keys(localStorage).filter((k) => k.startsWith("pinstar:draft:"))'), [], 'nor text');

    // The other browser: over a place with no reviews there is nothing to keep in place, so the
    // review shows at once (no "1 new review" over "No reviews yet"), with figures that agree.
    await visitor.page.getByText('Quick espresso, friendly staff').waitFor();
    await visitor.page.getByTestId('rating-mean').filter({ hasText: '4.0' }).waitFor();
    await visitor.page.getByTestId('rating-count').filter({ hasText: '1 review' }).waitFor();
    await visitor.page.getByRole('button', { name: 'The kiosk in red and blue light' }).waitFor();
    assert.equal(await visitor.page.getByRole('button', { name: /new review/ }).count(), 0, 'no pill');
    assert.equal(await visitor.page.getByText('No reviews yet. Be the first to share your experience.').count(), 0);

    // Mean and histogram on the author's page.
    await page.getByTestId('rating-mean').filter({ hasText: '4.0' }).waitFor();
    assert.equal(await page.getByTestId('rating-count').textContent(), '1 review');
    const bars = page.getByRole('definition');
    assert.deepEqual(await bars.allTextContents(), ['0', '1', '0', '0', '0']);
    await page.getByRole('list').getByRole('button', { name: 'The kiosk in red and blue light' }).waitFor();

    // The stored photo: WebP, at most 1600 px, and no EXIF or GPS left.
    const { data: photos } = await app.server
      .admin()
      .from('review_photos')
      .select('path, width, height, alt, thumbhash')
      .eq('place_id', place.id)
      .order('alt');
    assert.equal(photos?.length, 2);
    const kiosk = photos!.find((p) => p.alt === 'The kiosk in red and blue light')!;
    assert.deepEqual([kiosk.width, kiosk.height], [1600, 800]);
    // Its ThumbHash, computed in the browser from the prepared pixels: a 2:1 landscape hash.
    assert.match(kiosk.thumbhash ?? '', /^[A-Za-z0-9+/]{20,40}={0,2}$/);
    const stored = Buffer.from(await (await fetch(`${app.server.url}/storage/v1/object/public/place-photos/${kiosk.path}`)).arrayBuffer());
    assert.deepEqual(webpSize(stored), { width: 1600, height: 800 });
    assert.equal(stored.includes('Exif'), false, 'no EXIF chunk');
    assert.equal(stored.includes(exifMarker), false, 'no camera data');
    assert.equal(stored.includes(Buffer.from([48, 0, 0, 0, 1, 0, 0, 0, 51, 0, 0, 0])), false, 'no GPS rationals');

    // Star it and find it in Starred, the first of the member's lists.
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await page.getByRole('button', { name: 'Starred' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Starred' }).getAttribute('aria-pressed'), 'true');
    // Starred leads the member's lists.
    await page.getByRole('banner').getByRole('link', { name: 'Lists' }).click();
    await page
      .getByRole('list', { name: 'My lists' })
      .getByRole('link', { name: /Starred/ })
      .click();
    await page.getByRole('heading', { name: 'Starred places' }).waitFor();
    await page.getByRole('list', { name: 'Starred places' }).getByRole('link', { name: 'Monmouth Coffee Kiosk' }).waitFor();
    await assertAccessible(page, 'Starred');

    // Edit (marked edited), then delete.
    await page.goto(placeUrl);
    await page.getByRole('button', { name: 'Edit your review' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit your review of Monmouth Coffee Kiosk' });
    await edit.getByLabel('Your review').fill('Quick espresso, friendly staff, a bench in the sun, and cheap pastries.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Review updated');
    await page.getByText('cheap pastries').waitFor();
    await page.getByText('(edited)').waitFor();
    await page.getByRole('button', { name: 'Edit your review' }).click();
    await page.getByRole('button', { name: 'Delete review' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete review' }).click();
    await waitForToast(page, 'Review deleted');
    await page.getByText('No reviews yet. Be the first to share your experience.').waitFor();
    await page.getByTestId('rating-count').filter({ hasText: '0 reviews' }).waitFor();
    const { data: left } = await app.server.admin().from('review_photos').select('id').eq('place_id', place.id);
    assert.deepEqual(left, []);
    const gone = await fetch(`${app.server.url}/storage/v1/object/public/place-photos/${kiosk.path}`);
    assert.equal(gone.status, 400, 'the photo file is removed too');
    assert.deepEqual(errors, []);
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
    await context.close();
  });

  test('on a phone the list lives in a drawer that opens and closes by button and Escape', async () => {
    const { page, context } = await app.openPage(viewports.mobile);
    await page.goto('/');
    const show = page.getByRole('button', { name: /^Show list \(\d+\)$/ });
    await show.waitFor();
    await assertAccessible(page, 'Explore on a phone');
    await show.click();
    const drawer = page.getByRole('dialog', { name: 'Places' });
    await drawer.getByRole('list', { name: 'Places' }).waitFor();
    await assertAccessible(page, 'Explore drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    assert.equal(await isFocused(show), true, 'focus returns to the button');
    await show.press('Enter');
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    assert.equal(await isFocused(show), true, 'focus returns after Escape');
    await context.close();
  });

  test('a review draft with a photo is discarded: text and photo are gone, also after a reload', async () => {
    const { page, context, errors } = await app.openPage();
    const email = uniqueEmail('discard');
    await createMember(app.server, email, 'discard password 1', 'Dee Scard');
    const place = await placeByName('Monmouth Coffee Company');
    await page.goto(`/auth/sign-in?next=${encodeURIComponent(`/places/${place.id}`)}`);
    await signInWithForm(page, email, 'discard password 1');
    await page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Monmouth Coffee Company' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'flat-white.jpg', mimeType: 'image/jpeg', buffer: await drawJpeg(page, 640, 480) }]);
    await dialog.getByLabel('Describe photo 1').fill('A flat white with a fern');
    await dialog.getByLabel('Your review').fill('Not sure yet what to say about this one.');
    await waitForDraftAlts(page, [['A flat white with a fern']]);
    await dialog.getByRole('button', { name: 'Discard draft' }).click();
    await waitForToast(page, 'Draft discarded');
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await page.evaluate<string[][]>(draftPhotoAlts), []);
    await page.reload();
    await page.getByRole('button', { name: 'Write a review' }).click();
    await dialog.getByLabel('Your review').waitFor();
    assert.equal(await dialog.getByLabel('Your review').inputValue(), '');
    assert.equal(await dialog.getByLabel('Describe photo 1').count(), 0, 'no photo comes back');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a member writes a review with the keyboard alone', async () => {
    const { page, context, errors } = await app.openPage();
    const email = uniqueEmail('keyboard');
    await createMember(app.server, email, 'keyboard password 1', 'Kim Keys');
    const park = await placeByName('Hyde Park');
    await page.goto(`/auth/sign-in?next=${encodeURIComponent(`/places/${park.id}`)}`);
    await signInWithForm(page, email, 'keyboard password 1');
    await page.getByRole('heading', { level: 1, name: 'Hyde Park' }).waitFor();
    const write = page.getByRole('button', { name: 'Write a review' });
    await write.waitFor();
    for (let i = 0; i < 40 && !(await isFocused(write)); i += 1) await page.keyboard.press('Tab');
    assert.equal(await isFocused(write), true, 'Tab reaches "Write a review"');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Review Hyde Park' });
    await dialog.getByRole('radio', { name: /1 star/ }).waitFor({ state: 'attached' });
    // The form loads into the open dialog; Tab moves into it from the dialog itself.
    for (
      let i = 0;
      i < 5 && (await page.evaluate<string | null>(`document.activeElement?.getAttribute('type') ?? null`)) !== 'radio';
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    assert.equal(await dialog.getByRole('radio', { name: /5 stars/ }).isChecked(), true, 'arrows move the rating');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Huge lawns, a lake with boats and deckchairs to rent in summer.');
    const post = dialog.getByRole('button', { name: 'Post review' });
    for (let i = 0; i < 10 && !(await isFocused(post)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Review posted');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await isFocused(page.getByRole('button', { name: 'Edit your review' })), true, 'focus returns');
    await page.getByText('Huge lawns, a lake with boats').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a review arriving live: the header, the figures and the list say the same until the reader shows it, then all change together', async () => {
    const { page, context, errors } = await app.openPage();
    const park = await placeByName('Hyde Park');
    const before = (await app.server.admin().from('places').select('rating_count').eq('id', park.id).single()).data!.rating_count;
    const counted = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;
    await page.goto(`/places/${park.id}`);
    const header = page.locator('article > header');
    await header.getByText(new RegExp(`· ${counted(before)}$`)).waitFor();
    await page
      .getByTestId('rating-count')
      .filter({ hasText: counted(before) })
      .waitFor();
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await page.getByRole('article').first().waitFor();
    // A second reader on the page: "2 people here now" shows the page's live channel is joined
    // before the review is written.
    const other = await app.openPage();
    await other.page.goto(`/places/${park.id}`);
    await page.getByText('2 people here now').waitFor();
    const email = uniqueEmail('live');
    await createMember(app.server, email, 'live password 1', 'Liv Ewriter');
    const writer = await memberClient(app.server, email, 'live password 1');
    const body = 'Rowed a boat on the Serpentine at dawn; the herons watched us.';
    const { error } = await writer.from('reviews').insert({ place_id: park.id, rating: 1, body });
    assert.equal(error, null);

    const pill = page.getByRole('button', { name: '1 new review' });
    await pill.waitFor();
    // Whatever the page fetches after the announcement has settled before looking.
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByText(body).count(), 0, 'the new review waits behind the pill');
    assert.equal(await header.getByText(new RegExp(`· ${counted(before)}$`)).count(), 1, 'the header still counts the reviews shown');
    assert.equal(await page.getByTestId('rating-count').textContent(), counted(before), 'and so do the figures');

    await pill.click();
    await page.getByText(body).waitFor();
    await header.getByText(new RegExp(`· ${counted(before + 1)}$`)).waitFor();
    await page
      .getByTestId('rating-count')
      .filter({ hasText: counted(before + 1) })
      .waitFor();
    assert.equal(await pill.count(), 0);
    assert.deepEqual(errors, []);
    await other.context.close();
    await context.close();
  });
});
