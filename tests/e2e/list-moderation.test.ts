import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, type TrackedPage } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// Moderating lists in Chromium: a member reports a public list, a moderator hides it from the
// queue with a reason, a visitor gets the not-found page for it and reads the action in the
// public log (filtered to lists), and its owner still opens it with the moderators' reason.
const password = 'list moderation 1';

interface Account {
  id: string;
  email: string;
  name: string;
}

describe('moderating lists in the browser', () => {
  const app = useE2eApp();
  let ada: Account; // owner of the list
  let ben: Account; // reporter
  let mina: Account; // moderator
  let listId: string;
  const reason = 'Insulting list description';

  async function account(label: string, name: string, role: 'member' | 'moderator' = 'member'): Promise<Account> {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, name);
    if (role !== 'member') {
      await app.server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`update public.profiles set role = $2 where id = $1`, [id, role]),
      );
    }
    return { id, email, name };
  }

  async function signedInPage(who: Account, path: string): Promise<TrackedPage> {
    const tracked = await app.openPage();
    tracked.page.setDefaultTimeout(30_000);
    await tracked.page.goto(`/auth/sign-in?next=${encodeURIComponent(path)}`);
    await signInWithForm(tracked.page, who.email, password);
    await tracked.page.waitForURL((url) => url.pathname === path);
    return tracked;
  }

  async function noToasts(page: Page): Promise<void> {
    await page.waitForFunction('document.querySelectorAll("[data-sonner-toast]").length === 0', undefined, { timeout: 15_000 });
  }

  /** axe on the screen as it is, in the dark theme and in the light one. */
  async function accessibleInBothThemes(page: Page, label: string, ready: () => Promise<void>): Promise<void> {
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await ready();
      await assertAccessible(page, `${label}, ${scheme}`);
    }
  }

  before(async () => {
    [ada, ben, mina] = await Promise.all([
      account('ada', 'Ada Owner'),
      account('ben', 'Ben Reporter'),
      account('mina', 'Mina Moderator', 'moderator'),
    ]);
    const api = app.server.client();
    assert.equal((await api.auth.signInWithPassword({ email: ada.email, password })).error, null);
    const place = await api.from('places').insert({ name: 'Le Reported', category: 'cafe', lat: 48.85, lng: 2.35 }).select('id').single();
    const list = await api
      .from('lists')
      .insert({ owner_id: ada.id, name: 'Worst people in town', description: 'Rude words about neighbours', visibility: 'public' })
      .select('id')
      .single();
    listId = list.data?.id ?? assert.fail(list.error?.message);
    const added = await api
      .from('list_places')
      .insert({ list_id: listId, place_id: place.data?.id ?? '', added_by: ada.id, note: 'Avoid' });
    assert.equal(added.error, null);
  });

  test('a member reports a public list; a moderator hides it; a visitor loses it and reads the log; its owner sees why', async () => {
    const reporter = await signedInPage(ben, `/lists/${listId}`);
    const { page } = reporter;
    await page.getByRole('heading', { level: 1, name: 'Worst people in town' }).waitFor();
    await page.getByRole('button', { name: 'Report the list Worst people in town' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this list' });
    await dialog.getByLabel(/Offensive or abusive/).check();
    await noToasts(page);
    await accessibleInBothThemes(page, 'report a list', () => dialog.waitFor());
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await waitForToast(page, 'Thanks for your report');
    await page.getByText('Reported').first().waitFor();
    assert.deepEqual(reporter.errors, []);
    await reporter.context.close();

    const moderator = await signedInPage(mina, '/moderation');
    const queue = moderator.page;
    const group = queue.getByRole('article', { name: /^List Worst people in town/ });
    await group.waitFor();
    await group.getByText('Rude words about neighbours').waitFor();
    await noToasts(queue);
    await accessibleInBothThemes(queue, 'moderation queue with a list', () => group.waitFor());
    await group.getByRole('button', { name: /^Hide list Worst people in town/ }).click();
    const hide = queue.getByRole('dialog', { name: 'Hide this list?' });
    await hide.getByLabel('Public reason').fill(reason);
    await hide.getByRole('button', { name: 'Hide list' }).click();
    await waitForToast(queue, 'The list is hidden');
    await queue.getByText('No open reports. All clear.').waitFor();
    assert.deepEqual(moderator.errors, []);
    await moderator.context.close();

    const visitor = await app.openPage();
    await visitor.page.goto(`/lists/${listId}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'We couldn’t find that list' }).waitFor();
    await visitor.page.goto('/moderation/log?target=list');
    await visitor.page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    const entry = visitor.page.getByRole('listitem').filter({ hasText: reason });
    await entry.getByText('Hidden', { exact: true }).waitFor();
    await entry.getByText('a list that is not visible').waitFor();
    await accessibleInBothThemes(visitor.page, 'moderation log of lists', () => entry.waitFor());
    // the browser logs the one refused request for the list (not found is not retried); nothing else
    assert.deepEqual(visitor.errors, ['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await visitor.context.close();

    const owner = await signedInPage(ada, `/lists/${listId}`);
    await owner.page.getByRole('heading', { level: 1, name: 'Worst people in town' }).waitFor();
    await owner.page.getByText('only you and moderators can see this list', { exact: false }).waitFor();
    await owner.page.getByText(`“${reason}”`).waitFor();
    assert.deepEqual(owner.errors, []);
    await owner.context.close();
  });
});
