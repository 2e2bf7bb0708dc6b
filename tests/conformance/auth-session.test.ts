import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hash } from '@node-rs/bcrypt';
import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { authFetch, authFixture, mailTo, recordEvents, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';

for (const target of conformanceTargets()) {
  describe(`auth sessions on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await target.start(authFixture('project'));
    });
    after(() => server?.close());

    test('signUp with confirmations off returns a session, runs the app trigger, and the JWT carries the hosted claims', async () => {
      const client = server.client();
      const events = recordEvents(client);
      const email = uniqueEmail('Signup').toUpperCase();
      const { data, error } = await client.auth.signUp({ email, password, options: { data: { display_name: 'Ada' } } });
      assert.equal(error, null);
      assert.ok(data.session && data.user);
      assert.equal(data.user.email, email.toLowerCase());
      assert.deepEqual(data.user.app_metadata, { provider: 'email', providers: ['email'] });
      assert.equal(data.user.user_metadata.display_name, 'Ada');
      assert.equal(data.user.identities?.[0]?.provider, 'email');
      assert.ok(data.user.email_confirmed_at);
      assert.equal(data.session.token_type, 'bearer');
      assert.equal(data.session.expires_in, 1800);
      const claims = decodeJwt(data.session.access_token);
      assert.deepEqual(Object.keys(claims), [
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'email',
        'phone',
        'app_metadata',
        'user_metadata',
        'role',
        'aal',
        'amr',
        'session_id',
        'is_anonymous',
      ]);
      assert.equal(claims.iss, `${server.url}/auth/v1`);
      assert.equal(claims.aud, 'authenticated');
      assert.equal(claims.role, 'authenticated');
      assert.equal(claims.sub, data.user.id);
      assert.equal(claims.aal, 'aal1');
      assert.equal(claims.is_anonymous, false);
      assert.equal(Number(claims.exp) - Number(claims.iat), 1800);
      assert.equal((claims.amr as Array<{ method: string }>)[0]?.method, 'password');
      assert.deepEqual(events, ['SIGNED_IN']);
      const profile = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`select display_name from public.profiles where id = $1`, [data.user?.id]),
      );
      assert.deepEqual(profile.rows, [{ display_name: 'Ada' }]);
      const hash = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ p: string }>(`select encrypted_password as p from auth.users where id = $1`, [data.user?.id]),
      );
      // Go's bcrypt label ($2a$) and a whole hash; its cost (GoTrue's 10) is checked where it is
      // chosen (passwords.test.ts): test processes hash at bcrypt's least cost (decision 450).
      assert.match(hash.rows[0]?.p ?? '', /^\$2a\$\d{2}\$[./A-Za-z0-9]{53}$/);
    });

    test('signUp with a taken address is user_already_exists; weak and malformed input is refused', async () => {
      const client = server.client();
      const email = uniqueEmail();
      assert.equal((await client.auth.signUp({ email, password })).error, null);
      const again = await client.auth.signUp({ email, password });
      assert.ok(again.error instanceof AuthApiError);
      assert.equal(again.error.status, 422);
      assert.equal(again.error.code, 'user_already_exists');
      assert.equal(again.error.message, 'User already registered');
      const weak = await client.auth.signUp({ email: uniqueEmail(), password: 'short' });
      assert.ok(weak.error instanceof AuthWeakPasswordError);
      assert.equal(weak.error.status, 422);
      assert.equal(weak.error.code, 'weak_password');
      assert.deepEqual(weak.error.reasons, ['length']);
      assert.equal(weak.error.message, 'Password should be at least 8 characters.');
      const noPassword = await authFetch(server, '/signup', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail() }),
        version: true,
      });
      assert.equal(noPassword.status, 422);
      assert.deepEqual(noPassword.body, { code: 'validation_failed', message: 'Signup requires a valid password' });
      const noEmail = await client.auth.resetPasswordForEmail('');
      assert.equal(noEmail.error?.status, 400);
      assert.equal(noEmail.error?.code, 'validation_failed');
      assert.equal(noEmail.error?.message, 'An email address is required');
      const badEmail = await client.auth.signUp({ email: 'not-an-email', password });
      assert.equal(badEmail.error?.status, 400);
      assert.equal(badEmail.error?.code, 'validation_failed');
      assert.equal(badEmail.error?.message, 'Unable to validate email address: invalid format');
    });

    test('concurrent sign-ups for one address: one user, the others 422, never a 500', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all([1, 2, 3].map(() => server.client().auth.signUp({ email, password })));
      assert.equal(results.filter((r) => r.error === null).length, 1);
      for (const r of results.filter((x) => x.error)) {
        assert.equal(r.error?.status, 422);
        assert.ok(['user_already_exists', 'email_exists'].includes(r.error?.code ?? ''), String(r.error?.code));
      }
      const users = await server.db.transaction({ kind: 'system' }, (tx) => tx.query(`select 1 from auth.users where email = $1`, [email]));
      assert.equal(users.rowCount, 1);
    });

    test('signInWithPassword: success emits SIGNED_IN; wrong password or unknown user is invalid_credentials', async () => {
      const email = uniqueEmail();
      await server.client().auth.signUp({ email, password });
      const client = server.client();
      const events = recordEvents(client);
      const { data, error } = await client.auth.signInWithPassword({ email: email.toUpperCase(), password });
      assert.equal(error, null);
      assert.equal(data.user?.email, email);
      assert.ok(data.user?.last_sign_in_at);
      assert.deepEqual(events, ['SIGNED_IN']);
      for (const attempt of [
        { email, password: 'wrong-password' },
        { email: uniqueEmail('nobody'), password },
      ]) {
        const failed = await server.client().auth.signInWithPassword(attempt);
        assert.ok(failed.error instanceof AuthApiError);
        assert.equal(failed.error.status, 400);
        assert.equal(failed.error.code, 'invalid_credentials');
        assert.equal(failed.error.message, 'Invalid login credentials');
      }
    });

    test('a stored password below the current policy still signs in, flagged weakPassword', async () => {
      const email = uniqueEmail('legacy');
      const created = await server.admin().auth.admin.createUser({ email, password_hash: await hash('abc123', 10), email_confirm: true });
      assert.equal(created.error, null);
      const { data, error } = await server.client().auth.signInWithPassword({ email, password: 'abc123' });
      assert.equal(error, null);
      assert.ok(data.session);
      assert.deepEqual(data.weakPassword, { reasons: ['length'], message: 'Password should be at least 8 characters.' });
      const strong = await server.client().auth.signInWithPassword({
        email: (await server.admin().auth.admin.createUser({ email: uniqueEmail(), password, email_confirm: true })).data.user?.email ?? '',
        password,
      });
      assert.equal(strong.data.weakPassword, undefined);
    });

    test('getUser returns the user; without a bearer it is no_authorization, with a bad token bad_jwt', async () => {
      const email = uniqueEmail();
      const { data } = await server.client().auth.signUp({ email, password });
      const token = data.session?.access_token ?? '';
      const client = server.client();
      const user = await client.auth.getUser(token);
      assert.equal(user.data.user?.email, email);
      const none = await authFetch(server, '/user', { version: true });
      assert.equal(none.status, 401);
      assert.deepEqual(none.body, { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
      assert.equal(none.headers.get('x-supabase-api-version'), '2024-01-01');
      const anon = await client.auth.getUser(server.anonKey);
      assert.equal(anon.error?.status, 403);
      assert.equal(anon.error?.code, 'bad_jwt');
      assert.equal(anon.error?.message, 'invalid claim: missing sub claim');
      const forged = await new SignJWT(decodeJwt(token))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000'));
      const wrong = await client.auth.getUser(forged);
      assert.equal(wrong.error?.status, 403);
      assert.equal(wrong.error?.code, 'bad_jwt');
      const expired = await new SignJWT({ ...decodeJwt(token), exp: Math.floor(Date.now() / 1000) - 10 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(server.keys.secret);
      const late = await client.auth.getUser(expired);
      assert.equal(late.error?.code, 'bad_jwt');
      assert.match(late.error?.message ?? '', /expired/);
      const garbage = await client.auth.getUser('not.a.jwt');
      assert.equal(garbage.error?.code, 'bad_jwt');
    });

    test('errors use the legacy shape without the API version header', async () => {
      const response = await authFetch(server, '/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail(), password }),
      });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      assert.equal(response.headers.get('x-supabase-api-version'), null);
      assert.equal(response.headers.get('x-sb-error-code'), 'invalid_credentials');
      const huge = await authFetch(server, '/signup', {
        method: 'POST',
        body: JSON.stringify({ email: 'a@example.com', password, data: { blob: 'x'.repeat(2 * 1024 * 1024) } }),
        version: true,
      });
      assert.equal(huge.status, 413);
      assert.deepEqual(huge.body, { code: 'request_too_large', message: 'Request body is too large' });
      const bad = await authFetch(server, '/token?grant_type=password', { method: 'POST', body: '{"email":', version: true });
      assert.equal(bad.status, 400);
      assert.equal((bad.body as { code: string }).code, 'bad_json');
    });

    test('refresh-token reuse: inside the interval the child is returned, after it the session is revoked', async () => {
      const { data } = await server.client().auth.signUp({ email: uniqueEmail(), password });
      const original = data.session?.refresh_token ?? '';
      const refresh = (token: string) => server.client().auth.refreshSession({ refresh_token: token });
      const rotated = await refresh(original);
      assert.equal(rotated.error, null);
      const child = rotated.data.session?.refresh_token;
      const rotatedClaims = decodeJwt(rotated.data.session?.access_token ?? '');
      assert.equal(rotatedClaims.session_id, decodeJwt(data.session?.access_token ?? '').session_id, 'a refresh stays in its session');
      assert.equal((rotatedClaims.amr as Array<{ method: string }>)[0]?.method, 'password', 'the AMR survives the refresh');
      const retried = await refresh(original);
      assert.equal(retried.error, null, 'a lost response can be retried within the reuse interval');
      assert.equal(retried.data.session?.refresh_token, child);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const reused = await refresh(original);
      assert.ok(reused.error instanceof AuthApiError);
      assert.equal(reused.error.status, 400);
      assert.equal(reused.error.code, 'refresh_token_already_used');
      assert.equal(reused.error.message, 'Invalid Refresh Token: Already Used');
      const revoked = await refresh(child ?? '');
      assert.equal(revoked.error?.code, 'refresh_token_already_used', 'the whole session is revoked');
      const unknown = await refresh('no-such-token');
      assert.equal(unknown.error?.code, 'refresh_token_not_found');
      assert.equal(unknown.error?.message, 'Invalid Refresh Token: Refresh Token Not Found');
    });

    test('signOut scopes: local ends this session, others the rest, global all; then session_not_found', async () => {
      const email = uniqueEmail();
      await server.client().auth.signUp({ email, password });
      const sessions = [];
      for (let i = 0; i < 3; i++) {
        const client = server.client();
        await client.auth.signInWithPassword({ email, password });
        sessions.push({ client, token: (await client.auth.getSession()).data.session?.access_token ?? '' });
      }
      const [a, b, c] = sessions;
      assert.ok(a && b && c);
      const events = recordEvents(a.client);
      assert.equal((await a.client.auth.signOut({ scope: 'local' })).error, null);
      assert.deepEqual(events, ['SIGNED_OUT']);
      const gone = await server.client().auth.getUser(a.token);
      // supabase-js turns the server's 403 session_not_found into AuthSessionMissingError.
      assert.ok(gone.error instanceof AuthSessionMissingError);
      assert.equal((await server.client().auth.getUser(b.token)).error, null);
      await b.client.auth.signOut({ scope: 'others' });
      assert.equal((await server.client().auth.getUser(b.token)).error, null);
      assert.ok((await server.client().auth.getUser(c.token)).error instanceof AuthSessionMissingError);
      const raw = await authFetch(server, '/logout?scope=global', { method: 'POST', headers: { authorization: `Bearer ${b.token}` } });
      assert.equal(raw.status, 204);
      const after = await authFetch(server, '/user', { headers: { authorization: `Bearer ${b.token}` }, version: true });
      assert.deepEqual(after.body, { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
      const badScope = await authFetch(server, '/logout?scope=everyone', {
        method: 'POST',
        headers: { authorization: `Bearer ${b.token}` },
        version: true,
      });
      assert.equal(badScope.status, 400);
      assert.equal((badScope.body as { code: string }).code, 'validation_failed');
    });

    test('updateUser: metadata and password emit USER_UPDATED; same password and weak password are refused', async () => {
      const client = server.client();
      const email = uniqueEmail();
      await client.auth.signUp({ email, password, options: { data: { theme: 'dark', drop: 1 } } });
      const other = server.client();
      await other.auth.signInWithPassword({ email, password });
      const otherToken = (await other.auth.getSession()).data.session?.access_token ?? '';
      const events = recordEvents(client);
      const updated = await client.auth.updateUser({ data: { theme: 'light', drop: null } });
      assert.equal(updated.error, null);
      assert.equal(updated.data.user?.user_metadata.theme, 'light');
      assert.equal('drop' in (updated.data.user?.user_metadata ?? {}), false);
      const same = await client.auth.updateUser({ password });
      assert.equal(same.error?.status, 422);
      assert.equal(same.error?.code, 'same_password');
      const weak = await client.auth.updateUser({ password: 'abc' });
      assert.ok(weak.error instanceof AuthWeakPasswordError);
      const changed = await client.auth.updateUser({ password: 'a-brand-new-pass' });
      assert.equal(changed.error, null);
      assert.deepEqual(events, ['USER_UPDATED', 'USER_UPDATED']);
      assert.equal((await server.client().auth.signInWithPassword({ email, password })).error?.code, 'invalid_credentials');
      assert.equal((await server.client().auth.signInWithPassword({ email, password: 'a-brand-new-pass' })).error, null);
      assert.ok(
        (await server.client().auth.getUser(otherToken)).error instanceof AuthSessionMissingError,
        'a password change ends the other sessions',
      );
      const appMeta = await authFetch(server, '/user', {
        method: 'PUT',
        body: JSON.stringify({ app_metadata: { role: 'admin' } }),
        headers: { authorization: `Bearer ${(await client.auth.getSession()).data.session?.access_token ?? ''}` },
        version: true,
      });
      assert.equal(appMeta.status, 403);
      assert.equal((appMeta.body as { code: string }).code, 'not_admin');
    });

    test('anonymous sign-ins are off unless enabled: anonymous_provider_disabled', async () => {
      const { error } = await server.client().auth.signInAnonymously();
      assert.equal(error?.status, 422);
      assert.equal(error?.code, 'anonymous_provider_disabled');
    });

    test("without signing_keys_path tokens are ES256 with the CLI's built-in key, and getClaims verifies them", async () => {
      const client = server.client();
      const { data } = await client.auth.signUp({ email: uniqueEmail(), password });
      const jwks = await authFetch(server, '/.well-known/jwks.json');
      const keys = (jwks.body as { keys: Array<Record<string, unknown>> }).keys;
      assert.deepEqual(
        keys.map((k) => [k.kid, k.alg, k.crv]),
        [['b81269f1-21d8-4f2e-b719-c2240a840d90', 'ES256', 'P-256']],
      );
      assert.equal(decodeProtectedHeader(data.session?.access_token ?? '').kid, 'b81269f1-21d8-4f2e-b719-c2240a840d90');
      const claims = await client.auth.getClaims();
      assert.equal(claims.error, null);
      assert.equal(claims.data?.claims.sub, data.user?.id);
      assert.equal(claims.data?.claims.role, 'authenticated');
    });

    test('a custom template from config.toml: its token_hash link is verified by the app with verifyOtp', async () => {
      const email = uniqueEmail('template');
      await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal((await server.client().auth.signInWithOtp({ email })).error, null);
      const mail = (await mailTo(server, email))[0];
      assert.equal(mail?.subject, 'Sign in to http://localhost:5173');
      assert.match(
        mail?.html ?? '',
        /<a href="http:\/\/localhost:5173\/auth\/confirm\?token_hash=[0-9a-f]{56}&type=magiclink">Sign in as /,
      );
      const link = /Sign in as \S+ \((\S+)\)/.exec(mail?.text ?? '')?.[1] ?? '';
      const tokenHash = new URL(link).searchParams.get('token_hash') ?? '';
      assert.match(mail?.text ?? '', /Or enter the code \d{6}/);
      const client = server.client();
      const events = recordEvents(client);
      const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
      assert.equal(error, null);
      assert.equal(data.user?.email, email);
      assert.deepEqual(events, ['SIGNED_IN']);
      const again = await server.client().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
      assert.equal(again.error?.code, 'otp_expired', 'a token hash is good once');
    });

    test('health and settings describe the service as GoTrue does', async () => {
      const health = await authFetch(server, '/health');
      assert.equal(health.status, 200);
      assert.equal((health.body as { name: string }).name, 'GoTrue');
      const settings = await authFetch(server, '/settings');
      const body = settings.body as { external: Record<string, boolean>; disable_signup: boolean; mailer_autoconfirm: boolean };
      assert.equal(body.external.email, true);
      assert.equal(body.external.phone, false);
      assert.equal(body.disable_signup, false);
      assert.equal(body.mailer_autoconfirm, true);
    });

    test('CORS: a browser on another origin can call and read the error version header', async () => {
      const preflight = await server.fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, content-type, x-supabase-api-version, x-client-info',
        },
      });
      // The gateway's answer (Kong's cors plugin as hosted configures it): 200, any origin, never credentials.
      assert.equal(preflight.status, 200);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-supabase-api-version/);
      const response = await authFetch(server, '/user', { headers: { origin: 'http://localhost:5173' }, version: true });
      assert.match(response.headers.get('access-control-expose-headers') ?? '', /X-Supabase-Api-Version/);
    });
  });
}
