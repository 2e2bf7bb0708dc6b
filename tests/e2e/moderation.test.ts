import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { checkScreen, waitForFocusOn, type TrackedPage } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { makePng } from './support/png.ts';

// Reporting and moderation in Chromium: a member reports a review, a moderator sees it arrive
// live and hides it with a reason, visitors lose it (and its rating), the public log shows the
// action, its author reads why; a hidden photo is marked with the reason for its uploader only;
// the log filters by action and target in the URL; an admin promotes a member who can then
// moderate; a plain member is refused at the page and by the API.
const password = 'moderation flows 1';

interface Account {
  id: string;
  email: string;
  username: string;
  name: string;
}

describe('moderation in the browser', () => {
  const app = useE2eApp();
  let ada: Account; // author of the reported review
  let ben: Account; // reporter, and the plain member refused at /moderation
  let cleo: Account; // member promoted by the admin
  let mina: Account; // moderator
  let sam: Account; // admin
  let placeId: string;
  let reviewId: string;
  let photoId: string;
  const photoAlt = 'Terrace with red parasols';
  const photoReason = 'Shows a person’s face without consent';
  let moderator: TrackedPage;
  const reason = 'Insults another member';

  async function account(label: string, name: string, role: 'member' | 'moderator' | 'admin' = 'member'): Promise<Account> {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, name);
    const username = await app.server.db.transaction({ kind: 'system' }, async (tx) => {
      if (role !== 'member') await tx.query(`update public.profiles set role = $2 where id = $1`, [id, role]);
      const { rows } = await tx.query<{ username: string }>(`select username from public.profiles where id = $1`, [id]);
      return rows[0]?.username ?? assert.fail('profile created by the trigger');
    });
    return { id, email, username, name };
  }

  /** A supabase-js client signed in as `who` (the API a member's browser talks to). */
  async function apiAs(who: Account) {
    const client = app.server.client();
    const { error } = await client.auth.signInWithPassword({ email: who.email, password });
    assert.equal(error, null);
    return client;
  }

  /** A page with room for a loaded 2-core machine shared with other suites. */
  async function newPage(viewport?: { width: number; height: number }): Promise<TrackedPage> {
    const tracked = await app.openPage(viewport);
    tracked.page.setDefaultTimeout(30_000);
    return tracked;
  }

  async function signedInPage(who: Account, path: string, viewport?: { width: number; height: number }): Promise<TrackedPage> {
    const tracked = await newPage(viewport);
    await tracked.page.goto(`/auth/sign-in?next=${encodeURIComponent(path)}`);
    await signInWithForm(tracked.page, who.email, password);
    await tracked.page.waitForURL((url) => url.pathname === path);
    return tracked;
  }

  /**
   * Toasts (the welcome after sign-in, confirmations) are the shell's, not these screens': the
   * accessibility checks run once they are gone.
   */
  async function noToasts(page: Page): Promise<void> {
    await page.waitForFunction('document.querySelectorAll("[data-sonner-toast]").length === 0', undefined, { timeout: 15_000 });
  }

  const meanOf = (page: Page) =>
    page
      .locator('main header p')
      .filter({ hasText: /out of 5 · \d+ reviews?/ })
      .first()
      .textContent();

  before(async () => {
    [ada, ben, cleo, mina, sam] = await Promise.all([
      account('ada', 'Ada Author'),
      account('ben', 'Ben Reporter'),
      account('cleo', 'Cleo Candidate'),
      account('mina', 'Mina Moderator', 'moderator'),
      account('sam', 'Sam Admin', 'admin'),
    ]);
    const adaApi = await apiAs(ada);
    const place = await adaApi
      .from('places')
      .insert({ name: 'Café des Moderateurs', category: 'cafe', lat: 48.8566, lng: 2.3522 })
      .select('id')
      .single();
    placeId = place.data?.id ?? assert.fail(place.error?.message);
    const review = await adaApi
      .from('reviews')
      .insert({ place_id: placeId, rating: 1, body: 'The staff here are all idiots and so is everyone who likes it.' })
      .select('id')
      .single();
    reviewId = review.data?.id ?? assert.fail(review.error?.message);
    const benApi = await apiAs(ben);
    const other = await benApi
      .from('reviews')
      .insert({ place_id: placeId, rating: 5, body: 'Lovely terrace, excellent coffee and friendly people.' })
      .select('id')
      .single();
    const otherId = other.data?.id ?? assert.fail(other.error?.message);
    const path = `${ben.id}/${otherId}/terrace.png`;
    const upload = await benApi.storage.from('place-photos').upload(path, makePng(64, 48), { contentType: 'image/png' });
    assert.equal(upload.error, null);
    const photo = await benApi
      .from('review_photos')
      .insert({ review_id: otherId, place_id: placeId, uploader_id: ben.id, path, alt: photoAlt, width: 64, height: 48 })
      .select('id')
      .single();
    photoId = photo.data?.id ?? assert.fail(photo.error?.message);
  });
  test('a member reports a review; the moderator sees it arrive live and hides it with a reason', async () => {
    // The moderator's page stays open for the tests after this one.
    moderator = app.keepForLaterTests(await signedInPage(mina, '/moderation'));
    const queue = moderator.page;
    await queue.getByRole('heading', { name: 'Open reports' }).waitFor();
    await queue.getByText('No open reports. All clear.').waitFor();
    await queue.getByText('Live', { exact: true }).waitFor();
    await queue.evaluate('window.__sameDocument = true');

    const reporter = await signedInPage(ben, `/places/${placeId}`, { width: 390, height: 844 });
    const review = reporter.page.getByRole('article', { name: 'Ada Author' });
    await review.getByRole('button', { name: 'Report review by Ada Author' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByLabel(/Offensive or abusive/).check();
    await dialog.getByLabel('Note for the moderators (optional)').fill('Insults in the second sentence.');
    await noToasts(reporter.page);
    await checkScreen(reporter.page, 'report dialog', () => dialog.waitFor());
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await waitForToast(reporter.page, 'Thanks for your report');
    await dialog.waitFor({ state: 'detached' });
    await review.getByText('Reported').waitFor();
    // focus went back where it came from (the trigger was replaced by "Reported": the page keeps focus)
    assert.deepEqual(reporter.errors, []);
    await reporter.context.close();

    const group = queue.getByRole('article', { name: /^Review by Ada Author on Café des Moderateurs/ });
    await group.waitFor();
    assert.equal(await queue.evaluate('window.__sameDocument'), true, 'the report arrived without a reload');
    await group.getByText('Offensive or abusive').waitFor();
    await group.getByText('“Insults in the second sentence.”').waitFor();
    await group.getByText('The staff here are all idiots', { exact: false }).waitFor();
    await noToasts(queue);
    await checkScreen(queue, 'moderation queue', () => group.waitFor());
    await queue.setViewportSize({ width: 1280, height: 800 });

    await group.getByRole('button', { name: /^Hide review by Ada Author/ }).click();
    const hide = queue.getByRole('dialog', { name: 'Hide this review?' });
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await hide.getByText('Give a reason: it is shown in the public log and to the author.').waitFor();
    await hide.getByLabel('Public reason').fill(reason);
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await waitForToast(queue, 'The review is hidden');
    await queue.getByText('No open reports. All clear.').waitFor();
    await queue.getByRole('region', { name: 'Hidden content' }).getByText('The staff here are all idiots', { exact: false }).waitFor();
    assert.deepEqual(moderator.errors, []);
  });

  test('a visitor no longer sees the review and the mean changes; the public log shows the action without the moderator', async () => {
    const { page, context, errors } = await newPage();
    await page.goto(`/places/${placeId}`);
    await page.getByRole('heading', { name: 'Café des Moderateurs' }).waitFor();
    await page.getByRole('article', { name: 'Ben Reporter' }).waitFor();
    assert.equal(await page.getByRole('article', { name: 'Ada Author' }).count(), 0);
    assert.match((await meanOf(page)) ?? '', /5\.0 out of 5 · 1 review/);

    await page.goto('/moderation/log');
    await page.getByRole('heading', { name: 'Moderation log' }).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: reason });
    await entry.waitFor();
    await entry.getByText('Hidden', { exact: true }).waitFor();
    await entry.getByRole('link', { name: 'Café des Moderateurs' }).waitFor();
    assert.match((await entry.textContent()) ?? '', /just now|ago/);
    assert.doesNotMatch((await entry.textContent()) ?? '', new RegExp(`by @|${mina.username}`));
    await noToasts(page);
    await checkScreen(page, 'moderation log', () => entry.waitFor());
    assert.deepEqual(errors, []);
    await context.close();

    // moderators do see who acted
    const staff = moderator.page;
    await staff.goto('/moderation/log');
    await staff.getByRole('listitem').filter({ hasText: reason }).getByText(`by @${mina.username}`).waitFor();
  });

  test('the author still sees the hidden review with the moderators’ reason', async () => {
    const { page, context, errors } = await signedInPage(ada, `/places/${placeId}`);
    const own = page.getByRole('article', { name: /Ada Author/ });
    await own.getByText('Hidden by moderators', { exact: false }).waitFor();
    await own.getByText(`“${reason}”`).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a hidden photo disappears for everyone but its uploader, who sees it marked with the reason', async () => {
    const minaApi = await apiAs(mina);
    assert.equal((await minaApi.rpc('hide_content', { target_type: 'photo', target_id: photoId, reason: photoReason })).error, null);

    const visitor = await newPage();
    await visitor.page.goto(`/places/${placeId}`);
    const benReview = visitor.page.getByRole('article', { name: 'Ben Reporter' });
    await benReview.waitFor();
    await visitor.page.getByText('No photos yet.').waitFor();
    assert.equal(await visitor.page.getByAltText(photoAlt).count(), 0, 'visitors get neither the gallery photo nor the review photo');
    assert.equal(await visitor.page.getByText('Hidden by moderators', { exact: false }).count(), 0);
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();

    const stranger = await signedInPage(cleo, `/places/${placeId}`);
    await stranger.page.getByRole('article', { name: 'Ben Reporter' }).waitFor();
    await stranger.page.getByText('No photos yet.').waitFor();
    assert.equal(await stranger.page.getByAltText(photoAlt).count(), 0, 'other members do not get it either');
    await stranger.context.close();

    const uploader = await signedInPage(ben, `/places/${placeId}`);
    const own = uploader.page.getByRole('article', { name: /Ben Reporter/ });
    const figure = own.getByRole('figure').filter({ has: uploader.page.getByAltText(photoAlt) });
    await figure.waitFor();
    await figure.getByText('Hidden by moderators', { exact: false }).waitFor();
    await figure.getByText(`“${photoReason}”`).waitFor();
    await figure.getByText('only you and moderators can see this photo', { exact: false }).waitFor();
    await uploader.page.getByText('No photos yet.').waitFor();
    await noToasts(uploader.page);
    await checkScreen(uploader.page, 'hidden photo notice', () => figure.waitFor());
    // editing the review keeps the photo, still marked
    await uploader.page.getByRole('button', { name: 'Edit your review' }).click();
    const edit = uploader.page.getByRole('dialog', { name: 'Edit your review of Café des Moderateurs' });
    assert.equal(await edit.getByLabel('Describe photo 1').inputValue(), photoAlt);
    await edit.getByText('Hidden by moderators — only you and moderators can see it.').waitFor();
    await uploader.page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    assert.deepEqual(uploader.errors, []);
    await uploader.context.close();
  });

  test('an admin promotes a member behind a confirmation, and the member can then moderate; the last admin stays', async () => {
    const { page, context, errors } = await signedInPage(sam, '/moderation');
    const roles = page.getByRole('region', { name: 'Roles' });
    await roles.getByLabel('Username').fill(`@${cleo.username}`);
    await roles.getByRole('button', { name: 'Find' }).click();
    await roles.getByRole('combobox', { name: `New role for @${cleo.username}` }).selectOption('moderator');
    await roles.getByRole('button', { name: `Change role of @${cleo.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Make @${cleo.username} a moderator?` });
    await noToasts(page);
    await checkScreen(page, 'role confirmation', () => confirm.waitFor());
    await confirm.getByRole('button', { name: 'Change role', exact: true }).click();
    await waitForToast(page, `@${cleo.username} is now a moderator`);
    await roles.getByText(`@${cleo.username} · Moderator`).waitFor();

    // the only admin cannot step down
    await roles.getByLabel('Username').fill(sam.username);
    await roles.getByRole('button', { name: 'Find' }).click();
    await roles.getByRole('combobox', { name: `New role for @${sam.username}` }).selectOption('member');
    await roles.getByRole('button', { name: `Change role of @${sam.username}` }).click();
    const self = page.getByRole('alertdialog');
    await self.getByRole('button', { name: 'Change role', exact: true }).click();
    await self.getByRole('alert').filter({ hasText: 'There must always be at least one admin.' }).waitFor();
    await self.getByRole('button', { name: 'Cancel' }).click();
    // the refused call is a 400 the browser logs; nothing else may appear
    assert.deepEqual(
      errors.filter((e) => !e.includes('status of 400')),
      [],
    );
    await context.close();

    const promoted = await signedInPage(cleo, '/');
    await promoted.page.getByRole('button', { name: /Account menu for Cleo Candidate/ }).click();
    await promoted.page.getByRole('menuitem', { name: 'Moderation' }).click();
    await promoted.page.getByRole('heading', { name: 'Open reports' }).waitFor();
    assert.equal(await promoted.page.getByRole('region', { name: 'Roles' }).count(), 0, 'moderators do not assign roles');
    await promoted.context.close();
  });

  test('the public log filters by action and by target, held in the URL, with an empty state', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/moderation/log');
    const log = page.getByRole('list', { name: 'Moderation actions, newest first' });
    await log.getByRole('listitem').filter({ hasText: reason }).waitFor();
    await log.getByRole('listitem').filter({ hasText: photoReason }).waitFor();
    await log.getByRole('listitem').filter({ hasText: 'Role changed' }).waitFor();
    const action = page.getByLabel('Action', { exact: true });
    const about = page.getByLabel('About', { exact: true });

    await about.selectOption('photo');
    await page.waitForURL((url) => url.searchParams.get('target') === 'photo');
    // The unfiltered list also holds the photo action: wait for the others to go, then for the
    // filtered answer (the list shows a skeleton in between).
    await log.getByRole('listitem').filter({ hasText: reason }).waitFor({ state: 'detached' });
    await log.getByRole('listitem').filter({ hasText: photoReason }).waitFor();
    assert.equal(await log.getByRole('listitem').count(), 1, 'only the photo action');

    await action.selectOption('restore');
    await page.waitForURL((url) => url.searchParams.get('action') === 'restore' && url.searchParams.get('target') === 'photo');
    const empty = page.getByRole('status').filter({ hasText: 'No moderation actions match these filters.' });
    await empty.waitFor();
    await noToasts(page);
    await checkScreen(page, 'moderation log, no match', () => empty.waitFor());

    // a link reproduces the view
    await page.goto('/moderation/log?action=role_change');
    assert.equal(await action.inputValue(), 'role_change');
    assert.equal(await about.inputValue(), '');
    const roleEntry = log.getByRole('listitem').filter({ hasText: 'Role changed' });
    await roleEntry.getByRole('link', { name: `@${cleo.username}` }).waitFor();
    assert.equal(await log.getByRole('listitem').count(), 1, 'only the role change');
    await empty.waitFor({ state: 'detached' });

    await page.goto('/moderation/log?action=restore');
    await empty.getByRole('button', { name: 'Show all actions' }).click();
    await page.waitForURL((url) => url.search === '');
    await log.getByRole('listitem').filter({ hasText: reason }).waitFor();
    assert.equal(await log.getByRole('listitem').count(), 3);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a plain member is refused at the page and by the API; visitors too', async () => {
    const { page, context, errors } = await signedInPage(ben, '/moderation');
    await page.getByRole('heading', { name: 'Moderators only' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Open reports' }).count(), 0);
    await noToasts(page);
    await checkScreen(page, 'not allowed', () => page.getByRole('heading', { name: 'Moderators only' }).waitFor());
    assert.deepEqual(errors, []);
    await context.close();

    const api = await apiAs(ben);
    const hide = await api.rpc('hide_content', { target_type: 'review', target_id: reviewId, reason: 'I do not like it' });
    assert.equal(hide.error?.code, '42501');
    const promote = await api.rpc('set_role', { user_id: ben.id, role: 'moderator' });
    assert.equal(promote.error?.code, '42501');
    const others = await api.from('reports').select('id, reporter_id');
    assert.ok(
      others.data?.every((r) => r.reporter_id === ben.id),
      'members read only their own reports',
    );
    const visitor = await app.server.client().rpc('restore_content', { target_type: 'review', target_id: reviewId, reason: 'Sneaky' });
    assert.equal(visitor.error?.code, '42501');

    const anon = await newPage();
    await anon.page.goto('/moderation');
    await anon.page.getByRole('heading', { name: 'Moderators only' }).waitFor();
    await anon.page.getByRole('link', { name: 'Sign in' }).last().waitFor();
    await anon.context.close();
  });

  test('reports over the hourly limit get a clear message', async () => {
    // 20 reports in the last hour (already closed, so no target is "already reported")
    await app.server.db.transaction({ kind: 'system' }, (tx) =>
      tx.query(
        `insert into public.reports (reporter_id, target_type, target_id, reason, status, resolved_at)
         select $1, 'place', $2, 'spam', 'dismissed', now() from generate_series(1, 20)`,
        [cleo.id, placeId],
      ),
    );
    const { page, context } = await signedInPage(cleo, `/places/${placeId}`);
    await page.getByRole('heading', { name: 'Café des Moderateurs' }).waitFor();
    await noToasts(page);
    await page.getByRole('button', { name: 'Report this place' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this place' });
    await dialog.getByLabel(/Closed or moved/).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'You can send at most 20 reports an hour. Try again later.' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForFocusOn(page, 'Report this place');
    await context.close();
    await moderator.context.close();
  });
});
