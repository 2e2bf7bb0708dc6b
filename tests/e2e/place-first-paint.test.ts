import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, uniqueEmail } from './support/app-server.ts';
import { assertAccessible, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient } from './support/member-data.ts';

const description = 'A square with a fountain,\nplane trees and a Sunday market.';

/** Holds every script of the app back until `release()`: what the page shows then is index.html's alone. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The photo band's `<img>` as the page draws it: what the browser is told to load, and where. */
const bandImage = `(() => {
  const img = document.querySelector('main article > span > img');
  if (!img) return null;
  const attributes = Object.fromEntries(['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'fetchpriority', 'decoding'].map((name) => [name, img.getAttribute(name)]));
  const { x, y, width, height } = img.getBoundingClientRect();
  return { attributes, currentSrc: img.currentSrc, loaded: img.complete && img.naturalWidth > 0, box: { x, y, width, height } };
})()`;

interface BandImage {
  attributes: Record<string, string | null>;
  currentSrc: string;
  loaded: boolean;
  box: { x: number; y: number; width: number; height: number };
}

// A shared place link: index.html requests the place's row and paints its header (and its
// photo band) before the app's scripts have run; the app takes the same answer over (one
// request) and replaces the header in place. A place anon may not see is left to the app.
// Demo data: the Eiffel Tower has photos.
describe('place page first paint', () => {
  const app = useE2eApp({ demoData: true });
  let ratedId = '';
  let quietId = '';
  let hiddenId = '';
  let photoId = '';
  before(async () => {
    const eiffel = await app.server.admin().from('places').select('id, cover_photo_path').eq('name', 'Eiffel Tower').single();
    assert.equal(eiffel.error, null);
    assert.ok(eiffel.data?.cover_photo_path, 'the seeded place has a cover photo');
    photoId = eiffel.data.id;
    const ownerEmail = uniqueEmail('first-paint');
    const ownerId = await createMember(app.server, ownerEmail, 'first paint 1', 'Owner');
    const reviewerEmail = uniqueEmail('first-paint-reviewer');
    const reviewerId = await createMember(app.server, reviewerEmail, 'first paint 2', 'Reviewer');
    const owner = await memberClient(app.server, ownerEmail, 'first paint 1');
    const reviewer = await memberClient(app.server, reviewerEmail, 'first paint 2');
    const insert = async (row: Record<string, unknown>) => {
      const { data, error } = await owner
        .from('places')
        .insert({ category: 'park', lat: 48.85, lng: 2.35, ...row })
        .select('id')
        .single();
      assert.equal(error, null);
      return data?.id ?? '';
    };
    ratedId = await insert({ name: 'Place des Vosges', address: '75004 Paris', description });
    quietId = await insert({ name: 'Quiet Corner', category: 'cafe' });
    hiddenId = await insert({ name: 'Hidden Garden' });
    const review = await reviewer
      .from('reviews')
      .insert({ place_id: ratedId, author_id: reviewerId, rating: 4, body: 'Lovely in the morning light.' });
    assert.equal(review.error, null);
    const ownReview = await owner
      .from('reviews')
      .insert({ place_id: ratedId, author_id: ownerId, rating: 5, body: 'My favourite square.' });
    assert.equal(ownReview.error, null);
    const hidden = await app.server.admin().from('places').update({ hidden_at: new Date().toISOString() }).eq('id', hiddenId);
    assert.equal(hidden.error, null);
  });
  test('shows the header before the scripts run, then the app reuses the row with no shift', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    const release = await holdScripts(page);
    let rowRequests = 0;
    page.on('request', (request) => {
      // Reads of the row; the live topic's review count read once it is joined (decision 454) is not one.
      const url = request.url();
      if (url.includes('/rest/v1/places?') && url.includes(ratedId) && !url.includes('select=rating_count&')) rowRequests += 1;
    });
    await page.goto(`/places/${ratedId}`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Place des Vosges' });
    await heading.waitFor();
    const header = page.locator('main header');
    assert.equal(await header.locator('p').first().innerText(), 'Park\n4.5 out of 5 · 2 reviews');
    await page.getByText('75004 Paris').waitFor();
    const shellText = page.getByText('A square with a fountain,');
    assert.equal(await shellText.innerText(), description);
    assert.equal(await page.title(), 'Place des Vosges · Pinstar');
    assert.equal(await page.getByRole('button', { name: 'Share' }).count(), 0, 'the app has not run yet');
    await assertAccessible(page, 'place header before the app');
    const shellBox = await shellText.boundingBox();

    release();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByRole('heading', { name: 'Rating' }).waitFor();
    assert.deepEqual(await page.getByText('A square with a fountain,').boundingBox(), shellBox);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Place des Vosges');
    assert.equal(await header.locator('p').first().innerText(), 'Park\n4.5 out of 5 · 2 reviews', 'the app words it as the shell did');
    await page.waitForLoadState('networkidle');
    assert.equal(rowRequests, 1, 'the app takes over the early answer');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a place without reviews, address or description shows just what it has', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    const release = await holdScripts(page);
    await page.goto(`/places/${quietId}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Quiet Corner' }).waitFor();
    assert.equal(await page.locator('main header p').first().innerText(), 'Café\nNo reviews yet');
    assert.equal(await page.locator('main header .max-w-prose').count(), 0);
    assert.equal(await page.locator('main article img').count(), 0, 'no photo, no band');
    release();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByText('No reviews yet').first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a place with photos shows its photo band before the scripts run, and the app reuses its image', async () => {
    for (const viewport of [viewports.mobile, viewports.desktop]) {
      const { page, context, errors } = await app.openPage(viewport);
      const release = await holdScripts(page);
      const photoRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/storage/v1/')) photoRequests.push(request.url());
      });
      await page.goto(`/places/${photoId}`, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
      await page.waitForFunction(`${bandImage}?.loaded`);
      const shell = (await page.evaluate(bandImage)) as BandImage;
      assert.equal(await page.getByRole('button', { name: 'Share' }).count(), 0, 'the app has not run yet');
      assert.match(shell.currentSrc, /\/storage\/v1\/render\/image\/public\/place-photos\/.+\?width=\d+&height=\d+&resize=cover$/);
      assert.equal(shell.attributes.fetchpriority, 'high');
      assert.equal(shell.attributes.alt, '');
      assert.ok(Math.abs(shell.box.width / shell.box.height - 3) < 0.02, `a 3:1 band (${shell.box.width}×${shell.box.height})`);
      await assertAccessible(page, 'place header and photo band before the app');

      release();
      await page.getByRole('button', { name: 'Share' }).waitFor();
      await page.getByRole('heading', { name: 'Rating' }).waitFor();
      await page.locator('main article > span > img[srcset]').waitFor();
      await page.waitForFunction(`${bandImage}?.loaded`);
      const drawn = (await page.evaluate(bandImage)) as BandImage;
      assert.deepEqual(drawn.attributes, shell.attributes, 'the app draws the band with the same URLs and attributes');
      assert.equal(drawn.currentSrc, shell.currentSrc);
      assert.deepEqual(drawn.box, shell.box, 'the band does not move');
      await page.waitForLoadState('networkidle');
      assert.equal(photoRequests.filter((url) => url === shell.currentSrc).length, 1, 'the band image is requested once');
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("the app's scripts are requested once the photo band's paint has been reported, so they never hold the largest paint back", async () => {
    for (const viewport of [viewports.mobile, viewports.desktop]) {
      const { page, context, errors } = await app.openPage(viewport);
      await page.goto(`/places/${photoId}`);
      await page.getByRole('button', { name: 'Share' }).waitFor();
      const timing = (await page.evaluate(`new Promise((resolve) => new PerformanceObserver((list) => resolve({
        paints: list.getEntries().map((entry) => ({ url: entry.url, at: entry.renderTime || entry.startTime })),
        scripts: performance.getEntriesByType('resource').filter((entry) => /\\/assets\\/(index|react-dom|supabase)-[\\w-]+\\.js$/.test(entry.name)).map((entry) => ({ name: entry.name, at: entry.startTime })),
      })).observe({ type: 'largest-contentful-paint', buffered: true }))`)) as {
        paints: { url: string; at: number }[];
        scripts: { name: string; at: number }[];
      };
      // On a phone the place's hours and contact put the band (all but a sliver) below the first screen: the
      // largest paint is then the header's text, and the scripts wait for that instead.
      const bandOnFirstScreen = viewport === viewports.desktop;
      assert.equal(
        await page.evaluate(
          `(() => { const box = document.querySelector('main article > span img').getBoundingClientRect(); return Math.min(box.bottom + scrollY, innerHeight) - (box.top + scrollY) >= box.height / 2; })()`,
        ),
        bandOnFirstScreen,
      );
      const bandPaint = timing.paints.find((paint) => paint.url.includes('/storage/v1/render/image/public/place-photos/'));
      const largest = bandOnFirstScreen ? bandPaint : timing.paints[0];
      assert.ok(largest, `the ${bandOnFirstScreen ? 'band' : "header's text"} is the largest paint (${JSON.stringify(timing.paints)})`);
      if (!bandOnFirstScreen) assert.equal(bandPaint, undefined, 'a band off the first screen is not the largest paint');
      assert.equal(timing.scripts.length >= 3, true, `the app's entry scripts were fetched (${JSON.stringify(timing.scripts)})`);
      for (const script of timing.scripts) {
        assert.ok(
          script.at >= largest.at,
          `${script.name} was requested at ${script.at.toFixed(1)} ms, before the largest paint at ${largest.at.toFixed(1)} ms`,
        );
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('a place hidden from visitors is left to the app, which says it is not there', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    const release = await holdScripts(page);
    const early = page.waitForResponse((response) => response.url().includes(`/rest/v1/places?id=eq.${hiddenId}`));
    await page.goto(`/places/${hiddenId}`, { waitUntil: 'commit' });
    assert.deepEqual(await (await early).json(), []);
    // The answer's handler has run once the next task does: the shell has no place header.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 0);
    assert.equal(await page.title(), 'Pinstar');
    release();
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
