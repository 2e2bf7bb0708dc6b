import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient } from './support/member-data.ts';
import { holdRealtimeTopic, realtimeJoins } from './support/realtime.ts';

// Live updates never contradict the page (decision 394): on every live surface the counts and
// the list agree after each live event — the place page (header, histogram, list), the feed, the
// bell and the notifications, the moderation queue and a shared list. A pill that waits for the
// reader goes when the list is read again by itself (here: the connection drops and returns).
describe('live surfaces agree with themselves', () => {
  const app = useE2eApp();
  const password = 'live and consistent 1';

  async function member(label: string, name: string) {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, name);
    return { id, email, name, api: await memberClient(app.server, email, password) };
  }
  type Member = Awaited<ReturnType<typeof member>>;
  async function signedIn(who: Member, path: string) {
    const opened = await app.openPage();
    const joins = realtimeJoins(opened.page);
    await opened.page.goto(`/auth/sign-in?next=${encodeURIComponent(path)}`);
    await signInWithForm(opened.page, who.email, password);
    await waitForToast(opened.page, `Welcome, ${who.name}!`);
    await opened.page.waitForURL((url) => url.pathname === path);
    return { ...opened, joins };
  }
  /** A place added by `who`; its id. */
  async function addPlace(who: Member, place: { name: string; category: string; lat: number; lng: number }): Promise<string> {
    const { data } = await who.api.from('places').insert(place).select('id').single();
    return (data as { id: string }).id;
  }
  async function review(who: Member, placeId: string, rating: number, body: string) {
    const { error } = await who.api.from('reviews').insert({ place_id: placeId, rating, body });
    assert.equal(error, null);
  }
  /**
   * Half a minute later the reader brings the window back to the front: what is on screen is
   * older than the app keeps it fresh (30 s), so it is read again (the page runs on a clock the
   * test moves, installed before it loaded).
   */
  async function comeBackLater(page: Page) {
    await page.clock.fastForward('00:31');
    await page.evaluate(`document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))`);
  }
  const bars = (page: Page) =>
    page.evaluate<string>(`[...document.querySelectorAll('[aria-label="Reviews per star"] dd')].map((d) => d.textContent).join()`);

  test('the place page: a pill holds the header, the histogram and the list together, and goes when the list is read again', async () => {
    const owner = await member('owner', 'Olga Owner');
    const first = await member('first', 'Fran First');
    const second = await member('second', 'Sid Second');
    const placeId = await addPlace(owner, { name: 'Agreeable Bakery', category: 'cafe', lat: 48.85, lng: 2.35 });
    await review(first, placeId, 5, 'Croissants still warm at seven, and the baker remembers names.');
    const { page, context, errors } = await app.openPage();
    await page.clock.install();
    await page.goto(`/places/${placeId}`);
    await page.getByTestId('rating-count').filter({ hasText: '1 review' }).waitFor();
    await page.getByText('Croissants still warm at seven').waitFor();
    await page.waitForFunction(`document.querySelectorAll('[aria-label="Reviews per star"] dd').length === 5`);
    assert.equal(await bars(page), '1,0,0,0,0');
    // A second reader: "2 people here now" shows the page's live channel is joined before the review is written.
    const other = await app.openPage();
    await other.page.goto(`/places/${placeId}`);
    await page.getByText('2 people here now').waitFor();

    await review(second, placeId, 2, 'The queue spilled onto the street and the bread was gone by nine.');
    const pill = page.getByRole('button', { name: '1 new review' });
    await pill.waitFor();

    // The reader comes back later: the place and its histogram are read again first (the list's
    // read is slow), and they wait with the pill; then the list comes, the pill goes, all agree.
    let releaseList: () => void = () => undefined;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route('**/rest/v1/reviews?*', async (route) => {
      await listHeld;
      await route.continue();
    });
    const figures = Promise.all([
      page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/place_rating_histogram')),
      page.waitForResponse((r) => r.url().includes(`/rest/v1/places?`) && r.url().includes(placeId)),
    ]);
    await comeBackLater(page);
    await figures;
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    assert.equal(await page.getByTestId('rating-count').textContent(), '1 review', 'the header waits with the pill');
    assert.equal(await bars(page), '1,0,0,0,0', 'the histogram waits with the pill');
    assert.equal(await page.getByText('The queue spilled onto the street').count(), 0);
    assert.equal(await pill.count(), 1);
    releaseList();
    await page.getByText('The queue spilled onto the street').waitFor();
    await pill.waitFor({ state: 'detached' });
    await page.getByTestId('rating-count').filter({ hasText: '2 reviews' }).waitFor();
    await page
      .locator('article > header')
      .getByText(/· 2 reviews$/)
      .waitFor();
    await page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Reviews per star"] dd')].map((d) => d.textContent).join() === '1,0,0,1,0'`,
    );
    assert.deepEqual(errors, []);
    await other.context.close();
    await context.close();
  });

  test('the place page: a review written while the page is still joining its live topic is counted in the pill once it has joined', async () => {
    const owner = await member('joinowner', 'Jo Owner');
    const first = await member('joinfirst', 'Jules First');
    const second = await member('joinsecond', 'Jin Second');
    const placeId = await addPlace(owner, { name: 'Late Join Cafe', category: 'cafe', lat: 48.86, lng: 2.34 });
    await review(first, placeId, 4, 'A quiet corner table and a flat white worth the walk across town.');
    const { page, context, errors } = await app.openPage();
    // The page's join of place:<id> is held back until the review below is written: the
    // database announces it to no one on this page.
    const hold = await holdRealtimeTopic(page, `place:${placeId}`);
    await page.goto(`/places/${placeId}`);
    await page.getByTestId('rating-count').filter({ hasText: '1 review' }).waitFor();
    await page.getByText('A quiet corner table').waitFor();
    await hold.joining;

    await review(second, placeId, 2, 'Cold milk foam, a sticky table and twenty minutes for a croissant.');
    hold.release();
    const pill = page.getByRole('button', { name: '1 new review' });
    await pill.waitFor();
    // It waits with the pill like an announced review: the header, the histogram and the list still agree.
    assert.equal(await page.getByTestId('rating-count').textContent(), '1 review');
    assert.equal(await bars(page), '0,1,0,0,0');
    assert.equal(await page.getByText('Cold milk foam').count(), 0);
    await pill.click();
    await page.getByText('Cold milk foam').waitFor();
    await page.getByTestId('rating-count').filter({ hasText: '2 reviews' }).waitFor();
    await page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Reviews per star"] dd')].map((d) => d.textContent).join() === '0,1,0,1,0'`,
    );
    assert.equal(await pill.count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the feed: a pill over posts, never over an empty feed, gone when the feed is read again', async () => {
    const reader = await member('reader', 'Rae Reader');
    const writer = await member('writer', 'Wes Writer');
    assert.equal((await reader.api.from('follows').insert({ follower_id: reader.id, followee_id: writer.id })).error, null);
    const { page, context, errors } = await app.openPage();
    const joins = realtimeJoins(page);
    await page.clock.install();
    await page.goto('/auth/sign-in?next=/feed');
    await signInWithForm(page, reader.email, password);
    await page.getByRole('heading', { level: 1, name: 'Your feed' }).waitFor();
    await page.getByText('Nothing here yet.').waitFor();
    await joins.joined('feed');
    // The first post over an empty feed shows at once.
    const placeId = await addPlace(writer, { name: 'Followed Fountain', category: 'park', lat: 48.8, lng: 2.3 });
    await page.getByRole('link', { name: 'Followed Fountain' }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: /new post/ }).count(), 0);
    // The next waits behind a pill, until the feed is read again by itself.
    await review(writer, placeId, 4, 'The fountain runs again, and the pigeons approve of it.');
    const pill = page.getByRole('button', { name: '1 new post' });
    await pill.waitFor();
    assert.equal(await page.getByText('The fountain runs again').count(), 0, 'the post waits behind the pill');
    await comeBackLater(page);
    await page.getByText('The fountain runs again').waitFor();
    await pill.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the bell and the notifications, the moderation queue and a shared list count what they show', async () => {
    const ada = await member('ada', 'Ada Counted');
    const ben = await member('ben', 'Ben Follower');
    const mo = await member('mo', 'Mo Queue');
    await app.server.admin().from('profiles').update({ role: 'moderator' }).eq('id', mo.id);

    // The bell and the list of notifications, both live.
    const notes = await signedIn(ada, '/notifications');
    await notes.page.getByText('No notifications yet.', { exact: false }).waitFor();
    await notes.joins.joined(`notifications:${ada.id}`);
    assert.equal((await ben.api.from('follows').insert({ follower_id: ben.id, followee_id: ada.id })).error, null);
    await notes.page.getByRole('link', { name: 'Ben Follower started following you.' }).waitFor();
    await notes.page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
    assert.equal(await notes.page.getByRole('list', { name: 'Notifications' }).getByText('Unread:').count(), 1);
    await notes.page.getByRole('button', { name: 'Mark all as read' }).click();
    await notes.page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    assert.equal(await notes.page.getByRole('list', { name: 'Notifications' }).getByText('Unread:').count(), 0);

    // The moderation queue: its count and its groups, as reports come and go.
    const placeId = await addPlace(ada, { name: 'Reported Corner', category: 'other', lat: 48.9, lng: 2.4 });
    const queue = await signedIn(mo, '/moderation');
    await queue.page.getByText('No open reports. All clear.').waitFor();
    await queue.joins.joined('moderation');
    assert.equal((await ben.api.from('reports').insert({ target_type: 'place', target_id: placeId, reason: 'spam' })).error, null);
    await queue.page.getByText('1 item with open reports').waitFor();
    assert.equal(await queue.page.getByRole('article').count(), 1);
    const moApi = await memberClient(app.server, mo.email, password);
    assert.equal((await moApi.rpc('hide_content', { target_type: 'place', target_id: placeId, reason: 'Spam' })).error, null);
    await queue.page.getByText('No open reports. All clear.').waitFor();
    await queue.page.getByText('0 items with open reports').waitFor();

    // A shared list: what its editor adds shows on the owner's page, counted.
    const { data: listRow } = await ada.api
      .from('lists')
      .insert({ owner_id: ada.id, name: 'Together', visibility: 'private' })
      .select('id')
      .single();
    const listId = (listRow as { id: string }).id;
    const parkId = await addPlace(ada, { name: 'Shared Park', category: 'park', lat: 48.7, lng: 2.2 });
    assert.equal((await ada.api.from('list_places').insert({ list_id: listId, place_id: parkId, added_by: ada.id })).error, null);
    assert.equal((await ada.api.from('list_members').insert({ list_id: listId, user_id: ben.id, role: 'editor' })).error, null);
    assert.equal(
      (await ben.api.from('list_members').update({ accepted_at: new Date().toISOString() }).eq('list_id', listId).eq('user_id', ben.id))
        .error,
      null,
    );
    await notes.page.goto(`/lists/${listId}`);
    await notes.page.getByText(/· 1 place ·/).waitFor();
    await notes.joins.joined(`list:${listId}`);
    const cafeId = await addPlace(ben, { name: 'Editor Café', category: 'cafe', lat: 48.71, lng: 2.21 });
    assert.equal((await ben.api.from('list_places').insert({ list_id: listId, place_id: cafeId, added_by: ben.id })).error, null);
    await notes.page.getByRole('list', { name: 'Places on this list' }).getByRole('link', { name: 'Editor Café' }).waitFor();
    await notes.page.getByText(/· 2 places ·/).waitFor();
    assert.deepEqual([...notes.errors, ...queue.errors], []);
    await notes.context.close();
    await queue.context.close();
  });
});
