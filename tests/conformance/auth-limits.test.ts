import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { authFetch, authFixture, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'Correct-horse-1';

/** The fixture allows 3 sign-ups, 2 token grants (password sign-ins and refreshes) and 2 verifications per 5 minutes per IP; 60 s JWTs, anonymous sign-ins, passwords with lower, upper and digits. */
for (const target of conformanceTargets()) {
  describe(`auth rate limits and short expiry on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await target.start(authFixture('limits'));
    });
    after(() => server?.close());

    test('a 60 s JWT is inside the client refresh margin: reading the session refreshes it, TOKEN_REFRESHED with a rotated token', async () => {
      const client = server.client();
      const { data } = await client.auth.signUp({ email: uniqueEmail(), password });
      const first = data.session?.refresh_token;
      assert.equal(data.session?.expires_in, 60);
      const seen: Array<{ event: AuthChangeEvent; session: Session | null }> = [];
      client.auth.onAuthStateChange((event, session) => {
        if (event !== 'INITIAL_SESSION') seen.push({ event, session });
      });
      const { data: read } = await client.auth.getSession();
      assert.ok(seen.length >= 1);
      assert.ok(seen.every((s) => s.event === 'TOKEN_REFRESHED'));
      assert.ok(read.session?.refresh_token);
      assert.notEqual(read.session.refresh_token, first);
      assert.equal(seen.at(-1)?.session?.refresh_token, read.session.refresh_token);
    });

    test('password_requirements: a password missing a character class is weak_password with the reasons', async () => {
      const { error } = await server.client().auth.signUp({ email: uniqueEmail(), password: 'abc' });
      assert.equal(error?.status, 422);
      assert.equal(error?.code, 'weak_password');
      assert.deepEqual((error as { reasons?: string[] } | null)?.reasons, ['length', 'characters']);
      assert.equal(
        error?.message,
        'Password should be at least 6 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      );
    });

    test('token_refresh: refreshes past the limit of 2 per window are over_request_rate_limit (429)', async () => {
      let token =
        (
          await server.db.transaction({ kind: 'system' }, (tx) =>
            tx.query<{ token: string }>(`select token from auth.refresh_tokens where not revoked limit 1`),
          )
        ).rows[0]?.token ?? '';
      let limited = null;
      for (let i = 0; i < 4 && !limited; i++) {
        const result = await server.client().auth.refreshSession({ refresh_token: token });
        if (result.error) limited = result.error;
        else token = result.data.session?.refresh_token ?? '';
      }
      assert.equal(limited?.status, 429);
      assert.equal(limited?.code, 'over_request_rate_limit');
      assert.equal(limited?.message, 'Request rate limit reached');
      const rotations = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ n: number }>(`select count(*)::int as n from auth.refresh_tokens where parent is not null`),
      );
      assert.equal(rotations.rows[0]?.n, 2, 'exactly the allowed number of refreshes went through');
    });

    test('password sign-ins draw from the token bucket (token_refresh), sign-ups from their own (sign_in_sign_ups), as GoTrue counts them', async () => {
      // The refreshes above spent the token bucket: a password sign-in is refused in the real shape.
      const email = uniqueEmail();
      const signIn = await authFetch(server, '/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password }),
        version: true,
      });
      assert.equal(signIn.status, 429);
      assert.deepEqual(signIn.body, { code: 'over_request_rate_limit', message: 'Request rate limit reached' });
      // Two sign-ups so far (3 allowed): the third goes through, the fourth is refused.
      const signUp = await authFetch(server, '/signup', { method: 'POST', body: JSON.stringify({ email, password }) });
      assert.equal(signUp.status, 200);
      const over = await authFetch(server, '/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail(), password }) });
      assert.deepEqual(over.body, { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    });

    test('anonymous sign-in (enabled here) gives a session whose JWT says is_anonymous; it does not count as a sign-in', async () => {
      const { data, error } = await server.client().auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
      assert.equal(error, null);
      assert.equal(data.user?.is_anonymous, true);
      assert.equal(data.user?.email, '');
      assert.deepEqual(data.user?.identities, []);
      assert.equal(data.user?.user_metadata.theme, 'dark');
      const claims = decodeJwt(data.session?.access_token ?? '');
      assert.equal(claims.is_anonymous, true);
      assert.equal(claims.role, 'authenticated');
      assert.equal((claims.amr as Array<{ method: string }>)[0]?.method, 'anonymous');
    });

    test('token_verifications: the third verification in the window is refused', async () => {
      const body = JSON.stringify({ type: 'email', email: uniqueEmail(), token: '123456' });
      const first = await authFetch(server, '/verify', { method: 'POST', body, version: true });
      const second = await authFetch(server, '/verify', { method: 'POST', body, version: true });
      const third = await authFetch(server, '/verify', { method: 'POST', body, version: true });
      assert.deepEqual([first.status, second.status, third.status], [403, 403, 429]);
      assert.equal((third.body as { code: string }).code, 'over_request_rate_limit');
    });
  });
}
