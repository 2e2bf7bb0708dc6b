import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { nextCode, wrongCode } from '../support/totp.ts';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { useE2eApp } from './support/fixture.ts';

// Two-factor sign-in in Chromium: a moderator turns it on with the QR code's key and a code an
// authenticator app would show (otpauth computes it), signs in again with password and code,
// hides a reported review at aal2 (a password-only session is refused by the database), and
// unlinks a second sign-in method from Settings → Security.
const password = 'two factor flows 1';

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
    await makeModerator(moderatorId);
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

  async function signedIn(path: string, as = email): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const tracked = await app.openPage();
    tracked.page.setDefaultTimeout(30_000);
    await tracked.page.goto(`/auth/sign-in?next=${encodeURIComponent(path)}`);
    await signInWithForm(tracked.page, as, password);
    return { page: tracked.page, close: () => tracked.context.close(), errors: tracked.errors };
  }

  const makeModerator = (id: string) =>
    app.server.db.transaction({ kind: 'system' }, (tx) => tx.query(`update public.profiles set role = 'moderator' where id = $1`, [id]));

  const factorCount = async (userId: string) =>
    (
      await app.server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ n: number }>(`select count(*)::int as n from auth.mfa_factors where user_id = $1`, [userId]),
      )
    ).rows[0]?.n;

  /** An authenticator app turned on from the phone (supabase-js): its key and its factor. */
  async function enrolFromPhone(address: string): Promise<{ secret: string; factorId: string }> {
    const phone = app.server.client();
    assert.equal((await phone.auth.signInWithPassword({ email: address, password })).error, null);
    const enrolled = await phone.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
    assert.equal(enrolled.error, null);
    const secret = enrolled.data?.totp.secret ?? '';
    const factorId = enrolled.data?.id ?? '';
    assert.equal((await phone.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(secret) })).error, null);
    return { secret, factorId };
  }

  test("Settings → Security turns two-factor on with the QR code's key and a typed code", async () => {
    const { page, close, errors } = await signedIn('/settings');
    await page.waitForURL((url) => url.pathname === '/settings');
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Enable two-factor' }).click();
    await security.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await security.locator('code').textContent()) ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    // Before it is on, the member is told what a lost phone means and what to keep.
    await security
      .getByText('If you lose the phone with this app, you can’t sign in without a code from another app you set up.')
      .waitFor();
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
    // Not signed in until the code is accepted: the header and the tabs are a visitor's.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Account menu/ }).count(), 0, 'no account menu');
    assert.equal(await page.getByRole('link', { name: /^Notifications/ }).count(), 0, 'no bell');
    await page.getByLabel('Authentication code').fill(wrongCode(secret));
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

  test('a backup authenticator is offered and added; removing one asks first, and the last one says two-factor goes off', async () => {
    // A moderator of its own, whose authenticator app was set up from the phone: a code is good
    // once, within a step either side of the clock, so one key takes three codes in 30 s.
    const ownEmail = uniqueEmail('moe2fa');
    const ownId = await createMember(app.server, ownEmail, password, 'Moe Backup');
    await makeModerator(ownId);
    const { secret: ownSecret } = await enrolFromPhone(ownEmail);

    const { page, close, errors } = await signedIn('/settings', ownEmail);
    await page.getByLabel('Authentication code').fill(await nextCode(ownSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByText('You have one authenticator app. If you lose it, you can’t sign in: add a second one as a backup.').waitFor();
    await security
      .getByText('As a moderator, you moderate only in a session where you entered a code or used your key: a password alone is refused.')
      .waitFor();
    await security.getByRole('button', { name: 'Add a backup authenticator' }).click();
    await security
      .getByText('If you lose the phone with this app, you can’t sign in without a code from another app you set up.')
      .waitFor();
    const backup = (await security.locator('code').textContent()) ?? '';
    assert.match(backup, /^[A-Z2-7]{32}$/);
    assert.notEqual(backup, ownSecret);
    await security.getByLabel('Code from the app').fill(await nextCode(backup));
    await security.getByRole('button', { name: 'Add backup authenticator' }).click();
    await waitForToast(page, 'Backup authenticator added');
    const apps = security.getByRole('list', { name: 'Authenticator apps' });
    await apps.getByText('Backup authenticator').waitFor();
    assert.equal(await apps.getByRole('listitem').count(), 2);
    await security.getByRole('button', { name: 'Add another authenticator' }).waitFor();

    // Removing the backup: asked first, the other keeps working.
    await apps.getByRole('listitem').filter({ hasText: 'Backup authenticator' }).getByRole('button', { name: 'Remove' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove Backup authenticator?' });
    await ask.getByText('Your other second factors keep working.').waitFor();
    await ask.getByRole('button', { name: 'Remove' }).click();
    // Adding the backup verified this session with it, so the session falls back to a password
    // one (GoTrue's Factor.DowngradeSessionsToAAL1): the toast says so, and a code from the other app lets the moderator on.
    await waitForToast(page, 'Backup authenticator removed');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'enter a code from your other app' }).waitFor();
    await page.getByLabel('Authentication code').fill(await nextCode(ownSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await apps.getByRole('listitem').first().waitFor();
    assert.equal(await apps.getByText('Backup authenticator').count(), 0);
    // The last one: two-factor goes off, and the moderator is told what that means.
    await apps.getByRole('listitem').filter({ hasText: 'Authenticator app' }).getByRole('button', { name: 'Remove' }).click();
    const last = page.getByRole('alertdialog', { name: 'Turn off two-factor sign-in?' });
    await last
      .getByText('a password alone signs in to your account. Moderation will need only your password too.', { exact: false })
      .waitFor();
    await last.getByRole('button', { name: 'Keep it' }).click();
    await last.waitFor({ state: 'detached' });
    assert.equal(await apps.getByRole('listitem').count(), 1, 'kept');
    await apps.getByRole('listitem').getByRole('button', { name: 'Remove' }).click();
    await last.getByRole('button', { name: 'Turn off two-factor' }).click();
    await waitForToast(page, 'Two-factor sign-in is off');
    await security.getByRole('button', { name: 'Enable two-factor' }).waitFor();
    assert.equal(await factorCount(ownId), 0);
    assert.deepEqual(
      errors.filter((e) => !e.includes('status of 422')),
      [],
    );
    await close();
  });

  test('no session removes the last factor without a code: password-only sessions end when it is added, and are refused', async () => {
    // Signed in on the laptop with a password alone; two-factor is then turned on from the phone.
    const laptopEmail = uniqueEmail('lea2fa');
    const leaId = await createMember(app.server, laptopEmail, password, 'Lea Laptop');
    const { page, context, errors } = await app.openPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-in');
    await signInWithForm(page, laptopEmail, password);
    await waitForToast(page, 'Welcome, Lea Laptop!');
    const { secret: phoneSecret, factorId } = await enrolFromPhone(laptopEmail);
    const count = () => factorCount(leaId);

    // The laptop's password-only session ended when the factor was verified (GoTrue's
    // InvalidateSessionsWithAALLessThan): Settings is not reachable from it.
    await page.goto('/settings');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    assert.notEqual(new URL(page.url()).pathname, '/settings');
    // A password-only session started now is refused the removal.
    const thief = app.server.client();
    assert.equal((await thief.auth.signInWithPassword({ email: laptopEmail, password })).error, null);
    const refused = await thief.auth.mfa.unenroll({ factorId });
    assert.equal(refused.error?.code, 'insufficient_aal');
    assert.equal(await count(), 1, 'a password alone removed nothing');

    // In the app, the code comes first; then the last factor goes, after the question.
    await page.goto('/auth/sign-in?next=/settings');
    await signInWithForm(page, laptopEmail, password);
    await page.getByLabel('Authentication code').fill(await nextCode(phoneSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    const apps = page.getByRole('region', { name: 'Security' }).getByRole('list', { name: 'Authenticator apps' });
    await apps.getByRole('listitem').getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('alertdialog', { name: 'Turn off two-factor sign-in?' })
      .getByRole('button', { name: 'Turn off two-factor' })
      .click();
    await waitForToast(page, 'Two-factor sign-in is off');
    assert.equal(await count(), 0);
    assert.deepEqual(
      errors.filter((e) => !/status of 40[13]/.test(e)),
      [],
    );
    await context.close();
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
