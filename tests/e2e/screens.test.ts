import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { checkScreen } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient, seedMemberData } from './support/member-data.ts';
import { makePng } from './support/png.ts';

const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());

// The profile page, and every account screen checked with axe (no serious or critical
// violation) and for horizontal scroll at 390×844 and 1280×800.
describe('profile page and account screens', () => {
  const app = useE2eApp();
  let username = '';
  let quietUsername = '';
  const email = uniqueEmail('screens');
  const password = 'screens password 1';
  before(async () => {
    const userId = await createMember(app.server, email, password, 'Grace Hopper');
    const otherEmail = uniqueEmail('screens-other');
    const otherId = await createMember(app.server, otherEmail, 'other password 1', 'Quiet Member');
    await seedMemberData(
      await memberClient(app.server, email, password),
      userId,
      await memberClient(app.server, otherEmail, 'other password 1'),
    );
    const admin = app.server.admin();
    username = (await admin.from('profiles').select('username').eq('id', userId).single()).data?.username ?? '';
    quietUsername = (await admin.from('profiles').select('username').eq('id', otherId).single()).data?.username ?? '';
    await admin.from('profiles').update({ bio: 'Compilers, COBOL and the first bug.' }).eq('id', userId);
  });
  test('a profile shows avatar, name, bio, join month, counts, reviews and places', async () => {
    const { page, context, errors } = await app.openPage();
    await page.goto(`/u/${username}`);
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await page.getByText(`@${username}`).waitFor();
    await page.getByText('Compilers, COBOL and the first bug.').waitFor();
    await page.getByText(`Joined ${month}`).waitFor();
    await page.getByText('1 review', { exact: true }).waitFor();
    await page.getByText('1 place added', { exact: true }).waitFor();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByRole('link', { name: 'Other Park' }).waitFor();
    await reviews.getByText('4 out of 5').waitFor();
    await reviews.getByText('just now').waitFor();
    await page.getByRole('region', { name: 'Places added' }).getByRole('link', { name: 'Member Café' }).waitFor();
    assert.match(
      (await page.locator('main img').first().getAttribute('src')) ?? '',
      /\/storage\/v1\/render\/image\/public\/avatars\/.+\/avatar-seed\.png\?width=96&height=96&resize=cover$/,
    );
    await checkScreen(page, 'profile', () => page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor());

    await page.goto(`/u/${quietUsername}`);
    await page.getByText('Quiet hasn’t written any reviews yet.').waitFor();
    await page.getByText('1 place added', { exact: true }).waitFor();
    await page.goto('/u/nobody_here_at_all');
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();

    // A member who deleted their account left: their page says so, not "not found".
    const leaverEmail = uniqueEmail('screens-leaver');
    const leaverId = await createMember(app.server, leaverEmail, 'leaver password 1', 'Lea Ver');
    const leaver = (await app.server.admin().from('profiles').select('username').eq('id', leaverId).single()).data?.username ?? '';
    assert.equal((await app.server.admin().auth.admin.deleteUser(leaverId)).error, null);
    await page.goto(`/u/${leaver}`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await checkScreen(page, `former member (${scheme})`, () =>
        page.getByRole('heading', { level: 1, name: 'A former member' }).waitFor(),
      );
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByText(`@${leaver} has left Pinstar.`, { exact: false }).waitFor();
    assert.equal(await page.title(), 'A former member · Pinstar');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('signing up with a registered email says so and links to sign-in', async () => {
    const { page, context } = await app.openPage();
    await page.goto('/auth/sign-up');
    await page.getByLabel('Display name').fill('Someone Else');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('another password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('An account with this email already exists.').waitFor();
    assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true');
    await page.getByRole('link', { name: 'Sign in instead' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  test('auth screens pass axe and fit both viewports, errors included', async () => {
    const { page, context } = await app.openPage();
    await page.goto('/auth/sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter your email.').waitFor();
    await checkScreen(page, 'sign-in with errors', () => page.getByRole('heading', { name: 'Sign in' }).waitFor());
    await page.goto('/auth/sign-up');
    await checkScreen(page, 'sign-up', () => page.getByRole('heading', { name: 'Create an account' }).waitFor());
    await page.goto('/auth/forgot-password');
    await checkScreen(page, 'forgot password', () => page.getByRole('heading', { name: 'Forgot your password?' }).waitFor());
    await page.goto('/auth/reset-password');
    await checkScreen(page, 'reset password (no link)', () => page.getByText('This link has expired. Ask for a new one.').waitFor());
    await context.close();
  });

  test('settings, its dialogs and the account menu pass axe and fit both viewports', async () => {
    const { page, context } = await app.openPage();
    await page.goto('/auth/sign-in?next=%2Fsettings');
    await signInWithForm(page, email, password);
    const ready = () => page.getByRole('heading', { name: 'Your data', exact: true }).waitFor();
    await ready();
    // The welcome toast fades out over the later dialogs; axe would measure its half-transparent text.
    await waitForToast(page, /Welcome/);
    await page.waitForFunction('document.querySelectorAll("[data-sonner-toast]").length === 0', undefined, { timeout: 15_000 });
    await checkScreen(page, 'settings', ready);
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await checkScreen(page, 'delete dialog', () => dialog.waitFor());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Replace photo' }).click();
    await page.getByLabel('Profile photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(300, 200) });
    const crop = page.getByRole('dialog', { name: 'Crop your photo' });
    await checkScreen(page, 'crop dialog', () => crop.waitFor());
    await crop.getByRole('button', { name: 'Close' }).click();
    await crop.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Account menu for Grace Hopper/ }).click();
    await checkScreen(page, 'account menu', () => page.getByRole('menuitem', { name: 'Settings' }).waitFor());
    await context.close();
  });
});
