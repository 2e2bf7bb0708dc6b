import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { confirmLink, waitForMail } from './support/mailbox.ts';

// Mailed links work on the device that opens them (decision 391): asked for in one browser (its
// own storage: a phone), opened in another (a laptop), as Supabase's guide for server-side auth
// does it — the project's templates link to the app's /auth/confirm with a token hash, which the
// app verifies there; no PKCE verifier from the asking browser is needed.
describe('mailed links opened on another device', () => {
  const app = useE2eApp({ confirmations: true });

  test('a password reset asked for on the phone is finished on the laptop; the used link then says so', async () => {
    const email = uniqueEmail('reset-elsewhere');
    await createMember(app.server, email, 'old password 1', 'Rhea Set');
    const phone = await app.openPage(viewports.mobile);
    await phone.page.goto('/auth/forgot-password');
    const since = Date.now();
    await phone.page.getByLabel('Email').fill(email);
    await phone.page.getByRole('button', { name: 'Send reset link' }).click();
    await phone.page.getByText(`If an account exists for ${email}`).waitFor();
    const link = confirmLink(await waitForMail(app.server.url, email, /reset/i, since));

    const laptop = await app.openPage(viewports.desktop);
    await laptop.page.goto(link);
    await laptop.page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await laptop.page.getByLabel('New password', { exact: true }).fill('laptop password 1');
    await laptop.page.getByLabel('Confirm new password').fill('laptop password 1');
    await laptop.page.getByRole('button', { name: 'Save new password' }).click();
    await waitForToast(laptop.page, 'Password updated');
    assert.equal((await app.server.client().auth.signInWithPassword({ email, password: 'laptop password 1' })).error, null);
    assert.deepEqual(laptop.errors, []);

    // The same link again, on the phone: spent, and it says what to do.
    await phone.page.goto(link);
    await phone.page.getByRole('alert').filter({ hasText: 'This link has expired. Ask for a new one.' }).waitFor();
    await phone.page.getByRole('link', { name: 'Ask for a new link' }).click();
    await phone.page.waitForURL((url) => url.pathname === '/auth/forgot-password');
    await phone.context.close();
    await laptop.context.close();
  });

  test('a sign-up on the laptop is confirmed from the phone, which arrives signed in', async () => {
    const email = uniqueEmail('signup-elsewhere');
    const laptop = await app.openPage(viewports.desktop);
    await laptop.page.goto('/auth/sign-up');
    await laptop.page.getByLabel('Display name').fill('Cora Firm');
    await laptop.page.getByLabel('Email').fill(email);
    await laptop.page.getByLabel('Password').fill('correct horse battery');
    const since = Date.now();
    await laptop.page.getByRole('button', { name: 'Create account' }).click();
    const link = confirmLink(await waitForMail(app.server.url, email, /confirm/i, since));

    const phone = await app.openPage(viewports.mobile);
    await phone.page.goto(link);
    await waitForToast(phone.page, 'Welcome, Cora Firm!');
    await phone.page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await phone.page.getByRole('button', { name: /Account menu for Cora Firm/ }).waitFor();
    // Back on the laptop, the confirmed account signs in with its password.
    await laptop.page.goto('/auth/sign-in');
    await signInWithForm(laptop.page, email, 'correct horse battery');
    await waitForToast(laptop.page, 'Welcome, Cora Firm!');
    assert.deepEqual([...laptop.errors, ...phone.errors], []);
    await laptop.context.close();
    await phone.context.close();
  });

  test('an email change asked on the laptop is confirmed from a browser that was never signed in', async () => {
    const email = uniqueEmail('change-elsewhere');
    const userId = await createMember(app.server, email, 'change password 1', 'Dora Move');
    const laptop = await app.openPage(viewports.desktop);
    await laptop.page.goto('/auth/sign-in?next=/settings');
    await signInWithForm(laptop.page, email, 'change password 1');
    await laptop.page.getByText(`Current email: ${email}`).waitFor();
    const next = uniqueEmail('changed-elsewhere');
    const since = Date.now();
    await laptop.page.getByLabel('New email').fill(next);
    await laptop.page.getByRole('button', { name: 'Change email' }).click();
    await waitForToast(laptop.page, `Check ${next} for the link that confirms it.`);
    const toCurrent = confirmLink(await waitForMail(app.server.url, email, /email/i, since));
    const toNew = confirmLink(await waitForMail(app.server.url, next, /email/i, since));

    const phone = await app.openPage(viewports.mobile);
    await phone.page.goto(toCurrent);
    await phone.page
      .getByRole('status')
      .filter({ hasText: 'One link confirmed. Now open the link we sent to your other address' })
      .waitFor();
    await phone.page.goto(toNew);
    await waitForToast(phone.page, 'Email changed');
    await phone.page.getByText(`Current email: ${next}`).waitFor();
    const { data } = await app.server.admin().auth.admin.getUserById(userId);
    assert.equal(data.user?.email, next);
    assert.deepEqual(phone.errors, []);
    await laptop.context.close();
    await phone.context.close();
  });

  test('a sign-in link asked for by another client signs in the browser that opens it', async () => {
    const email = uniqueEmail('magic-elsewhere');
    await createMember(app.server, email, 'magic password 1', 'Mags Link');
    const since = Date.now();
    const asked = await app.server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    assert.equal(asked.error, null);
    const link = confirmLink(await waitForMail(app.server.url, email, /sign-in link/i, since));
    const browser = await app.openPage(viewports.desktop);
    await browser.page.goto(link);
    await waitForToast(browser.page, 'Welcome, Mags Link!');
    await browser.page.getByRole('button', { name: /Account menu for Mags Link/ }).waitFor();
    assert.deepEqual(browser.errors, []);
    await browser.context.close();
  });
});
