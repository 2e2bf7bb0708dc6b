import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { assertAccessible, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

const ladder = [64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2000];

/** Holds every rendered image until `release()`, so what shows while photos load can be seen. */
async function holdRenders(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/storage\/v1\/render\/image\//, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

interface Drawn {
  currentSrc: string;
  srcset: string;
  loading: string;
  cssWidth: number;
  cssHeight: number;
  naturalWidth: number;
}

/** What an image element exposes, typed here because the tests compile without the DOM library. */
interface ImageElement {
  currentSrc: string;
  srcset: string;
  loading: string;
  naturalWidth: number;
  getBoundingClientRect(): { width: number; height: number };
}

function drawn(page: Page, selector: string): Promise<Drawn[]> {
  return page.locator(selector).evaluateAll((elements: unknown[]) =>
    elements.map((element) => {
      const image = element as ImageElement;
      return {
        currentSrc: image.currentSrc,
        srcset: image.srcset,
        loading: image.loading,
        cssWidth: image.getBoundingClientRect().width,
        cssHeight: image.getBoundingClientRect().height,
        naturalWidth: image.naturalWidth,
      };
    }),
  );
}

/**
 * The variant is the smallest of the ladder that covers the picture's device pixels — or a larger
 * one of the same photo that the page already shows elsewhere (`shownElsewhere`), which Chromium
 * reuses from its memory cache instead of downloading the smaller one.
 */
function assertVariantFits(image: Drawn, dpr: number, label: string, shownElsewhere: readonly string[] = []): void {
  const url = new URL(image.currentSrc);
  assert.match(url.pathname, /\/storage\/v1\/render\/image\/public\/place-photos\//, `${label}: a transformed variant`);
  const width = Number(url.searchParams.get('width'));
  const needed = Math.ceil(image.cssWidth * dpr);
  const expected = ladder.find((w) => w >= needed) ?? 2000;
  if (width > expected && shownElsewhere.includes(image.currentSrc)) return;
  assert.equal(width, expected, `${label}: ${image.cssWidth} CSS px at ${dpr}x asks for width ${expected}, got ${width}`);
  assert.ok(image.naturalWidth > 0 && image.naturalWidth <= width, `${label}: loaded (${image.naturalWidth} px)`);
}

// Every photo is a variant at the size it is drawn (srcset for the screen's density), a
// ThumbHash is drawn while it loads, nothing moves when it arrives, and the gallery's lightbox
// goes on by keyboard and by swipe. Demo data: the seeded illustrations have ThumbHashes.
describe('photos', () => {
  const app = useE2eApp({ demoData: true });
  let placeId = '';
  before(async () => {
    const { data, error } = await app.server.admin().from('places').select('id, cover_photo_path').eq('name', 'Eiffel Tower').single();
    assert.equal(error, null);
    assert.ok(data?.cover_photo_path, 'the seeded place has a cover photo');
    placeId = data.id;
  });

  test('a place page asks for variants at the drawn size, shows placeholders, and does not shift', async () => {
    for (const [viewport, dpr] of [
      [viewports.desktop, 1],
      [viewports.mobile, 3],
    ] as const) {
      const context = await app.browser.newContext({
        baseURL: app.server.url,
        viewport,
        deviceScaleFactor: dpr,
        locale: 'en-US',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const originals: string[] = [];
      const avatarWidths = new Map<string, Set<string>>();
      page.on('request', (request) => {
        if (request.url().includes('/storage/v1/object/public/')) originals.push(request.url());
        const avatar = new URL(request.url());
        if (!avatar.pathname.includes('/storage/v1/render/image/public/avatars/')) return;
        const widths = avatarWidths.get(avatar.pathname) ?? new Set<string>();
        avatarWidths.set(avatar.pathname, widths.add(avatar.searchParams.get('width') ?? ''));
      });
      const release = await holdRenders(page);
      // Not until `load`: the page's shell draws the band with its (held) image (decision 075).
      await page.goto(`/places/${placeId}`, { waitUntil: 'domcontentloaded' });
      const cover = page.locator('main article > span[data-photo-placeholder]').first();
      await cover.waitFor();
      const background = await page.evaluate(
        `getComputedStyle(document.querySelector('main article > span[data-photo-placeholder]')).backgroundImage`,
      );
      assert.match(String(background), /^url\("data:image\/png;base64,/);
      const reviews = page.getByRole('heading', { level: 2, name: 'Rating' });
      const before = await reviews.boundingBox();
      release();
      // The gallery and the review list mount once their queries have settled (decision 278).
      await page.locator('main ul button img').first().waitFor();
      await page.locator('main article article ul img').first().waitFor();
      // every image the page asked for; lazy avatars far below the fold (a long page of reviews) wait for a scroll
      await page.waitForFunction(
        `[...document.querySelectorAll('main article img')].every((image) => image.complete || (image.loading === 'lazy' && image.currentSrc === ''))`,
      );
      await page.waitForFunction(`document.querySelectorAll('main [data-photo-placeholder]').length === 0`);
      const after = await reviews.boundingBox();
      assert.deepEqual(after, before, 'nothing moved when the photos arrived');
      const [header] = await drawn(page, 'main article > span img');
      assert.ok(header);
      assertVariantFits(header, dpr, `header at ${viewport.width} px`);
      assert.equal(header.loading, 'eager');
      assert.ok(Math.abs(header.cssWidth / header.cssHeight - 3) < 0.05, 'the header keeps its 3:1 box');
      const gallery = page.getByRole('list').filter({ has: page.getByRole('button', { name: /Eiffel Tower/ }) });
      const thumbs = await drawn(page, 'main ul button img');
      assert.ok(thumbs.length > 0);
      for (const thumb of thumbs) {
        assertVariantFits(thumb, dpr, `gallery at ${viewport.width} px`);
        assert.equal(thumb.loading, 'lazy');
        assert.match(thumb.srcset, / 96w, .* 256w, /);
      }
      assert.ok(await gallery.count());
      const reviewPhoto = await drawn(page, 'main article article ul img');
      assert.ok(reviewPhoto.length > 0, 'the review shows its photo');
      const galleryShows = thumbs.map((thumb) => thumb.currentSrc);
      for (const photo of reviewPhoto) assertVariantFits(photo, dpr, 'review photo', galleryShows);
      assert.deepEqual(originals, [], 'no photo is downloaded at full size');
      // Each avatar is fetched once, as the variant its srcset chooses (no probe of the 1x URL).
      assert.ok(avatarWidths.size > 0, 'the reviews show avatars');
      for (const avatar of await drawn(page, 'main article article header > span img')) assert.equal(avatar.loading, 'lazy');
      for (const [avatar, widths] of avatarWidths) assert.equal(widths.size, 1, `${avatar} at ${dpr}x: widths ${[...widths].join(', ')}`);
      await context.close();
    }
  });

  test('the lightbox shows the alt text and goes on with arrow keys and a swipe', async () => {
    const { page, errors } = await app.openPage(viewports.desktop);
    const { data } = await app.server.admin().from('places').select('id').eq('name', 'Brooklyn Bridge').single();
    // A place with one photo has nothing to step to; the demo photos are one per place, so a
    // second one is added to the Eiffel Tower's review for this test.
    const admin = app.server.admin();
    const { data: photo } = await admin.from('review_photos').select('review_id, uploader_id, path').eq('place_id', placeId).single();
    assert.ok(photo && data);
    const { data: other } = await admin.from('review_photos').select('path').eq('place_id', data.id).single();
    assert.ok(other);
    const copyPath = other.path.replace(/^[^/]+/, photo.uploader_id).replace('.webp', '-copy.webp');
    const file = await admin.storage.from('place-photos').download(other.path);
    assert.ok(file.data);
    const upload = await admin.storage.from('place-photos').upload(copyPath, file.data, { contentType: 'image/webp' });
    assert.equal(upload.error, null);
    const added = await admin.from('review_photos').insert({
      review_id: photo.review_id,
      place_id: placeId,
      uploader_id: photo.uploader_id,
      path: copyPath,
      alt: 'A second illustration of the tower',
      width: 1600,
      height: 1200,
    });
    assert.equal(added.error, null);
    await page.goto(`/places/${placeId}`);
    await page.getByRole('button', { name: 'A second illustration of the tower' }).click();
    const dialog = page.getByRole('dialog', { name: /Photo 1 of 2/ });
    await dialog.waitFor();
    await dialog.getByText('A second illustration of the tower').waitFor();
    await page.keyboard.press('ArrowRight');
    await page
      .getByRole('dialog', { name: /Photo 2 of 2/ })
      .getByText(/the Eiffel Tower’s iron lattice/)
      .waitFor();
    await page.waitForFunction(
      `document.querySelector('[role="dialog"] img')?.complete && document.querySelector('[role="dialog"] img').naturalWidth > 0`,
    );
    const [big] = await drawn(page, '[role="dialog"] img');
    assert.ok(big);
    assert.match(new URL(big.currentSrc).search, /resize=contain/);
    await assertAccessible(page, 'photo lightbox');
    const box = await page.getByRole('dialog').locator('img').boundingBox();
    assert.ok(box);
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('dialog', { name: /Photo 1 of 2/ }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: /Photo 2 of 2/ }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('list cards show the place’s best photo as a small variant', async () => {
    const { page, errors } = await app.openPage(viewports.desktop);
    await page.goto('/?lat=48.8584&lng=2.2945&z=13');
    const card = page.locator('article[data-place-id]').filter({ hasText: 'Eiffel Tower' });
    await card.waitFor();
    // this card's picture; cards further down keep theirs lazy until scrolled to
    await page.waitForFunction(
      `[...document.querySelectorAll('article[data-place-id]')].some((card) => card.textContent.includes('Eiffel Tower') && card.querySelector('img')?.complete && card.querySelector('img').naturalWidth > 0)`,
    );
    const [thumb] = await drawn(page, 'article[data-place-id]:has-text("Eiffel Tower") img');
    assert.ok(thumb);
    assertVariantFits(thumb, 1, 'list card');
    assert.equal(new URL(thumb.currentSrc).searchParams.get('height'), '96');
    assert.deepEqual(errors, []);
  });

  test('an avatar shows the member’s initials when its picture fails, and only the picture once it loads', async () => {
    const { page } = await app.openPage(viewports.desktop);
    const avatarSelector = 'main article article header > span';
    const avatar = page.locator(avatarSelector).first();
    await page.route(/\/storage\/v1\/render\/image\/public\/avatars\//, (route) => route.abort());
    await page.goto(`/places/${placeId}`);
    // The initials are drawn under the picture from the start (hidden for 300 ms by CSS): the
    // failure is the picture leaving, then the initials must be shown at once.
    await avatar.getByText(/^[A-Z]{1,2}$/).waitFor();
    await avatar.locator('img').waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(await page.evaluate(`getComputedStyle(document.querySelector('${avatarSelector} > span')).opacity`), '1', 'shown at once');

    await page.unrouteAll();
    await page.reload();
    await page.waitForFunction(`document.querySelector('${avatarSelector} img')?.complete === true`);
    assert.ok(await page.evaluate(`document.querySelector('${avatarSelector} img').naturalWidth > 0`), 'the picture loaded');
    assert.equal(await avatar.getByText(/^[A-Z]{1,2}$/).count(), 0, 'its initials are gone');
  });
});
