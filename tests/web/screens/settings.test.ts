import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nextCode } from '../../support/totp.ts';
import { useWebApp } from '../support/app.ts';

// Settings' forms — profile and password — with their validation, the server's refusals under
// the right field and the success toast; and Security's factor removal, whose failure is shown
// once. On the app's providers against the server in-process, without a browser.
describe('settings', () => {
  const { app, rtl } = useWebApp();

  async function profileOf(userId: string) {
    const { data } = await app.server.admin().from('profiles').select('username, display_name, bio').eq('id', userId).single();
    return data;
  }

  async function settingsAs(prefix: string) {
    const member = await app.createMember(prefix);
    await app.signIn(member.email, member.password);
    await app.render('/settings');
    await rtl.screen.findByRole('button', { name: 'Save profile' });
    return member;
  }

  test('the profile: availability, a taken username, the limits, then saved with a toast', async () => {
    const taken = await app.createMember('taken');
    const member = await settingsAs('profile');
    const { screen } = rtl;
    const username = screen.getByLabelText('Username');
    await app.user.clear(username);
    await app.user.type(username, taken.username);
    await screen.findByText('That username is taken.');
    assert.equal(username.getAttribute('aria-invalid'), 'true');
    await app.user.clear(username);
    await app.user.type(username, 'No Caps!');
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Use lowercase letters, digits and underscores only.');
    const fresh = `fresh_${Date.now().toString(36)}`.slice(0, 24);
    await app.user.clear(username);
    await app.user.type(username, fresh);
    await screen.findByText('Available');
    await app.user.clear(screen.getByLabelText('Display name'));
    await app.user.type(screen.getByLabelText('Display name'), 'Fresh Name');
    await app.user.clear(screen.getByLabelText('Bio'));
    await app.user.click(screen.getByLabelText('Bio'));
    await app.user.paste('x'.repeat(281));
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Keep your bio under 280 characters.');
    await app.user.clear(screen.getByLabelText('Bio'));
    await app.user.type(screen.getByLabelText('Bio'), 'Coffee, parks and long walks.');
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    await rtl.waitFor(() => assert.ok(app.toasts().some((t) => t.includes('Profile saved'))));
    assert.deepEqual(await profileOf(member.id), { username: fresh, display_name: 'Fresh Name', bio: 'Coffee, parks and long walks.' });
  });

  test('the password: the current one is asked for, a wrong one and the same one refused under their fields, then changed', async () => {
    const member = await settingsAs('password');
    const { screen } = rtl;
    const form = rtl.within(screen.getByRole('button', { name: 'Change password' }).closest('form') as HTMLElement);
    const fill = async (current: string, next: string) => {
      for (const [label, value] of [
        ['Current password', current],
        ['New password', next],
        ['Confirm new password', next],
      ] as const) {
        const field = form.getByLabelText(label, { exact: true });
        await app.user.clear(field);
        if (value) await app.user.type(field, value);
      }
      await app.user.click(form.getByRole('button', { name: 'Change password' }));
    };
    await fill('', 'brand new password 1');
    await form.findByText('Enter your current password.');
    assert.equal(form.getByLabelText('Current password').getAttribute('aria-invalid'), 'true');
    await fill('not my password', 'brand new password 1');
    await form.findByText('That isn’t your current password.');
    await fill(member.password, member.password);
    await form.findByText('Choose a password different from the current one.');
    await fill(member.password, 'brand new password 1');
    await rtl.waitFor(() => assert.ok(app.toasts().some((t) => t.includes('Password updated'))));
    const check = app.server.client();
    assert.equal((await check.auth.signInWithPassword({ email: member.email, password: 'brand new password 1' })).error, null);
    assert.equal(
      (await check.auth.signInWithPassword({ email: member.email, password: member.password })).error?.code,
      'invalid_credentials',
    );
  });

  test('a factor removal the server refuses is told once, by the one error path', async () => {
    const member = await app.createMember('factor');
    // Another device of the member's enrols an authenticator app.
    const device = app.server.client();
    assert.equal((await device.auth.signInWithPassword({ email: member.email, password: member.password })).error, null);
    const enrolled = await device.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
    assert.equal(enrolled.error, null);
    const factorId = enrolled.data?.id ?? '';
    const secret = enrolled.data?.totp.secret ?? '';
    assert.equal((await device.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(secret) })).error, null);
    // The app signs in with password and code (aal2), as the sign-in prompt would.
    await app.signIn(member.email, member.password);
    assert.equal((await app.supabase.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(secret) })).error, null);
    await app.render('/settings');
    const remove = await rtl.screen.findByRole('button', { name: 'Remove Authenticator app' });
    // Meanwhile the other device removes it.
    assert.equal((await device.auth.mfa.unenroll({ factorId })).error, null);
    const refused = await device.auth.mfa.unenroll({ factorId });
    assert.ok(refused.error, 'removing it again is refused');
    const { describeError } = await import('@/lib/errors');
    const expected = describeError(refused.error).message;

    await app.user.click(remove);
    // It is the only one: the question says two-factor goes off.
    await app.user.click(await rtl.screen.findByRole('button', { name: 'Turn off two-factor' }));
    await rtl.waitFor(() => assert.ok(app.toasts().some((t) => t.includes(expected))));
    // Give a second toast the time it would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(app.toasts().filter((t) => t.includes(expected)).length, 1, `"${expected}" once: ${JSON.stringify(app.toasts())}`);
    assert.ok(!app.toasts().some((t) => t.includes('Authenticator app removed') || t.includes('Two-factor sign-in is off')));
  });
});
