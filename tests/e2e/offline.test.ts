import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, dismissToasts, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient } from './support/member-data.ts';
import { kept, offlineBanner, offlineMessages } from './support/offline.ts';
import { makePng } from './support/png.ts';

const banner = 'You are offline. Starred places and your lists are available; new searches are not.';

const starredList = (page: Page) => page.getByRole('list', { name: 'Starred places' }).getByRole('link', { name: /Offline Café/ });

/** Every image with this alt text on the page has loaded and has pixels. */
const imageLoaded = (alt: string) =>
  `[...document.querySelectorAll('img[alt=${JSON.stringify(alt)}]')].some((i) => i.complete && i.naturalWidth > 0)`;

// Offline in Chromium with the service worker on: what a member opened reads after a reload with
// the network off (kept cache + cached pages, scripts and photo variants), writes made offline
// wait on the device, show "Waiting to send" and arrive in order once back online (live for
// another member); one the server refuses meanwhile is shown with why, to retry or discard.
describe('offline', () => {
  const app = useE2eApp();
  const password = 'correct horse battery';

  async function member(label: string, name: string) {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, name);
    return { id, email, api: await memberClient(app.server, email, password) };
  }
  async function place(api: Awaited<ReturnType<typeof member>>['api'], name: string, lat: number): Promise<string> {
    const { data, error } = await api.from('places').insert({ name, category: 'cafe', lat, lng: 2.35 }).select('id').single();
    assert.equal(error, null);
    return (data as { id: string }).id;
  }
  async function openContext(serviceWorkers: 'allow' | 'block' = 'allow'): Promise<{ context: BrowserContext; page: Page }> {
    // Service workers allowed (the fixture's pages block them), as in tests/e2e/pwa.test.ts.
    const context = await app.browser.newContext({
      baseURL: app.server.url,
      viewport: viewports.mobile,
      locale: 'en-US',
      timezoneId: 'UTC',
      serviceWorkers,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return { context, page };
  }
  async function accessibleInBothThemes(page: Page, label: string) {
    await dismissToasts(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await assertAccessible(page, `${label} (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  test('read offline, write offline, sent in order when back; a refused write stays with its reason', async () => {
    const ada = await member('ada', 'Ada Lovelace');
    const bob = await member('bob', 'Bob Builder');
    const mo = await member('mo', 'Mo Derator');
    await app.server.admin().from('profiles').update({ role: 'moderator' }).eq('id', mo.id);
    const starredPlace = await place(bob.api, 'Offline Café', 48.85);
    const otherPlace = await place(bob.api, 'Second Park', 48.86);
    const doomedPlace = await place(bob.api, 'Hidden Corner', 48.87);

    // Bob's review of the starred place, with a photo; Ada stars it and keeps it on a list.
    const { data: review } = await bob.api
      .from('reviews')
      .insert({ place_id: starredPlace, author_id: bob.id, rating: 5, body: 'Strong coffee and a quiet terrace in the back.' })
      .select('id')
      .single();
    const reviewId = (review as { id: string }).id;
    const photoPath = `${bob.id}/terrace.png`;
    assert.equal(
      (await bob.api.storage.from('place-photos').upload(photoPath, makePng(320, 240), { contentType: 'image/png' })).error,
      null,
    );
    const photoRow = {
      review_id: reviewId,
      place_id: starredPlace,
      uploader_id: bob.id,
      path: photoPath,
      alt: 'The terrace',
      width: 320,
      height: 240,
    };
    assert.equal((await bob.api.from('review_photos').insert(photoRow)).error, null);
    assert.equal((await ada.api.from('stars').insert({ user_id: ada.id, place_id: starredPlace })).error, null);
    const { data: list } = await ada.api
      .from('lists')
      .insert({ owner_id: ada.id, name: 'Weekend', visibility: 'private' })
      .select('id')
      .single();
    const listId = (list as { id: string }).id;
    assert.equal((await ada.api.from('list_places').insert({ list_id: listId, place_id: starredPlace, added_by: ada.id })).error, null);

    // Online: Ada signs in; once the service worker controls the page she opens what she wants later.
    const { context, page } = await openContext();
    await page.goto('/auth/sign-in');
    await signInWithForm(page, ada.email, password);
    await waitForToast(page, 'Welcome, Ada Lovelace!');
    await page.waitForFunction(`navigator.serviceWorker.ready.then(() => true)`);
    await page.reload();
    await page.waitForFunction(`navigator.serviceWorker.controller !== null`);
    // Each page's answers are kept on the device a moment after they arrive.
    await page.goto('/starred');
    await starredList(page).waitFor();
    await kept(page, ['private', 'stars', ada.id, 'places']);
    await page.goto(`/places/${starredPlace}`);
    await page.getByText('Strong coffee and a quiet terrace in the back.').waitFor();
    await page.locator('img[alt="The terrace"]').first().scrollIntoViewIfNeeded();
    await page.waitForFunction(imageLoaded('The terrace'));
    await kept(page, ['reviews', 'place', starredPlace, 'newest']);
    // Whether Ada reviewed it already: "Write a review" waits for that answer, offline too. It can
    // arrive after the reviews, and a page left before it arrived has nothing to keep.
    await kept(page, ['private', 'my-review', starredPlace, ada.id]);
    await page.goto(`/lists/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Weekend' }).waitFor();
    await kept(page, ['lists', 'detail', listId]);
    await page.goto(`/places/${otherPlace}`);
    await page.getByRole('heading', { level: 1, name: 'Second Park' }).waitFor();
    await kept(page, ['places', 'detail', otherPlace]);

    // Bob has the starred place open in his browser.
    const bobPage = await app.openPage();
    await bobPage.page.goto('/auth/sign-in');
    await signInWithForm(bobPage.page, bob.email, password);
    await waitForToast(bobPage.page, 'Welcome, Bob Builder!');
    await bobPage.page.goto(`/places/${starredPlace}`);
    await bobPage.page.getByText('Strong coffee and a quiet terrace in the back.').waitFor();

    // Offline: pages, data and photos come from the device; the banner says what works. Its
    // words follow what the browser says: Chromium 150 reports a page its service worker served
    // after the network went off as online, and the app then says it cannot reach Pinstar.
    await context.setOffline(true);
    await page.goto(`/places/${starredPlace}`);
    await page.getByRole('heading', { level: 1, name: 'Offline Café' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: await offlineBanner(page, 'member') })
      .waitFor();
    await page.getByText('Strong coffee and a quiet terrace in the back.').waitFor();
    await page.locator('img[alt="The terrace"]').first().scrollIntoViewIfNeeded();
    await page.waitForFunction(imageLoaded('The terrace'));
    await page.goto(`/lists/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Weekend' }).waitFor();
    await page.getByRole('list', { name: 'Places on this list' }).getByRole('link', { name: 'Offline Café' }).waitFor();
    await page.goto('/starred');
    await starredList(page).waitFor();
    await page.getByText(await offlineBanner(page, 'member')).waitFor();

    // A review with a photo, written offline.
    await page.goto(`/places/${starredPlace}`);
    await page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Offline Café' });
    await dialog.getByRole('radio', { name: /4 stars/ }).waitFor({ state: 'attached' });
    await dialog.getByRole('radio', { name: /4 stars/ }).check({ force: true });
    await dialog.getByLabel('Your review').fill('Written on the metro with no signal at all.');
    await dialog.locator('input[type="file"]').setInputFiles([{ name: 'cup.png', mimeType: 'image/png', buffer: makePng(400, 300) }]);
    await dialog.getByLabel('Describe photo 1').fill('A cup on the table');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your review: waiting to send').waitFor();

    // A star on another place, offline.
    await page.goto(`/places/${otherPlace}`);
    await page.getByRole('heading', { level: 1, name: 'Second Park' }).waitFor();
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await page.getByRole('button', { name: 'Starred', exact: true }).waitFor();
    await page.getByText('Waiting to send', { exact: true }).waitFor();
    await page.getByText('2 changes waiting to send').waitFor();
    // the toast that says so comes once the star is stored on the device
    await waitForToast(page, 'Saved on this device');
    await accessibleInBothThemes(page, 'Offline banner and waiting changes');

    // Back online: both are sent in order; Bob sees the review arrive live; the star is stored.
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'new searches are not' }).waitFor({ state: 'detached' });
    await page.getByText('2 changes waiting to send').waitFor({ state: 'detached' });
    await page.getByText('Waiting to send', { exact: true }).waitFor({ state: 'detached' });
    const pill = bobPage.page.getByRole('button', { name: '1 new review' });
    await pill.click();
    await bobPage.page.getByText('Written on the metro with no signal at all.').waitFor();
    const { data: stars } = await app.server.admin().from('stars').select('place_id').eq('user_id', ada.id);
    assert.deepEqual(((stars ?? []) as { place_id: string }[]).map((s) => s.place_id).sort(), [starredPlace, otherPlace].sort());
    const { data: sent } = await app.server
      .admin()
      .from('reviews')
      .select('rating, body, review_photos(alt)')
      .eq('author_id', ada.id)
      .eq('place_id', starredPlace)
      .single();
    assert.deepEqual(sent, {
      rating: 4,
      body: 'Written on the metro with no signal at all.',
      review_photos: [{ alt: 'A cup on the table' }],
    });

    // A conflict: a review queued for a place that a moderator hides meanwhile.
    await page.goto(`/places/${doomedPlace}`);
    await page.getByRole('heading', { level: 1, name: 'Hidden Corner' }).waitFor();
    // The button is enabled once the member's own review (none) is known.
    await page.getByRole('button', { name: 'Write a review', disabled: false }).waitFor();
    await context.setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: await offlineBanner(page, 'member') })
      .waitFor();
    assert.equal(await offlineMessages(page), 1, 'one offline message: the banner, no toast beside it');
    await page.getByRole('button', { name: 'Write a review' }).click();
    const second = page.getByRole('dialog', { name: 'Review Hidden Corner' });
    await second.getByRole('radio', { name: /3 stars/ }).waitFor({ state: 'attached' });
    await second.getByRole('radio', { name: /3 stars/ }).check({ force: true });
    await second.getByLabel('Your review').fill('Nice corner but it was closed when I came.');
    await second.getByRole('button', { name: 'Post review' }).click();
    await second.waitFor({ state: 'detached' });
    await page.getByText('Your review: waiting to send').waitFor();
    const moderator = await mo.api.rpc('hide_content', { target_type: 'place', target_id: doomedPlace, reason: 'Closed for good' });
    assert.equal(moderator.error, null);
    await context.setOffline(false);
    const refused = page.getByRole('region', { name: 'Changes not sent yet' }).getByRole('listitem');
    await refused.filter({ hasText: 'Your review of Hidden Corner was not sent.' }).waitFor();
    assert.match(await refused.innerText(), /This place was hidden by a moderator and takes no new reviews\./);
    await waitForToast(page, 'A change was not sent');
    await accessibleInBothThemes(page, 'A change the server refused');
    // Kept across a reload until the member decides.
    await page.reload();
    await refused.filter({ hasText: 'Your review of Hidden Corner was not sent.' }).waitFor();
    await refused.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('region', { name: 'Changes not sent yet' }).waitFor({ state: 'detached' });
    const { data: none } = await app.server.admin().from('reviews').select('id').eq('author_id', ada.id).eq('place_id', doomedPlace);
    assert.deepEqual(none, []);

    await context.close();
    await bobPage.context.close();
  });

  test('sign-out asks before it discards what waits to be sent, then removes the kept cache and the queue from the device', async () => {
    const cy = await member('cy', 'Cy Young');
    const bench = await place(cy.api, 'Quiet Bench', 48.88);
    const { context, page } = await openContext();
    await page.goto('/auth/sign-in');
    await signInWithForm(page, cy.email, password);
    await waitForToast(page, 'Welcome, Cy Young!');
    await page.goto('/starred');
    await page.getByRole('heading', { level: 1, name: 'Starred places' }).waitFor();
    await kept(page, ['private', 'stars', cy.id, 'places']);

    // A star made offline that cannot be delivered once back (the server is out of reach).
    await page.goto(`/places/${bench}`);
    await page.getByRole('heading', { level: 1, name: 'Quiet Bench' }).waitFor();
    // the star's state has arrived (the button shows once it is known)
    await page.getByRole('button', { name: 'Star', exact: true }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await page.getByText('Waiting to send', { exact: true }).waitFor();
    await context.route('**/rest/v1/stars*', (route) => route.abort('connectionfailed'));
    await context.setOffline(false);

    const signOut = async () => {
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
    };
    await signOut();
    const ask = page.getByRole('alertdialog', { name: 'Sign out and discard 1 change?' });
    await ask.getByText('Not sent yet: Your star on Quiet Bench.').waitFor();
    await accessibleInBothThemes(page, 'Sign out with a change waiting');
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByText('Waiting to send', { exact: true }).waitFor();
    await page.getByRole('button', { name: /account menu/i }).waitFor();

    await signOut();
    await ask.getByRole('button', { name: 'Sign out and discard' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await kept(page, ['private', 'stars', cy.id, 'places'], false);
    assert.equal(await page.getByText('Waiting to send', { exact: true }).count(), 0);
    const { data: stars } = await app.server.admin().from('stars').select('place_id').eq('user_id', cy.id);
    assert.deepEqual(stars, []);
    await context.close();
  });

  test('a part of the page still loading when the connection drops comes once it is back; the rest keeps working meanwhile', async () => {
    const dee = await member('dee', 'Dee Dee');
    const other = await member('eve', 'Eve Online');
    const corner = await place(other.api, 'Late Corner', 48.89);
    // A first visit: no service worker in control yet, so the page's own requests fetch its code.
    const { context, page } = await openContext('block');
    await page.goto('/auth/sign-in');
    await signInWithForm(page, dee.email, password);
    await waitForToast(page, 'Welcome, Dee Dee!');
    // The code of the place page's lower sections (and its report button) is slow to come, and the
    // connection drops before it has: that request fails as the browser's would.
    let dropped: () => void = () => undefined;
    const connectionDropped = new Promise<void>((resolve) => (dropped = resolve));
    let holding = true;
    await context.route('**/assets/place-sections-*.js', async (route) => {
      if (!holding) return route.continue();
      await connectionDropped;
      return route.abort('internetdisconnected');
    });
    await page.goto(`/places/${corner}`);
    await page.getByRole('heading', { level: 1, name: 'Late Corner' }).waitFor();
    await page.getByRole('button', { name: 'Star', exact: true }).waitFor();
    await context.setOffline(true);
    holding = false;
    dropped();
    await page.getByRole('status').filter({ hasText: banner }).waitFor();
    // The header stays and works offline: a star waits on the device.
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await page.getByText('Waiting to send', { exact: true }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'no section shows an error');
    // Back online, the sections' code is fetched again, the reviews and the report button come, and the star is sent.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Report this place' }).waitFor();
    await page.getByRole('button', { name: 'Write a review' }).waitFor();
    await page.getByRole('button', { name: 'Starred', exact: true }).waitFor();
    await page.getByText('Waiting to send', { exact: true }).waitFor({ state: 'detached' });
    const { data: stars } = await app.server.admin().from('stars').select('place_id').eq('user_id', dee.id);
    assert.deepEqual(stars, [{ place_id: corner }]);
    await context.close();
  });
});
