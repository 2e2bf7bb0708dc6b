import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { useE2eApp } from './support/fixture.ts';
import { confirmLink, waitForMail } from './support/mailbox.ts';
import { makePng } from './support/png.ts';

// Settings: profile with username availability, avatar crop/upload/replace/remove, password
// and email changes (mailed links), each checked through the API.
describe('settings in the browser', () => {
  const app = useE2eApp();
  async function signedInSettings(label: string) {
    const email = uniqueEmail(label);
    const password = `${label} password 1`;
    const userId = await createMember(app.server, email, password, `${label} person`);
    const opened = await app.openPage();
    await opened.page.goto('/auth/sign-in?next=%2Fsettings');
    await signInWithForm(opened.page, email, password);
    await opened.page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    return { ...opened, email, password, userId };
  }

  async function profileOf(userId: string) {
    const { data } = await app.server.admin().from('profiles').select('username, display_name, bio, avatar_path').eq('id', userId).single();
    return data;
  }

  test('chooses, crops and uploads an avatar with progress, replaces it, then removes it', async () => {
    const { page, context, userId, errors } = await signedInSettings('avatar');
    const admin = app.server.admin();
    const choose = async (label: string) => {
      await page.getByRole('button', { name: label }).click();
      await page.getByLabel('Profile photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(640, 480) });
      const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
      await dialog.getByLabel('Zoom').fill('1.5');
      await dialog.getByRole('button', { name: 'Save photo' }).click();
      await waitForToast(page, 'Profile photo updated');
      await dialog.waitFor({ state: 'detached' });
    };
    // The file chooser is opened by the button; the input itself is what a test can fill.
    page.on('filechooser', () => undefined);
    // A slow uplink (64 KB/s) and a noisy picture make the upload long enough to watch.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    await page.getByRole('button', { name: 'Choose photo' }).click();
    await page
      .getByLabel('Profile photo file')
      .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: makePng(512, 512, 'noise') });
    const cropDialog = page.getByRole('dialog', { name: 'Crop your photo' });
    await cropDialog.getByRole('button', { name: 'Save photo' }).click();
    const bar = cropDialog.getByRole('progressbar', { name: 'Uploading photo' });
    await bar.waitFor();
    await cropDialog.getByRole('button', { name: /^Uploading… \d+%$/ }).waitFor();
    await waitForToast(page, 'Profile photo updated');
    await cropDialog.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const noisy = (await profileOf(userId))?.avatar_path ?? '';
    assert.match(noisy, new RegExp(`^${userId}/avatar-\\d+\\.webp$`));

    await choose('Replace photo');
    const first = (await profileOf(userId))?.avatar_path ?? '';
    assert.notEqual(first, noisy);
    assert.deepEqual(
      (await admin.storage.from('avatars').list(userId)).data?.map((f) => f.name),
      [first.split('/')[1]],
      'the replaced file is removed',
    );
    const header = page.getByRole('banner').locator(`img[src*="/render/image/public/avatars/${first}?width=64&"]`);
    await header.waitFor();
    const size = await page.evaluate<{ w: number; h: number }>(
      `(async () => { const r = await fetch(${JSON.stringify(`${app.server.url}/storage/v1/object/public/avatars/${first}`)}); const b = await createImageBitmap(await r.blob()); return { w: b.width, h: b.height }; })()`,
    );
    // Zoom 1.5 on a 640×480 source frames a 320 px square, kept at that size (never upscaled).
    assert.deepEqual(size, { w: 320, h: 320 }, 'cropped square at the zoomed size');
    await choose('Replace photo');
    const second = (await profileOf(userId))?.avatar_path ?? '';
    assert.notEqual(second, first);
    const listed = await admin.storage.from('avatars').list(userId);
    assert.deepEqual(
      listed.data?.map((f) => f.name),
      [second.split('/')[1]],
      'the replaced file is removed',
    );
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await waitForToast(page, 'Profile photo removed');
    assert.equal((await profileOf(userId))?.avatar_path, null);
    assert.deepEqual((await admin.storage.from('avatars').list(userId)).data, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('changes the email through both mailed links; every open tab hears USER_UPDATED', async () => {
    const { page, context, email, userId, errors } = await signedInSettings('email');
    // A second tab of the same browser, already on the settings page: it is never reloaded and
    // records what supabase-js tells the other tabs over its BroadcastChannel.
    const other = await context.newPage();
    await other.goto('/settings');
    await other.getByText(`Current email: ${email}`).waitFor();
    await other.evaluate(`(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      window.__authEvents = [];
      window.__sameDocument = true;
      new BroadcastChannel(key).onmessage = (e) => window.__authEvents.push({ event: e.data.event, email: e.data.session?.user?.email ?? null });
    })()`);
    const next = uniqueEmail('changed');
    const since = Date.now();
    await page.getByLabel('New email').fill(next);
    await page.getByRole('button', { name: 'Change email' }).click();
    await waitForToast(page, `Check ${next} for the link that confirms it.`);
    await page.getByText(`Waiting for confirmation of ${next}.`).waitFor();
    const toCurrent = confirmLink(await waitForMail(app.server.url, email, /email/i, since));
    const toNew = confirmLink(await waitForMail(app.server.url, next, /email/i, since));
    await page.goto(toCurrent);
    await waitForToast(page, 'Now open the link we sent to your other address.');
    await page.getByText(`Current email: ${email}`).waitFor();
    await page.goto(toNew);
    await waitForToast(page, 'Email changed');
    await page.getByText(`Current email: ${next}`).waitFor();
    assert.equal(new URL(page.url()).search, '', 'the landing cleans the link parameters');
    // The tab that was already open updates in place, from the USER_UPDATED event.
    await waitForToast(other, 'Email changed');
    await other.getByText(`Current email: ${next}`).waitFor();
    assert.equal(await other.evaluate('window.__sameDocument'), true, 'the open tab was not reloaded');
    const events = await other.evaluate<{ event: string; email: string | null }[]>('window.__authEvents');
    assert.ok(
      events.some((e) => e.event === 'USER_UPDATED' && e.email === next),
      `USER_UPDATED with the new email was broadcast: ${JSON.stringify(events)}`,
    );
    const { data } = await app.server.admin().auth.admin.getUserById(userId);
    assert.equal(data.user?.email, next);
    assert.equal((await app.server.client().auth.signInWithPassword({ email: next, password: 'email password 1' })).error, null);
    // A used link says so, and leaves the account as it is.
    await page.goto(toNew);
    await waitForToast(page, 'This link has expired. Ask for a new one.');
    await page.getByText(`Current email: ${next}`).waitFor();
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '' && url.hash === '');
    assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 403 (Forbidden)'], 'only the used link');
    await context.close();
  });

  test('an implicit-flow email change (asked by another client) also ends in USER_UPDATED in the open tab', async () => {
    const { page, context, email, password, errors } = await signedInSettings('implicit');
    // Another device of the same member asks for the change, in supabase-js's default implicit
    // flow: its links carry a token hash without the `pkce_` mark, and verify the same.
    const device = app.server.client();
    assert.equal((await device.auth.signInWithPassword({ email, password })).error, null);
    const next = uniqueEmail('implicit-changed');
    const since = Date.now();
    assert.equal((await device.auth.updateUser({ email: next }, { emailRedirectTo: `${app.server.url}/settings` })).error, null);
    const toCurrent = confirmLink(await waitForMail(app.server.url, email, /email/i, since));
    const toNew = confirmLink(await waitForMail(app.server.url, next, /email/i, since));
    assert.doesNotMatch(toNew, /token_hash=pkce_/, 'asked in the implicit flow');
    const landing = await context.newPage();
    await landing.goto(toCurrent);
    await waitForToast(landing, 'Now open the link we sent to your other address.');
    await landing.waitForURL((url) => url.pathname === '/settings' && url.hash === '');
    await page.evaluate('window.__sameDocument = true');
    await landing.goto(toNew);
    await waitForToast(landing, 'Email changed');
    await landing.getByText(`Current email: ${next}`).waitFor();
    await waitForToast(page, 'Email changed');
    await page.getByText(`Current email: ${next}`).waitFor();
    assert.equal(await page.evaluate('window.__sameDocument'), true, 'the open tab was not reloaded');
    assert.equal(
      await landing.locator('[data-sonner-toast]').filter({ hasText: 'Welcome' }).count(),
      0,
      'an email change is no sign-in to welcome',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the confirmation dialog works by keyboard: focus in, trapped, Escape closes, focus returns', async () => {
    const { page, context } = await signedInSettings('dialog');
    // Keyboard focus is what is checked here: let the welcome toast come and go first.
    await waitForToast(page, /Welcome/);
    await page.waitForFunction('document.querySelectorAll("[data-sonner-toast]").length === 0', undefined, { timeout: 15_000 });
    const trigger = page.getByRole('button', { name: 'Delete account…' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    assert.equal(
      await page.evaluate('document.activeElement?.closest("[role=alertdialog]") !== null'),
      true,
      'focus moved into the dialog',
    );
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate('document.activeElement?.closest("[role=alertdialog]") !== null'),
        true,
        'focus stays trapped in the dialog',
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix's focus scope gives focus back in the task after the dialog unmounts: wait for it.
    await page.waitForFunction('document.activeElement?.textContent === "Delete account…"', undefined, { timeout: 5_000 });
    await context.close();
  });
});
