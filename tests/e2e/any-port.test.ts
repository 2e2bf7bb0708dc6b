import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort } from '../support/free-port.ts';
import type { TestServer } from '../support/server.ts';
import { createMember, startAppServer, uniqueEmail, waitForToast } from './support/app-server.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { confirmLink, waitForMail } from './support/mailbox.ts';

// The app served at another port and under another host name than config.toml's site_url
// (http://localhost:54321): mailed links and the redirects after them reach the server actually
// serving the app, whose origin is neither the configured port nor the configured host.
describe('sign-up and recovery on another port and host', () => {
  let server: TestServer;
  let browser: Browser;
  let origin: string;
  before(async () => {
    const port = await freePort();
    assert.notEqual(port, 54321);
    origin = `http://127.0.0.1:${port}`;
    browser = await launchBrowser();
    server = await startAppServer({ confirmations: true, port, env: { HOST: '127.0.0.1', API_EXTERNAL_URL: origin } });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('the confirmation mail links to this server and lands signed in on its origin', async () => {
    const { page, context, errors } = await openPage(browser, origin);
    const email = uniqueEmail('port-signup');
    await page.goto('/auth/sign-up');
    await page.getByLabel('Display name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    const since = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your inbox').waitFor();
    const link = confirmLink(await waitForMail(origin, email, /confirm/i, since));
    assert.equal(new URL(link).origin, origin, 'the link points at the serving origin (the site URL follows it)');
    await page.goto(link);
    await waitForToast(page, 'Welcome, Grace Hopper!');
    assert.equal(new URL(page.url()).origin, origin);
    await page.getByRole('button', { name: /Account menu for Grace Hopper/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the recovery mail links to this server and opens "Set a new password" on its origin', async () => {
    const { page, context } = await openPage(browser, origin);
    const email = uniqueEmail('port-forgot');
    await createMember(server, email, 'old password 1');
    await page.goto('/auth/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const since = Date.now();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();
    const link = confirmLink(await waitForMail(origin, email, /reset|password|recover/i, since));
    assert.equal(new URL(link).origin, origin);
    await page.goto(link);
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/auth/reset-password' && !url.searchParams.has('code'));
    await page.getByLabel('New password', { exact: true }).fill('new password 1');
    await page.getByLabel('Confirm new password').fill('new password 1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await waitForToast(page, 'Password updated');
    const signIn = await server.client().auth.signInWithPassword({ email, password: 'new password 1' });
    assert.equal(signIn.error, null);
    await context.close();
  });
});
