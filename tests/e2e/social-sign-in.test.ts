import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { nextCode } from '../support/totp.ts';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// Social sign-in in Chromium against the emulated providers Pinstar's config enables: sign up
// with "Continue with Google" through the server's consent page, link GitHub from Settings →
// Security and unlink it again (never the last method), and a member with an authenticator app
// deleting the account is asked for the code.
const password = 'social sign in 1';

/** The emulated provider's page: a new test account by email and name. */
async function consentAs(page: Page, provider: string, email: string, name: string): Promise<void> {
  await page.getByRole('heading', { name: `Sign in with ${provider} (emulated)` }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: `Sign in with ${provider} as this account` }).click();
}

describe('social sign-in in the browser', () => {
  const app = useE2eApp();

  test('signs up with the emulated Google, then links and unlinks GitHub in Settings → Security', async () => {
    const { page, context, errors } = await app.openPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-up');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Sign in with Google (emulated)' }).waitFor();
    await assertAccessible(page, 'emulated consent page');
    const email = uniqueEmail('gina');
    await consentAs(page, 'Google', email, 'Gina Google');
    // Back in the app, signed in: the auth pages step aside to Explore.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'detached' });
    const { data: users } = await app.server.admin().auth.admin.listUsers();
    const user = users.users.find((u) => u.email === email);
    assert.deepEqual(user?.app_metadata.providers, ['google']);
    const profile = await app.server
      .admin()
      .from('profiles')
      .select('display_name')
      .eq('id', user?.id ?? '')
      .single();
    assert.equal(profile.data?.display_name, 'Gina Google');

    await page.goto('/settings');
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await methods.getByText('Google').waitFor();
    await methods.getByText(email).waitFor();
    assert.equal(await methods.getByRole('button', { name: 'Unlink' }).count(), 0, 'the only method has no unlink');
    const security = page.getByRole('region', { name: 'Security' });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `Settings with sign-in methods, ${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await security.getByRole('button', { name: 'Link GitHub' }).click();
    await consentAs(page, 'GitHub', uniqueEmail('gina-gh'), 'Gina Octo');
    await page.waitForURL((url) => url.pathname === '/settings');
    await methods.getByText('GitHub').waitFor();
    assert.equal(await security.getByRole('button', { name: 'Link GitHub' }).count(), 0, 'a linked provider is not offered again');
    await methods.getByRole('listitem').filter({ hasText: 'GitHub' }).getByRole('button', { name: 'Unlink' }).click();
    await waitForToast(page, 'GitHub unlinked');
    await methods.getByText('GitHub').waitFor({ state: 'detached' });
    await security.getByRole('button', { name: 'Link GitHub' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a cancelled provider sign-in comes back to sign-in with the reason in the app’s words', async () => {
    const { page, context } = await app.openPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-in');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.getByRole('heading', { name: 'Sign in with GitHub (emulated)' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Sign-in with that provider was cancelled.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/sign-in');
    await context.close();
  });

  test('deleting the account asks for the authenticator code when a factor exists', async () => {
    const email = uniqueEmail('dora');
    const userId = await createMember(app.server, email, password, 'Dora Delete');
    const api = app.server.client();
    await api.auth.signInWithPassword({ email, password });
    const enrolled = await api.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled.data?.totp.secret ?? '';
    assert.equal((await api.auth.mfa.challengeAndVerify({ factorId: enrolled.data?.id ?? '', code: await nextCode(secret) })).error, null);
    const { data: profile } = await app.server.admin().from('profiles').select('username').eq('id', userId).single();
    const username = profile?.username ?? '';

    const { page, context } = await app.openPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-in?next=%2Fsettings');
    await signInWithForm(page, email, password);
    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel(`Type ${username} to confirm`).fill(username);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    assert.equal((await app.server.admin().auth.admin.getUserById(userId)).data.user?.id, userId, 'nothing deleted without the code');
    await dialog.getByLabel('Code from your authenticator app').fill(await nextCode(secret));
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForToast(page, 'Your account has been deleted');
    assert.equal((await app.server.admin().auth.admin.getUserById(userId)).data.user, null);
    await context.close();
  });
});
