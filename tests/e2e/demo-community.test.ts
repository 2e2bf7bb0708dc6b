import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/server.ts';
import { signInWithForm, waitForToast } from './support/app-server.ts';
import { assertAccessible } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

/** A demo account's password, as the README lists it. */
function passwordOf(email: string): string {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const found = new RegExp(`^\\| \`${email.replace('.', '\\.')}\` \\| \`([^\`]+)\``, 'm').exec(readme)?.[1];
  assert.ok(found, `${email} is in the README's demo accounts`);
  return found;
}

// The demo community as a visitor and a demo member meet it: signing in shows a feed of people
// followed and a bell with unread notifications; roles show as badges beside names (profile,
// reviews, replies, the moderators' log), never inside them.
describe('the demo community in the browser', () => {
  const app = useE2eApp({ demoData: true });

  async function signIn(page: Page, email: string, name: string): Promise<void> {
    await page.goto('/auth/sign-in');
    await signInWithForm(page, email, passwordOf(email));
    await waitForToast(page, `Welcome, ${name}!`);
  }

  test('a demo member signs in to a feed of the people she follows and a bell with unread notifications', async () => {
    const { page, errors } = await app.openPage();
    await signIn(page, 'mina@pinstar.local', 'Mina Takeda');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    await page.goto('/feed');
    await page.getByRole('heading', { level: 1, name: 'Your feed' }).waitFor();
    const feed = page.locator('main li article');
    await feed.first().waitFor();
    assert.ok((await feed.count()) >= 5, 'the feed shows what the people she follows posted');
    const first = (await feed.first().innerText()).split('\n')[0] ?? '';
    assert.match(first, /^(Haruto Sato|Aiko Tanaka|Emma Rossi|Sam Whitfield) (reviewed|added) /, 'by someone she follows');
    assert.match(await feed.first().innerText(), /\d+ helpful · \d+ repl(y|ies)/);
    await bell.click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    await assertAccessible(page, 'demo member notifications');
    assert.deepEqual(errors, []);
  });

  test('roles show as badges beside names: profiles, reviews, replies and the moderation log', async () => {
    const { page, errors } = await app.openPage();
    const header = page.locator('main header').first();
    await page.goto('/u/mina');
    await page.getByRole('heading', { level: 1, name: 'Mina Takeda', exact: true }).waitFor();
    assert.equal(await header.getByText('Moderator', { exact: true }).count(), 1);
    await page.goto('/u/sam');
    await page.getByRole('heading', { level: 1, name: 'Sam Whitfield', exact: true }).waitFor();
    assert.equal(await header.getByText('Admin', { exact: true }).count(), 1);
    await page.goto('/u/ada');
    await page.getByRole('heading', { level: 1, name: 'Ada Moreau', exact: true }).waitFor();
    assert.equal(await header.getByText(/^(Moderator|Admin)$/).count(), 0, 'members have no badge');
    await assertAccessible(page, 'profile');

    const { data: place } = await app.server.admin().from('places').select('id').eq('name', 'Tokyo Tower').single();
    assert.ok(place);
    await page.goto(`/places/${place.id}`);
    // Mina's review: her name, then the badge; Aiko's review carries Mina's reply, badge and all.
    await page.getByRole('heading', { level: 3, name: 'Mina Takeda Moderator' }).waitFor();
    const aikos = page.locator('article[id^="review-"]').filter({ has: page.getByRole('heading', { level: 3, name: 'Aiko Tanaka' }) });
    const reply = aikos.locator('li').filter({ hasText: 'My mother says hello' });
    await reply.getByText('Moderator', { exact: true }).waitFor();
    await assertAccessible(page, 'place with a moderator’s review');

    await signIn(page, 'mina@pinstar.local', 'Mina Takeda');
    await page.goto('/moderation/log');
    await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    const hidden = page.locator('main article').filter({ hasText: 'Spam: advertising, not a review' });
    await hidden.getByText('by @mina').waitFor();
    await hidden.getByText('Moderator', { exact: true }).waitFor();
    const promoted = page.locator('main article').filter({ hasText: 'Role changed' });
    await promoted.getByText('Admin', { exact: true }).waitFor();
    assert.deepEqual(errors, []);
  });
});
