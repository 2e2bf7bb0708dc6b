import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { nextCode } from '../support/totp.ts';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { useE2eApp } from './support/fixture.ts';

// Two-factor sign-in in Chromium: a moderator turns it on with the QR code's key and a code an
// authenticator app would show (otpauth computes it), signs in again with password and code,
// hides a reported review at aal2 (a password-only session is refused by the database), and
// unlinks a second sign-in method from Settings → Security.
const password = 'two factor flows 1';

/** What an authenticator app shows for this key now. */

describe('two-factor sign-in in the browser', () => {
  const app = useE2eApp();
  let email: string;
  let moderatorId: string;
  let secret = '';

  before(async () => {
    email = uniqueEmail('mina2fa');
    moderatorId = await createMember(app.server, email, password, 'Mina Secure');
    const authorEmail = uniqueEmail('ada2fa');
    await createMember(app.server, authorEmail, password, 'Ada Author');
    await app.server.db.transaction({ kind: 'system' }, (tx) =>
      tx.query(`update public.profiles set role = 'moderator' where id = $1`, [moderatorId]),
    );
    const author = app.server.client();
    assert.equal((await author.auth.signInWithPassword({ email: authorEmail, password })).error, null);
    const place = await author
      .from('places')
      .insert({ name: 'Café Deux Facteurs', category: 'cafe', lat: 48.85, lng: 2.35 })
      .select('id')
      .single();
    const review = await author
      .from('reviews')
      .insert({ place_id: place.data?.id, rating: 1, body: 'Rude words that a moderator will have to hide from everyone.' })
      .select('id')
      .single();
    const reporterEmail = uniqueEmail('ben2fa');
    await createMember(app.server, reporterEmail, password, 'Ben Reporter');
    const reporter = app.server.client();
    assert.equal((await reporter.auth.signInWithPassword({ email: reporterEmail, password })).error, null);
    const report = await reporter.from('reports').insert({ target_type: 'review', target_id: review.data?.id, reason: 'offensive' });
    assert.equal(report.error, null);
  });

  async function signedIn(path: string): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const tracked = await app.openPage();
    tracked.page.setDefaultTimeout(30_000);
    await tracked.page.goto(`/auth/sign-in?next=${encodeURIComponent(path)}`);
    await signInWithForm(tracked.page, email, password);
    return { page: tracked.page, close: () => tracked.context.close(), errors: tracked.errors };
  }

  test("Settings → Security turns two-factor on with the QR code's key and a typed code", async () => {
    const { page, close, errors } = await signedIn('/settings');
    await page.waitForURL((url) => url.pathname === '/settings');
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Enable two-factor' }).click();
    await security.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await security.locator('code').textContent()) ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await security.getByLabel('Code from the app').fill('12345');
    await security.getByRole('button', { name: 'Turn on two-factor' }).click();
    await security.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await security.getByLabel('Code from the app').fill(await nextCode(secret));
    await security.getByRole('button', { name: 'Turn on two-factor' }).click();
    await waitForToast(page, 'Two-factor sign-in is on');
    await security.getByRole('list', { name: 'Authenticator apps' }).getByText('Authenticator app').waitFor();
    assert.deepEqual(errors, []);
    await close();
  });

  test("signing in again asks for the code; a wrong one is refused in the app's words, the right one lets the moderator in", async () => {
    const { page, close, errors } = await signedIn('/moderation');
    await page.getByLabel('Authentication code').waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/sign-in', 'no way past the code prompt');
    const wrong = (await nextCode(secret)) === '000000' ? '111111' : '000000';
    await page.getByLabel('Authentication code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code didn’t work. Check your authenticator app and try again.').waitFor();
    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/moderation');

    // At aal2 the moderator hides the reported review.
    const group = page.getByRole('article', { name: /^Review by Ada Author/ });
    await group.getByRole('button', { name: /^Hide review by Ada Author/ }).click();
    const hide = page.getByRole('dialog', { name: 'Hide this review?' });
    await hide.getByLabel('Public reason').fill('Insults another member');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await waitForToast(page, 'The review is hidden');
    assert.deepEqual(
      errors,
      ['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'],
      'only the wrong code',
    );
    await close();

    // A password-only session of the same moderator is refused by the database.
    const api = app.server.client();
    await api.auth.signInWithPassword({ email, password });
    const { data: place } = await api.from('places').select('id').eq('name', 'Café Deux Facteurs').single();
    const refused = await api.rpc('hide_content', { target_type: 'place', target_id: place?.id, reason: 'Closed for good' });
    assert.equal(refused.error?.code, '42501');
    assert.equal(refused.error?.hint, 'aal2_required');
  });

  test('a second sign-in method is listed and unlinked; the last one cannot be', async () => {
    await app.server.db.transaction({ kind: 'system' }, async (tx) => {
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ('gh-' || $1::text, $1::uuid, jsonb_build_object('sub', 'gh-' || $1::text, 'email', $2::text), 'github', now(), now())`,
        [moderatorId, email],
      );
    });
    const { page, close, errors } = await signedIn('/settings');
    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await methods.getByText('GitHub').waitFor();
    await methods.getByRole('listitem').filter({ hasText: 'GitHub' }).getByRole('button', { name: 'Unlink' }).click();
    await waitForToast(page, 'GitHub unlinked');
    await methods.getByText('GitHub').waitFor({ state: 'detached' });
    await methods.getByText('Email and password').waitFor();
    assert.equal(await methods.getByRole('button', { name: 'Unlink' }).count(), 0, 'the last method has no unlink');
    assert.deepEqual(errors, []);
    await close();
  });
});
