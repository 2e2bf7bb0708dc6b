import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AuthApiError } from '@supabase/supabase-js';
import {
  authFetch,
  authFixture,
  codeOf,
  followLink,
  mailTo,
  memoryStorage,
  openInBrowser,
  recordEvents,
  uniqueEmail,
  verifyLinkOf,
} from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';

for (const target of conformanceTargets()) {
  describe(`auth mail flows on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await target.start(authFixture('confirm'));
    });
    after(() => server?.close());

    /** A confirmed user made through the admin API, so the user's mail throttle starts fresh. */
    async function confirmedUser(): Promise<string> {
      const email = uniqueEmail();
      const { error } = await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal(error, null);
      return email;
    }

    /** Moves the user's mail timestamps into the past, as if `minutes` had gone by. */
    async function age(email: string, minutes: number): Promise<void> {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(
          `update auth.users set confirmation_sent_at = confirmation_sent_at - make_interval(mins => $2), recovery_sent_at = recovery_sent_at - make_interval(mins => $2),
             email_change_sent_at = email_change_sent_at - make_interval(mins => $2) where email = $1`,
          [email, minutes],
        ),
      );
    }

    test('signUp with confirmations on: a user without session, a mail, email_not_confirmed until the link is followed', async () => {
      const email = uniqueEmail();
      const { data, error } = await server
        .client()
        .auth.signUp({ email, password, options: { emailRedirectTo: 'https://app.example.com/welcome' } });
      assert.equal(error, null);
      assert.equal(data.session, null);
      assert.equal(data.user?.email, email);
      assert.equal(data.user?.identities?.length, 1);
      assert.equal(data.user?.email_confirmed_at, undefined);
      assert.ok(data.user?.confirmation_sent_at);
      const blocked = await server.client().auth.signInWithPassword({ email, password });
      assert.ok(blocked.error instanceof AuthApiError);
      assert.equal(blocked.error.status, 400);
      assert.equal(blocked.error.code, 'email_not_confirmed');
      const mails = await mailTo(server, email);
      assert.equal(mails.length, 1);
      assert.equal(mails[0]?.subject, 'Confirm Your Signup');
      const link = verifyLinkOf(mails[0]);
      assert.ok(link.startsWith(`${server.url}/auth/v1/verify?token=`));
      assert.match(link, /type=signup/);
      const { status, location } = await followLink(server, link);
      assert.equal(status, 303);
      assert.equal(`${location.origin}${location.pathname}`, 'https://app.example.com/welcome');
      const fragment = new URLSearchParams(location.hash.slice(1));
      assert.equal(fragment.get('type'), 'signup');
      assert.equal(fragment.get('token_type'), 'bearer');
      const tab = await openInBrowser(server, location);
      assert.equal(tab.error, null);
      assert.deepEqual(tab.events, ['SIGNED_IN']);
      const session = (await tab.client.auth.getSession()).data.session;
      assert.equal(session?.user.email, email);
      assert.ok(session?.user.email_confirmed_at);
      assert.equal((await server.client().auth.signInWithPassword({ email, password })).error, null);
      const reused = await followLink(server, link);
      const failure = new URLSearchParams(reused.location.hash.slice(1));
      assert.equal(failure.get('error_code'), 'otp_expired');
      assert.equal(failure.get('error'), 'access_denied');
      assert.equal(failure.get('error_description'), 'Email link is invalid or has expired');
    });

    test('signUp with the PKCE flow: the confirmation link answers ?code=, exchanged into SIGNED_IN by the tab holding the verifier', async () => {
      const email = uniqueEmail('pkce');
      const storage = memoryStorage();
      const { createClient } = await import('@supabase/supabase-js');
      const starter = createClient(server.url, server.anonKey, {
        global: { fetch: server.fetch },
        auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      });
      assert.equal(
        (await starter.auth.signUp({ email, password, options: { emailRedirectTo: 'https://app.example.com/auth/sign-in?confirmed=1' } }))
          .error,
        null,
      );
      const mail = (await mailTo(server, email))[0];
      assert.match(verifyLinkOf(mail), /token=pkce_/);
      assert.ok(mail?.html.includes('&amp;type=signup'), 'links in the HTML part are entity-escaped');
      const { location } = await followLink(server, verifyLinkOf(mail));
      assert.equal(location.searchParams.get('confirmed'), '1');
      assert.ok(location.searchParams.get('code'));
      const tab = await openInBrowser(server, location, { flowType: 'pkce', storage });
      assert.equal(tab.error, null);
      assert.deepEqual([...new Set(tab.events)], ['SIGNED_IN']);
      assert.ok((await tab.client.auth.getSession()).data.session?.user.email_confirmed_at);
    });

    test('a redirect outside the allow list falls back to site_url', async () => {
      const email = uniqueEmail();
      await server.client().auth.signUp({ email, password, options: { emailRedirectTo: 'https://evil.example.net/steal' } });
      const { location } = await followLink(server, verifyLinkOf((await mailTo(server, email))[0]));
      assert.equal(location.origin, 'http://localhost:5173');
    });

    test('signUp again for a confirmed address answers an obfuscated user and sends nothing', async () => {
      const email = await confirmedUser();
      const { data, error } = await server.client().auth.signUp({ email, password });
      assert.equal(error, null);
      assert.equal(data.session, null);
      assert.deepEqual(data.user?.identities, []);
      assert.equal((await mailTo(server, email)).length, 0);
    });

    test('resend is throttled by max_frequency, then sends a fresh code that verifyOtp accepts', async () => {
      const email = uniqueEmail();
      await server.client().auth.signUp({ email, password });
      const early = await server.client().auth.resend({ type: 'signup', email });
      assert.ok(early.error instanceof AuthApiError);
      assert.equal(early.error.status, 429);
      assert.equal(early.error.code, 'over_email_send_rate_limit');
      assert.match(early.error.message, /^For security purposes, you can only request this after \d+ seconds\.$/);
      await age(email, 2);
      assert.equal((await server.client().auth.resend({ type: 'signup', email })).error, null);
      const mails = await mailTo(server, email);
      assert.equal(mails.length, 2);
      const wrong = await server
        .client()
        .auth.verifyOtp({ email, token: '000000' === codeOf(mails[0]) ? '111111' : '000000', type: 'email' });
      assert.equal(wrong.error?.status, 403);
      assert.equal(wrong.error?.code, 'otp_expired');
      assert.equal(wrong.error?.message, 'Token has expired or is invalid');
      const stale = await server.client().auth.verifyOtp({ email, token: codeOf(mails[1]), type: 'email' });
      assert.equal(stale.error?.code, 'otp_expired', 'the older code was replaced');
      const client = server.client();
      const events = recordEvents(client);
      const verified = await client.auth.verifyOtp({ email, token: codeOf(mails[0]), type: 'email' });
      assert.equal(verified.error, null);
      assert.equal(verified.data.user?.email, email);
      assert.deepEqual(events, ['SIGNED_IN']);
    });

    test('an expired link redirects with otp_expired, which the client reports', async () => {
      const email = uniqueEmail();
      await server.client().auth.signUp({ email, password });
      await age(email, 61);
      const { status, location } = await followLink(server, verifyLinkOf((await mailTo(server, email))[0]));
      assert.equal(status, 303);
      const tab = await openInBrowser(server, location);
      assert.ok(tab.error instanceof Error);
      assert.equal((tab.error as { name?: string }).name, 'AuthImplicitGrantRedirectError');
      assert.deepEqual(tab.events, []);
    });

    test('password recovery, implicit flow: the link opens a PASSWORD_RECOVERY session that can set a new password', async () => {
      const email = await confirmedUser();
      const start = await server.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://app.example.com/reset' });
      assert.deepEqual(start, { data: {}, error: null });
      const mails = await mailTo(server, email);
      assert.equal(mails[0]?.subject, 'Reset Your Password');
      const { location } = await followLink(server, verifyLinkOf(mails[0]));
      assert.equal(`${location.origin}${location.pathname}`, 'https://app.example.com/reset');
      assert.equal(new URLSearchParams(location.hash.slice(1)).get('type'), 'recovery');
      const tab = await openInBrowser(server, location);
      assert.equal(tab.error, null);
      assert.deepEqual(tab.events, ['PASSWORD_RECOVERY']);
      const updated = await tab.client.auth.updateUser({ password: 'a-new-secret-9' });
      assert.equal(updated.error, null);
      assert.deepEqual(tab.events, ['PASSWORD_RECOVERY', 'USER_UPDATED']);
      assert.equal((await server.client().auth.signInWithPassword({ email, password: 'a-new-secret-9' })).error, null);
      const unknown = await server.client().auth.resetPasswordForEmail(uniqueEmail('nobody'));
      assert.deepEqual(unknown, { data: {}, error: null });
    });

    test('password recovery, PKCE flow: ?code= is exchanged with the stored verifier into PASSWORD_RECOVERY', async () => {
      const email = await confirmedUser();
      const storage = memoryStorage();
      const { createClient } = await import('@supabase/supabase-js');
      const starter = createClient(server.url, server.anonKey, {
        global: { fetch: server.fetch },
        auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      });
      assert.equal((await starter.auth.resetPasswordForEmail(email, { redirectTo: 'https://app.example.com/reset' })).error, null);
      const link = verifyLinkOf((await mailTo(server, email))[0]);
      assert.match(link, /token=pkce_/);
      const { status, location } = await followLink(server, link);
      assert.equal(status, 303);
      const code = location.searchParams.get('code');
      assert.ok(code);
      assert.equal(location.hash, '');
      const wrong = await authFetch(server, '/token?grant_type=pkce', {
        method: 'POST',
        body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
        version: true,
      });
      assert.equal(wrong.status, 400);
      assert.deepEqual(wrong.body, { code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' });
      const tab = await openInBrowser(server, location, { flowType: 'pkce', storage });
      assert.equal(tab.error, null);
      // supabase-js announces a PKCE recovery from both the code exchange and URL detection: only PASSWORD_RECOVERY, never SIGNED_IN.
      assert.deepEqual([...new Set(tab.events)], ['PASSWORD_RECOVERY']);
      assert.equal((await tab.client.auth.getSession()).data.session?.user.email, email);
      const spent = await authFetch(server, '/token?grant_type=pkce', {
        method: 'POST',
        body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
        version: true,
      });
      assert.equal(spent.status, 404);
      assert.equal((spent.body as { code: string }).code, 'flow_state_not_found');
    });

    test('email change with double confirmation: links to both addresses, the second one switches the email', async () => {
      const email = await confirmedUser();
      const client = server.client();
      await client.auth.signInWithPassword({ email, password });
      const taken = await confirmedUser();
      const clash = await client.auth.updateUser({ email: taken });
      assert.equal(clash.error?.status, 422);
      assert.equal(clash.error?.code, 'email_exists');
      const next = uniqueEmail('next');
      const events = recordEvents(client);
      const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: 'https://app.example.com/account' });
      assert.equal(error, null);
      assert.equal(data.user?.email, email);
      assert.equal(data.user?.new_email, next);
      assert.deepEqual(events, ['USER_UPDATED']);
      const toOld = await mailTo(server, email);
      const toNew = await mailTo(server, next);
      assert.equal(toOld[0]?.subject, 'Confirm Email Change');
      assert.equal(toNew[0]?.subject, 'Confirm Email Change');
      const first = await followLink(server, verifyLinkOf(toOld[0]));
      assert.equal(
        new URLSearchParams(first.location.hash.slice(1)).get('message'),
        'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      );
      assert.equal((await client.auth.getUser()).data.user?.email, email, 'one confirmation is not enough');
      const second = await followLink(server, verifyLinkOf(toNew[0]));
      assert.equal(new URLSearchParams(second.location.hash.slice(1)).get('type'), 'email_change');
      const user = (await client.auth.getUser()).data.user;
      assert.equal(user?.email, next);
      assert.equal(user?.new_email, undefined);
      assert.equal((await server.client().auth.signInWithPassword({ email: next, password })).error, null);
    });

    test('magic link: refused for unknown addresses without sign-up, mailed and followed for known ones', async () => {
      const refused = await server.client().auth.signInWithOtp({ email: uniqueEmail('nobody'), options: { shouldCreateUser: false } });
      assert.equal(refused.error?.status, 422);
      assert.equal(refused.error?.code, 'otp_disabled');
      const email = await confirmedUser();
      assert.equal((await server.client().auth.signInWithOtp({ email })).error, null);
      const mail = (await mailTo(server, email))[0];
      assert.equal(mail?.subject, 'Your Magic Link');
      const { location } = await followLink(server, verifyLinkOf(mail));
      assert.equal(new URLSearchParams(location.hash.slice(1)).get('type'), 'magiclink');
      const tab = await openInBrowser(server, location);
      assert.deepEqual(tab.events, ['SIGNED_IN']);
    });

    test('secure_password_change: a day-old session needs the code mailed by reauthenticate()', async () => {
      const email = await confirmedUser();
      const client = server.client();
      const { data } = await client.auth.signInWithPassword({ email, password });
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [data.user?.id]),
      );
      const refused = await client.auth.updateUser({ password: 'renewed-secret-7' });
      assert.equal(refused.error?.status, 400);
      assert.equal(refused.error?.code, 'reauthentication_needed');
      assert.equal((await client.auth.reauthenticate()).error, null);
      const mail = (await mailTo(server, email))[0];
      assert.equal(mail?.subject, 'Confirm reauthentication');
      const code = /Enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
      const wrong = await client.auth.updateUser({ password: 'renewed-secret-7', nonce: code === '000000' ? '111111' : '000000' });
      assert.equal(wrong.error?.status, 422);
      assert.equal(wrong.error?.code, 'reauthentication_not_valid');
      assert.equal((await client.auth.updateUser({ password: 'renewed-secret-7', nonce: code })).error, null);
      assert.equal((await server.client().auth.signInWithPassword({ email, password: 'renewed-secret-7' })).error, null);
    });

    test('the mailbox lists messages newest first as JSON and as a readable page', async () => {
      const email = uniqueEmail();
      await server.client().auth.signUp({ email, password });
      const all = (await (await server.fetch(`${server.url}/_dev/mail/api/messages`)).json()) as Array<Record<string, string>>;
      const newest = all[0];
      assert.ok(newest);
      assert.deepEqual(Object.keys(newest).sort(), ['created_at', 'html', 'id', 'subject', 'text', 'to']);
      assert.equal(newest.to, email);
      assert.match(newest.html ?? '', /<a href="http:\/\/localhost:\d+\/auth\/v1\/verify\?token=/);
      for (let i = 1; i < all.length; i++) assert.ok((all[i - 1]?.created_at ?? '') >= (all[i]?.created_at ?? ''));
      const page = await server.fetch(`${server.url}/_dev/mail`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      const html = await page.text();
      assert.ok(html.includes(email));
      assert.ok(html.includes('/auth/v1/verify?token='));
    });
  });
}
