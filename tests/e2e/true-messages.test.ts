import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { listMail } from './support/mailbox.ts';
import { memberClient } from './support/member-data.ts';

/** A camera's photo: 4000 × 3000 (12 MP) JPEG of noisy gradients, about 8 MB. */
async function cameraPhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < width * height; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = seed % 90;
    raw[i * 3] = (((i % width) * 255) / width + noise) & 255;
    raw[i * 3 + 1] = ((Math.floor(i / width) * 255) / height + noise) & 255;
    raw[i * 3 + 2] = (noise * 2) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 91 })
    .toBuffer();
}

// Messages stay true (decision 392): what the sign-up screen says of an address that already has
// an account (GoTrue answers it like a new one and sends nothing, with confirmations on; refuses it
// with them off), a camera's photo resized on the device as the hint says, a list's link that
// finds no list, toasts clear of the tab bar, and the map's controls in the dark theme.
describe('messages that stay true, with confirmations on', () => {
  const app = useE2eApp({ confirmations: true });

  test('signing up with an address that has an account sends nothing and says nothing false', async () => {
    const email = uniqueEmail('taken');
    await createMember(app.server, email, 'first password 1', 'First Owner');
    const { page, context, errors } = await app.openPage();
    await page.goto('/auth/sign-up');
    await page.getByLabel('Display name').fill('Second Try');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('second password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await status.waitFor();
    const words = await status.innerText();
    assert.match(words, new RegExp(`If ${email.replace(/[.+]/g, '\\$&')} is new to Pinstar, a confirmation link is on its way`));
    assert.match(words, /If that address already belongs to a confirmed account, no link is sent\./);
    assert.doesNotMatch(words, /We sent/);
    await status.getByRole('link', { name: 'reset your password' }).waitFor();
    // Asking again says nothing false either.
    await status.getByRole('button', { name: 'Resend confirmation link' }).click();
    await waitForToast(page, `If ${email} still needs confirming, a new link is on its way.`);
    await page.waitForTimeout(500);
    const mails = (await listMail(app.server.url)).filter((m) => JSON.stringify(m.to).includes(email));
    assert.deepEqual(mails, [], 'hosted GoTrue sends nothing to an address that has an account');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('messages that stay true', () => {
  const app = useE2eApp();
  const password = 'true words only 1';

  test('with confirmations off, an address that has an account is refused in words, with a way to sign in', async () => {
    const email = uniqueEmail('taken-off');
    await createMember(app.server, email, password, 'Already Here');
    const { page, context } = await app.openPage();
    await page.goto('/auth/sign-up');
    await page.getByLabel('Display name').fill('Again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('another password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('An account with this email already exists.').waitFor();
    await page.getByRole('link', { name: 'Sign in instead' }).waitFor();
    await context.close();
  });

  test('a 12 MP, 8 MB camera photo is resized on the device and posted with the review', async () => {
    const email = uniqueEmail('camera');
    const id = await createMember(app.server, email, password, 'Cam Era');
    const api = await memberClient(app.server, email, password);
    const { data } = await api
      .from('places')
      .insert({ name: 'Photogenic Pier', category: 'viewpoint', lat: 48.8, lng: 2.3 })
      .select('id')
      .single();
    const placeId = (data as { id: string }).id;
    const photo = await cameraPhoto();
    assert.ok(photo.length > 7.5 * 1024 * 1024, `the photo is ${photo.length} bytes`);
    const { page, context, errors } = await app.openPage();
    await page.goto(`/auth/sign-in?next=/places/${placeId}`);
    await signInWithForm(page, email, password);
    await page.getByRole('button', { name: 'Write a review', disabled: false }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Photogenic Pier' });
    await dialog.getByText('Large photos are resized on your device to 1600 px').waitFor();
    await dialog.getByRole('radio', { name: /5 stars/ }).check({ force: true });
    await dialog.getByLabel('Your review').fill('The light at the end of the pier at sunset is worth the walk.');
    await dialog.locator('input[type="file"]').setInputFiles([{ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await dialog.getByLabel('Describe photo 1').fill('The pier at sunset');
    assert.equal(await dialog.getByRole('alert').count(), 0, 'the photo is not refused');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await waitForToast(page, 'Review posted');
    const { data: stored } = await app.server.admin().from('review_photos').select('width, height, path').eq('uploader_id', id).single();
    const row = stored as { width: number; height: number; path: string };
    assert.deepEqual([row.width, row.height], [1600, 1200]);
    const file = Buffer.from(await (await fetch(`${app.server.url}/storage/v1/object/public/place-photos/${row.path}`)).arrayBuffer());
    assert.ok(file.length < 5 * 1024 * 1024, `uploaded ${file.length} bytes`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a private list’s link says it found no list', async () => {
    const email = uniqueEmail('keeper');
    const ownerId = await createMember(app.server, email, password, 'Kee Per');
    const api = await memberClient(app.server, email, password);
    const { data } = await api
      .from('lists')
      .insert({ owner_id: ownerId, name: 'Secret spots', visibility: 'private' })
      .select('id')
      .single();
    const { page, context } = await app.openPage();
    await page.goto(`/lists/${(data as { id: string }).id}`);
    await page.getByRole('heading', { level: 1, name: 'We couldn’t find that list' }).waitFor();
    await page.getByText('the list is private or no longer there').waitFor();
    assert.equal(await page.locator('main').getByText(/place/).count(), 0, 'nothing speaks of a place');
    await context.close();
  });

  test('on a phone, toasts sit above the tab bar; the map’s controls follow the dark theme', async () => {
    const email = uniqueEmail('phone');
    await createMember(app.server, email, password, 'Pho Ne');
    const { page, context } = await app.openPage(viewports.mobile);
    await page.goto('/auth/sign-in');
    await signInWithForm(page, email, password);
    await waitForToast(page, 'Welcome, Pho Ne!');
    // where the toast rests: measured once its entrance (it slides up into place) has ended
    await page.waitForFunction(
      `(() => { const t = document.querySelector('[data-sonner-toast]'); return t !== null && t.dataset.mounted === 'true' && t.getAnimations().length === 0; })()`,
    );
    const toast = await page.locator('[data-sonner-toast]').first().boundingBox();
    const tabs = await page.getByRole('navigation', { name: 'Tabs' }).boundingBox();
    assert.ok(toast && tabs, 'both are on screen');
    assert.ok(toast.y + toast.height <= tabs.y, `the toast ends at ${toast.y + toast.height}, the tab bar starts at ${tabs.y}`);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/places/new');
    const zoomIn = page.locator('.leaflet-control-zoom-in').first();
    await zoomIn.waitFor();
    const style = (selector: string) =>
      page.evaluate<{ background: string; color: string }>(
        `(() => { const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)})); return { background: s.backgroundColor, color: s.color }; })()`,
      );
    assert.deepEqual(await style('.leaflet-control-zoom-in'), { background: 'rgb(30, 41, 59)', color: 'rgb(241, 245, 249)' });
    assert.equal((await style('.leaflet-control-attribution')).color, 'rgb(203, 213, 225)');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction('!document.documentElement.classList.contains("dark")');
    assert.equal((await style('.leaflet-control-zoom-in')).background, 'rgb(255, 255, 255)');
    await context.close();
  });
});
