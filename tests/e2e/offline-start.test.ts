import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient } from './support/member-data.ts';
import { kept, offlineBanner } from './support/offline.ts';

/** Every request to the server fails as on a dead connection; the page and its scripts still load. */
const api = /\/(rest|auth|storage|functions)\/v1\//;

// Offline as a first-class state (decision 390): the app opened with the connection already off
// (a night later, the access token ended), and a connection that dies while the browser still
// says it is online. What the member opened reads from the device, the banner shows at once, and
// what they write waits on the device and is sent, in order, once the server answers again.
describe('offline from a cold start', () => {
  const app = useE2eApp();
  const password = 'metro without signal';

  async function member(label: string, name: string) {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, name);
    return { id, email, api: await memberClient(app.server, email, password) };
  }
  type Member = Awaited<ReturnType<typeof member>>;
  async function place(who: Member, name: string, lat: number): Promise<string> {
    const { data, error } = await who.api.from('places').insert({ name, category: 'cafe', lat, lng: 2.35 }).select('id').single();
    assert.equal(error, null);
    return (data as { id: string }).id;
  }
  async function listWith(who: Member, name: string, placeId: string): Promise<string> {
    const { data } = await who.api.from('lists').insert({ owner_id: who.id, name, visibility: 'private' }).select('id').single();
    const listId = (data as { id: string }).id;
    assert.equal((await who.api.from('list_places').insert({ list_id: listId, place_id: placeId, added_by: who.id })).error, null);
    return listId;
  }
  async function openContext(serviceWorkers: 'allow' | 'block'): Promise<{ context: BrowserContext; page: Page }> {
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
  async function signIn(page: Page, who: Member, name: string) {
    await page.goto('/auth/sign-in');
    await signInWithForm(page, who.email, password);
    await waitForToast(page, `Welcome, ${name}!`);
  }
  const createdAt = async (table: string, column: string, value: string, userColumn: string, userId: string) => {
    const { data } = await app.server.admin().from(table).select('created_at').eq(column, value).eq(userColumn, userId).single();
    return Date.parse((data as { created_at: string }).created_at);
  };

  test('the next morning on the metro: the app opens offline, reads what was opened, and sends what was written in order once back', async () => {
    const ada = await member('ada', 'Ada Lovelace');
    const cafe = await place(ada, 'Metro Café', 48.85);
    const park = await place(ada, 'Metro Park', 48.86);
    assert.equal((await ada.api.from('stars').insert({ user_id: ada.id, place_id: cafe })).error, null);
    const listId = await listWith(ada, 'Commute', cafe);

    // Online, the evening before: Ada opens her stars, her list and both places (and the Save picker).
    const { context, page } = await openContext('allow');
    await signIn(page, ada, 'Ada Lovelace');
    await page.waitForFunction(`navigator.serviceWorker.ready.then(() => true)`);
    await page.goto('/starred');
    await page
      .getByRole('list', { name: 'Starred places' })
      .getByRole('link', { name: /Metro Café/ })
      .waitFor();
    await kept(page, ['private', 'stars', ada.id, 'places']);
    await page.goto(`/lists/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Commute' }).waitFor();
    await kept(page, ['lists', 'detail', listId]);
    await page.goto(`/places/${cafe}`);
    await page.getByRole('button', { name: 'Write a review', disabled: false }).waitFor();
    await kept(page, ['private', 'my-review', cafe, ada.id]);
    await page.goto(`/places/${park}`);
    await page.getByRole('button', { name: 'Star', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save Metro Park to a list' }).click();
    await page
      .getByRole('dialog', { name: 'Save to a list' })
      .getByRole('checkbox', { name: /Commute/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await kept(page, ['private', 'lists', ada.id, 'place', park]);
    await kept(page, ['private', 'lists', ada.id, 'overview']);
    await kept(page, ['private', 'stars', ada.id, 'ids']);
    // A night goes by: the access token has ended when the app opens again.
    await page.evaluate(`(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      const session = JSON.parse(localStorage.getItem(key));
      localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    })()`);
    await page.close();

    // On the metro: the connection is off before the app starts.
    await context.setOffline(true);
    const metro = await context.newPage();
    metro.setDefaultTimeout(20_000);
    await metro.goto(`/lists/${listId}`);
    const heading = metro.getByRole('heading', { level: 1, name: 'Commute' });
    await heading.waitFor();
    const banner = metro.getByRole('status').filter({ hasText: await offlineBanner(metro, 'member') });
    assert.equal(await banner.isVisible(), true, 'the banner is there as soon as the list is');
    await metro.getByRole('list', { name: 'Places on this list' }).getByRole('link', { name: 'Metro Café' }).waitFor();
    await metro.goto('/starred');
    await metro
      .getByRole('list', { name: 'Starred places' })
      .getByRole('link', { name: /Metro Café/ })
      .waitFor();
    assert.equal(await metro.getByRole('alert').count(), 0, 'no error where the kept data is');

    // Four writes on the device, in this order: a star, a list entry, a note, a review.
    await metro.goto(`/places/${park}`);
    await metro.getByRole('heading', { level: 1, name: 'Metro Park' }).waitFor();
    await metro.getByRole('button', { name: 'Star', exact: true }).click();
    await metro.getByRole('button', { name: 'Starred', exact: true }).waitFor();
    await metro.getByText('Waiting to send', { exact: true }).waitFor();
    await metro.getByRole('button', { name: 'Save Metro Park to a list' }).click();
    const picker = metro.getByRole('dialog', { name: 'Save to a list' });
    await picker.getByRole('checkbox', { name: /Commute/ }).check();
    await picker.getByText('Waiting to send').waitFor();
    await metro.keyboard.press('Escape');
    await metro.getByText('2 changes waiting to send').waitFor();
    await metro.goto(`/lists/${listId}`);
    const note = metro.getByLabel('Note on Metro Café');
    await note.fill('Take the back exit, it is quicker.');
    await note.blur();
    await metro.getByText('3 changes waiting to send').waitFor();
    await metro.goto(`/places/${cafe}`);
    await metro.getByRole('button', { name: 'Write a review' }).click();
    const dialog = metro.getByRole('dialog', { name: 'Review Metro Café' });
    await dialog.getByRole('radio', { name: /5 stars/ }).waitFor({ state: 'attached' });
    await dialog.getByRole('radio', { name: /5 stars/ }).check({ force: true });
    await dialog.getByLabel('Your review').fill('The best coffee between two stations, written underground.');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await metro.getByText('Your review: waiting to send').waitFor();
    await metro.getByText('4 changes waiting to send').waitFor();

    // A reload while they wait: still on the device, still waiting.
    await metro.reload();
    await metro.getByText('4 changes waiting to send').waitFor();
    await metro.getByText('Your review: waiting to send').waitFor();
    const { data: before } = await app.server.admin().from('stars').select('place_id').eq('user_id', ada.id);
    assert.deepEqual(before, [{ place_id: cafe }], 'nothing was sent while offline');

    // Back above ground: the session is renewed and the four are sent, in the order they were made.
    await context.setOffline(false);
    await metro.getByText(/changes? waiting to send/).waitFor({ state: 'detached', timeout: 40_000 });
    await metro.getByText('Your review: waiting to send').waitFor({ state: 'detached' });
    const starredAt = await createdAt('stars', 'place_id', park, 'user_id', ada.id);
    const listedAt = await createdAt('list_places', 'place_id', park, 'added_by', ada.id);
    const reviewedAt = await createdAt('reviews', 'place_id', cafe, 'author_id', ada.id);
    assert.ok(starredAt <= listedAt && listedAt <= reviewedAt, 'the star, then the list entry, then the review');
    const { data: entry } = await app.server.admin().from('list_places').select('note').eq('list_id', listId).eq('place_id', cafe).single();
    assert.deepEqual(entry, { note: 'Take the back exit, it is quicker.' });
    const { data: review } = await app.server.admin().from('reviews').select('rating, body').eq('author_id', ada.id).single();
    assert.deepEqual(review, { rating: 5, body: 'The best coffee between two stations, written underground.' });
    await context.close();
  });

  test('a connection that dies while the browser says online: reads stay, writes wait, both starts, and all is sent once the server answers', async () => {
    const ben = await member('ben', 'Ben Builder');
    const corner = await place(ben, 'Dead Zone Corner', 48.87);
    const listId = await listWith(ben, 'Errands', corner);
    const { context, page } = await openContext('block');
    await signIn(page, ben, 'Ben Builder');
    await page.goto(`/lists/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Errands' }).waitFor();
    await kept(page, ['lists', 'detail', listId]);
    await page.goto(`/places/${corner}`);
    await page.getByRole('button', { name: 'Star', exact: true }).waitFor();

    // Mid-session: the network interface is up, but nothing reaches the server any more.
    await context.route(api, (route) => route.abort('internetdisconnected'));
    assert.equal(await page.evaluate<boolean>('navigator.onLine'), true);
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await page.getByText('Waiting to send', { exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: await offlineBanner(page, 'member') })
      .waitFor();

    // The app opened again with that dead connection: the kept list, the banner, and a note that waits.
    await page.close();
    const second = await context.newPage();
    second.setDefaultTimeout(20_000);
    await second.goto(`/lists/${listId}`);
    await second.getByRole('heading', { level: 1, name: 'Errands' }).waitFor();
    await second
      .getByRole('status')
      .filter({ hasText: await offlineBanner(second, 'member') })
      .waitFor();
    const note = second.getByLabel('Note on Dead Zone Corner');
    await note.fill('Closed on Mondays.');
    await note.blur();
    await second.getByText('2 changes waiting to send').waitFor();
    const { data: none } = await app.server.admin().from('stars').select('place_id').eq('user_id', ben.id);
    assert.deepEqual(none, []);

    // The connection comes back: the app finds it by itself and sends both, in order.
    await context.unroute(api);
    await second.getByText(/changes? waiting to send/).waitFor({ state: 'detached', timeout: 40_000 });
    const { data: stars } = await app.server.admin().from('stars').select('place_id').eq('user_id', ben.id);
    assert.deepEqual(stars, [{ place_id: corner }]);
    const { data: entry } = await app.server.admin().from('list_places').select('note').eq('list_id', listId).single();
    assert.deepEqual(entry, { note: 'Closed on Mondays.' });
    await context.close();
  });
});
