import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useWebApp } from '../support/app.ts';

// Sign-in and sign-up forms, their validation and the error catalogue's words under them, and
// the route guard — on the app's providers against the server in-process (no browser).
describe('auth forms and the route guard', () => {
  const { app, rtl } = useWebApp();

  test('sign-in checks its fields before asking the server, then words a wrong password as the catalogue does', async () => {
    const member = await app.createMember('wrongpw');
    await app.render('/auth/sign-in');
    await app.user.click(await rtl.screen.findByRole('button', { name: 'Sign in' }));
    await rtl.screen.findByText('Enter your email.');
    rtl.screen.getByText('Enter your password.');
    assert.equal(rtl.screen.getByLabelText('Email').getAttribute('aria-invalid'), 'true');

    await app.user.type(rtl.screen.getByLabelText('Email'), 'not-an-address');
    await app.user.type(rtl.screen.getByLabelText('Password'), 'whatever 1');
    await app.user.click(rtl.screen.getByRole('button', { name: 'Sign in' }));
    await rtl.screen.findByText('Enter a valid email, like name@example.com.');

    await app.user.clear(rtl.screen.getByLabelText('Email'));
    await app.user.type(rtl.screen.getByLabelText('Email'), member.email);
    await app.user.click(rtl.screen.getByRole('button', { name: 'Sign in' }));
    const alert = await rtl.screen.findByRole('alert');
    await rtl.waitFor(() => assert.match(alert.textContent ?? '', /Email or password is incorrect\./));
    const { data } = await app.supabase.auth.getSession();
    assert.equal(data.session, null, 'still signed out');
  });

  test('an unconfirmed address is told so under the form and offered a new link', async () => {
    const email = `unconfirmed${Date.now().toString(36)}@example.com`;
    // An account whose link went out long ago: made by the service key, no mail sent, so a resend is
    // not within GoTrue's max_frequency of the last one (a sign-up a moment ago would be refused, 429).
    const { error } = await app.server.admin().auth.admin.createUser({ email, password: 'unconfirmed pw 1', email_confirm: false });
    assert.equal(error, null);
    await app.render('/auth/sign-in');
    await app.user.type(await rtl.screen.findByLabelText('Email'), email);
    await app.user.type(rtl.screen.getByLabelText('Password'), 'unconfirmed pw 1');
    await app.user.click(rtl.screen.getByRole('button', { name: 'Sign in' }));
    await rtl.screen.findByText('Confirm your email first — we can resend the link.');
    await app.user.click(rtl.screen.getByRole('button', { name: 'Resend confirmation link' }));
    // Words true whether or not a link went out (GoTrue's resend answers alike): the toast and the form say them.
    assert.ok((await rtl.screen.findAllByText(`If ${email} still needs confirming, a new link is on its way.`)).length >= 1);
  });

  test('sign-up refuses a short password in the form and sends a confirmation for a good one', async () => {
    const email = `newcomer${Date.now().toString(36)}@example.com`;
    await app.render('/auth/sign-up');
    await app.user.type(await rtl.screen.findByLabelText('Display name'), 'Ada Lovelace');
    await app.user.type(rtl.screen.getByLabelText('Email'), email);
    await app.user.type(rtl.screen.getByLabelText('Password'), 'short');
    await app.user.click(rtl.screen.getByRole('button', { name: 'Create account' }));
    await rtl.screen.findByText('Use at least 8 characters.');
    assert.equal(rtl.screen.getByLabelText('Password').getAttribute('aria-invalid'), 'true');
    await app.user.clear(rtl.screen.getByLabelText('Password'));
    await app.user.type(rtl.screen.getByLabelText('Password'), 'correct horse battery');
    await app.user.click(rtl.screen.getByRole('button', { name: 'Create account' }));
    await rtl.screen.findByText('Check your inbox');
    const mails = (await (
      await app.server.fetch(`${app.server.url}/_dev/mail/api/messages?to=${encodeURIComponent(email)}`)
    ).json()) as unknown[];
    assert.equal(mails.length, 1, 'one confirmation mail');
  });

  test('a signed-out visitor is sent from Settings to sign-in and back after signing in', async () => {
    const member = await app.createMember('guard');
    await app.render('/settings');
    await rtl.screen.findByRole('button', { name: 'Sign in' });
    assert.equal(window.location.pathname, '/auth/sign-in');
    assert.equal(new URLSearchParams(window.location.search).get('next'), '/settings');
    await app.user.type(rtl.screen.getByLabelText('Email'), member.email);
    await app.user.type(rtl.screen.getByLabelText('Password'), member.password);
    await app.user.click(rtl.screen.getByRole('button', { name: 'Sign in' }));
    await rtl.waitFor(() => assert.equal(window.location.pathname, '/settings'));
    await rtl.screen.findByRole('button', { name: 'Save profile' });
  });
});
