import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { addVirtualAuthenticator } from './support/webauthn.ts';

// Passkeys and security keys in Chromium, with a virtual authenticator from the DevTools
// protocol's WebAuthn domain standing in for the phone's screen lock or a key on the desk:
// a member adds a passkey in Settings → Security, signs out and back in with it, renames and
// removes it; another adds a security key as a second factor and signs in with password and key.
const password = 'passkeys in the browser 1';

/** Toasts go away by themselves; they are not part of the screen checked for accessibility. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  // A toast may leave by itself between the count and the click: each click is short, the loop bounded.
  for (let i = 0; i < 10 && (await toasts.count()) > 0; i++)
    await toasts
      .first()
      .locator('[data-close-button]')
      .click({ timeout: 1000 })
      .catch(() => undefined);
  await toasts.first().waitFor({ state: 'detached' });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('passkeys and security keys in the browser', () => {
  const app = useE2eApp();
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`${size}: add a passkey in Settings, sign in with it, see its last use, rename and remove it`, async () => {
      const email = uniqueEmail(`passkey-${size}`);
      await createMember(app.server, email, password, 'Pia Passkey');
      const { page, context, errors } = await app.openPage(viewport);
      const device = await addVirtualAuthenticator(page, 'internal');
      await page.goto('/auth/sign-in?next=%2Fsettings');
      await signInWithForm(page, email, password);
      await page.waitForURL((url) => url.pathname === '/settings');
      const security = page.getByRole('region', { name: 'Security' });
      await security.getByText('Sign in with your fingerprint, face or screen lock instead of a password.').waitFor();
      await security.getByRole('button', { name: 'Add a passkey' }).click();
      await waitForToast(page, 'Passkey added');
      const passkeys = security.getByRole('list', { name: 'Passkeys' });
      await passkeys.getByText('Not used yet').waitFor();
      const held = await device.credentials();
      assert.equal(held.length, 1);
      assert.equal(held[0]?.isResidentCredential, true, 'a discoverable credential: a passkey');
      assert.equal(held[0]?.rpId, 'localhost');

      await signOut(page);
      await page.goto('/auth/sign-in?next=%2Fsettings');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await waitForToast(page, 'Welcome, Pia Passkey!');
      await page.waitForURL((url) => url.pathname === '/settings');
      await passkeys.getByText(/^Last used/).waitFor();
      assert.ok(((await device.credentials())[0]?.signCount ?? 0) >= 1, 'the signature counter moved');

      await passkeys.getByRole('button', { name: 'Rename Passkey' }).click();
      await passkeys.getByLabel('Passkey name').fill('Work laptop');
      await passkeys.getByRole('button', { name: 'Save' }).click();
      await passkeys.getByText('Work laptop').waitFor();
      await dismissToasts(page);
      await assertAccessible(page, `settings with a passkey (${size})`);
      await passkeys.getByRole('button', { name: 'Remove Work laptop' }).click();
      await waitForToast(page, 'Passkey removed');
      await security.getByRole('list', { name: 'Passkeys' }).waitFor({ state: 'detached' });

      // The removed passkey no longer signs in: the app says so in its own words.
      await signOut(page);
      await page.goto('/auth/sign-in');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByText('That passkey isn’t one this account knows. Try another, or sign in with your password.').waitFor();
      assert.deepEqual(
        errors.filter((e) => !e.includes('400 (Bad Request)')),
        [],
      );
      await context.close();
    });

    test(`${size}: a security key as a second factor beside the authenticator app: sign in with password, then the key`, async () => {
      const email = uniqueEmail(`key-${size}`);
      await createMember(app.server, email, password, 'Kim Key');
      const { page, context, errors } = await app.openPage(viewport);
      await addVirtualAuthenticator(page, 'usb');
      await page.goto('/auth/sign-in?next=%2Fsettings');
      await signInWithForm(page, email, password);
      await page.waitForURL((url) => url.pathname === '/settings');
      const security = page.getByRole('region', { name: 'Security' });
      await security.getByRole('button', { name: 'Add a security key' }).click();
      await waitForToast(page, 'Security key added');
      await security.getByRole('list', { name: 'Security keys' }).getByText('Security key').waitFor();
      await security.getByRole('button', { name: 'Add an authenticator app' }).waitFor();
      await dismissToasts(page);
      await assertAccessible(page, `settings with a security key (${size})`);

      await signOut(page);
      await page.goto('/auth/sign-in?next=%2Fsettings');
      await signInWithForm(page, email, password);
      await page.getByText('Use your security key to finish signing in.').waitFor();
      assert.equal(new URL(page.url()).pathname, '/auth/sign-in', 'no way past the second step');
      await dismissToasts(page);
      await assertAccessible(page, `the security key step (${size})`);
      await page.getByRole('button', { name: 'Use your security key' }).click();
      await page.waitForURL((url) => url.pathname === '/settings');
      const aal = await app.server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ aal: string }>(
          `select s.aal from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1 order by s.created_at desc limit 1`,
          [email],
        ),
      );
      assert.equal(aal.rows[0]?.aal, 'aal2');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
