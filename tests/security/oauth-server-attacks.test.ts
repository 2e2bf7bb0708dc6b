import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { authFetch, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { projectWith } from '../fixtures/auth/project-with.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

const password = 'oauth-attack-1';
const callback = 'https://app.example.com/callback';
const toml = `[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/oauth/consent"\nallow_dynamic_registration = true\n`;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/**
 * The OAuth server under attack: client secrets guessed or reused after a rotation, codes replayed
 * or stolen for another client, PKCE skipped, redirect URIs bent toward another site (the consent
 * step must never become an open redirect), the consent API called from another origin or by
 * another member, and hostile URIs registered as redirect targets.
 */
for (const backend of testBackends()) {
  describe(`OAuth server attacks on ${backend}`, () => {
    let server: TestServer;
    const project = projectWith(toml);
    before(async () => {
      server = await startTestServer(backend, { project: project.dir });
    });
    after(async () => {
      await server?.close();
      project.remove();
    });

    async function member(): Promise<{ client: SupabaseClient; token: () => Promise<string> }> {
      const client = server.client();
      assert.equal((await client.auth.signUp({ email: uniqueEmail('victim'), password })).error, null);
      return { client, token: async () => (await client.auth.getSession()).data.session?.access_token ?? '' };
    }

    async function app(body: Record<string, unknown> = {}): Promise<{ client_id: string; client_secret: string }> {
      const created = await authFetch(server, '/admin/oauth/clients', {
        method: 'POST',
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
        body: JSON.stringify({ client_name: 'App', redirect_uris: [callback], ...body }),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body as { client_id: string; client_secret: string };
    }

    function authorizeUrl(clientId: string, params: Record<string, string> = {}): string {
      const verifier = params.verifier ?? randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'openid email',
        state: 'st',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        ...params,
      });
      query.delete('verifier');
      return `${server.url}/auth/v1/oauth/authorize?${query.toString()}`;
    }

    /** A code approved by `who` for the client, with the PKCE verifier that goes with it. */
    async function approvedCode(clientId: string, who: { client: SupabaseClient }): Promise<{ code: string; verifier: string }> {
      const verifier = randomBytes(32).toString('base64url');
      const location = new URL((await fetch(authorizeUrl(clientId, { verifier }), { redirect: 'manual' })).headers.get('location') ?? '');
      const id = location.searchParams.get('authorization_id') ?? '';
      const details = await who.client.auth.oauth.getAuthorizationDetails(id);
      assert.equal(details.error, null);
      // A consent given before approves at once: the answer is already the redirect.
      const remembered = details.data && !('authorization_id' in details.data) ? details.data.redirect_url : null;
      const redirect =
        remembered ?? (await who.client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })).data?.redirect_url;
      return { code: new URL(redirect ?? '').searchParams.get('code') ?? '', verifier };
    }

    const token = (headers: Record<string, string>, params: Record<string, string>) =>
      authFetch(server, '/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(params).toString(),
      });
    const exchange = (a: { client_id: string; client_secret: string }, params: Record<string, string>) =>
      token(
        { authorization: basic(a.client_id, a.client_secret) },
        { grant_type: 'authorization_code', redirect_uri: callback, ...params },
      );
    const errorOf = (body: unknown) =>
      (body as { error?: string; error_code?: string }).error ?? (body as { error_code?: string }).error_code;

    test('a guessed secret, the secret before a rotation, a secret sent the wrong way or by a public client: all refused', async () => {
      const victim = await member();
      const a = await app();
      const { code, verifier } = await approvedCode(a.client_id, victim);
      const guessed = await exchange({ ...a, client_secret: randomBytes(32).toString('base64url') }, { code, code_verifier: verifier });
      assert.equal(guessed.status, 400);
      assert.equal(errorOf(guessed.body), 'invalid_credentials');
      const post = await token(
        {},
        { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: a.client_id, client_secret: a.client_secret },
      );
      assert.match(JSON.stringify(post.body), /registered for 'client_secret_basic' but 'client_secret_post' was used/);
      const rotated = await authFetch(server, `/admin/oauth/clients/${a.client_id}/regenerate_secret`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
      });
      const fresh = (rotated.body as { client_secret: string }).client_secret;
      assert.equal(errorOf((await exchange(a, { code, code_verifier: verifier })).body), 'invalid_credentials', 'the old secret');
      assert.equal((await exchange({ ...a, client_secret: fresh }, { code, code_verifier: verifier })).status, 200, 'the new one');
      const pub = await app({ token_endpoint_auth_method: 'none' });
      const withSecret = await token(
        {},
        { grant_type: 'authorization_code', code: 'x', client_id: pub.client_id, client_secret: 'anything' },
      );
      assert.equal(errorOf(withSecret.body), 'invalid_credentials');
    });

    test('a code is exchanged once, only by its client, only with its PKCE verifier; a failed try burns it', async () => {
      const victim = await member();
      const a = await app();
      const b = await app();
      const first = await approvedCode(a.client_id, victim);
      assert.equal((await exchange(a, { code: first.code, code_verifier: first.verifier })).status, 200);
      const replay = await exchange(a, { code: first.code, code_verifier: first.verifier });
      assert.deepEqual(replay.body, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
      const stolen = await approvedCode(a.client_id, victim);
      const byOther = await exchange(b, { code: stolen.code, code_verifier: stolen.verifier });
      assert.deepEqual(byOther.body, { error: 'invalid_grant', error_description: 'Authorization code was not issued for this client' });
      assert.equal(errorOf((await exchange(a, { code: stolen.code, code_verifier: stolen.verifier })).body), 'invalid_grant', 'burnt');
      const noPkce = await approvedCode(a.client_id, victim);
      const missing = await exchange(a, { code: noPkce.code });
      assert.match((missing.body as { error_description: string }).error_description, /^PKCE verification failed/);
      const wrong = await approvedCode(a.client_id, victim);
      const guessed = await exchange(a, { code: wrong.code, code_verifier: randomBytes(32).toString('base64url') });
      assert.match((guessed.body as { error_description: string }).error_description, /^PKCE verification failed/);
      const elsewhere = await approvedCode(a.client_id, victim);
      const moved = await exchange(a, {
        code: elsewhere.code,
        code_verifier: elsewhere.verifier,
        redirect_uri: 'https://app.example.com/other',
      });
      assert.deepEqual(moved.body, { error: 'invalid_grant', error_description: 'Invalid redirect_uri' });
    });

    test('the authorize endpoint never redirects to a URI that is not exactly a registered one', async () => {
      const a = await app();
      for (const bent of [
        'https://evil.example/callback',
        'https://app.example.com.evil.example/callback',
        'https://app.example.com/callback/../../evil',
        'https://app.example.com/callback?next=https://evil.example',
        'https://app.example.com/callback#https://evil.example',
        'https://APP.example.com/callback',
        'https://app.example.com/callback/',
        'https://app.example.com/callbackx',
        'http://app.example.com/callback',
        'javascript:alert(1)//https://app.example.com/callback',
      ]) {
        const response = await fetch(authorizeUrl(a.client_id, { redirect_uri: bent }), { redirect: 'manual' });
        assert.equal(response.status, 400, bent);
        assert.equal(response.headers.get('location'), null, bent);
        assert.deepEqual(await response.json(), { code: 400, error_code: 'validation_failed', msg: 'invalid redirect_uri' }, bent);
      }
      // An unknown client is answered here too, never redirected.
      const unknown = await fetch(authorizeUrl('00000000-0000-4000-8000-000000000000', { redirect_uri: 'https://evil.example/' }), {
        redirect: 'manual',
      });
      assert.equal(unknown.status, 400);
      assert.equal(unknown.headers.get('location'), null);
      // Errors after the URI is known go back to it, and only to it.
      const badScope = await fetch(authorizeUrl(a.client_id, { scope: 'admin' }), { redirect: 'manual' });
      const location = new URL(badScope.headers.get('location') ?? '');
      assert.equal(`${location.origin}${location.pathname}`, callback);
      assert.equal(location.searchParams.get('error'), 'invalid_request');
      const noPkce = await fetch(authorizeUrl(a.client_id, { code_challenge: '' }), { redirect: 'manual' });
      assert.equal(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error'), 'invalid_request');
    });

    test('the consent API refuses another origin and another member, an expired request, and a second answer', async () => {
      const alice = await member();
      const bob = await member();
      const a = await app();
      const location = new URL((await fetch(authorizeUrl(a.client_id), { redirect: 'manual' })).headers.get('location') ?? '');
      const id = location.searchParams.get('authorization_id') ?? '';
      const asAlice = async (path: string, init: RequestInit & { origin?: string } = {}) =>
        authFetch(server, path, {
          ...init,
          version: true,
          headers: { authorization: `Bearer ${await alice.token()}`, ...(init.origin ? { origin: init.origin } : {}) },
        });
      const crossOrigin = await asAlice(`/oauth/authorizations/${id}`, { origin: 'https://evil.example' });
      assert.deepEqual(crossOrigin.body, { code: 'validation_failed', message: 'unauthorized request origin' });
      const crossConsent = await asAlice(`/oauth/authorizations/${id}/consent`, {
        method: 'POST',
        origin: 'https://evil.example',
        body: JSON.stringify({ action: 'approve' }),
      });
      assert.equal(crossConsent.status, 400);
      assert.equal((await asAlice(`/oauth/authorizations/${id}`, { origin: 'http://localhost:5173' })).status, 200, "the app's own origin");
      assert.equal((await bob.client.auth.oauth.getAuthorizationDetails(id)).error?.code, 'oauth_authorization_not_found');
      assert.equal(
        (await bob.client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })).error?.code,
        'oauth_authorization_not_found',
      );
      assert.equal((await alice.client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })).error, null);
      const again = await alice.client.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
      assert.equal(again.error?.message, 'authorization request is no longer pending');
      const later = new URL(
        (await fetch(authorizeUrl(a.client_id, { scope: 'phone' }), { redirect: 'manual' })).headers.get('location') ?? '',
      );
      const lateId = later.searchParams.get('authorization_id') ?? '';
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(
          `update auth.oauth_authorizations set expires_at = now() - interval '1 second', created_at = now() - interval '1 hour' where authorization_id = $1`,
          [lateId],
        ),
      );
      assert.equal((await alice.client.auth.oauth.getAuthorizationDetails(lateId)).error?.code, 'oauth_authorization_not_found');
    });

    test('hostile redirect URIs are refused at registration, by the admin API and dynamically', async () => {
      for (const uri of [
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'http://evil.example/cb',
        'https://app.example.com/cb#frag',
        '/relative',
        'https://a.example/x,https://b.example/y',
      ]) {
        for (const path of ['/admin/oauth/clients', '/oauth/clients/register']) {
          const created = await authFetch(server, path, {
            method: 'POST',
            headers: path.startsWith('/admin') ? { authorization: `Bearer ${server.serviceRoleKey}` } : {},
            body: JSON.stringify({ client_name: 'x', redirect_uris: [uri] }),
          });
          assert.equal(created.status, 400, `${path} ${uri}`);
        }
      }
    });

    test('dynamic registration is rate limited per address (10 in five minutes)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const created = await authFetch(server, '/oauth/clients/register', {
          method: 'POST',
          body: JSON.stringify({ client_name: `bulk ${i}`, redirect_uris: [callback] }),
        });
        statuses.push(created.status);
      }
      assert.ok(statuses.filter((s) => s === 201).length <= 10);
      assert.equal(statuses.at(-1), 429);
    });

    test("a member's token reaches no admin client API, revokes no one else's grant, and userinfo tells only the granted scopes", async () => {
      const alice = await member();
      const bob = await member();
      const a = await app();
      for (const [method, path] of [
        ['GET', '/admin/oauth/clients'],
        ['POST', '/admin/oauth/clients'],
        ['GET', `/admin/oauth/clients/${a.client_id}`],
        ['PUT', `/admin/oauth/clients/${a.client_id}`],
        ['DELETE', `/admin/oauth/clients/${a.client_id}`],
        ['POST', `/admin/oauth/clients/${a.client_id}/regenerate_secret`],
      ] as const) {
        const answer = await authFetch(server, path, {
          method,
          headers: { authorization: `Bearer ${await alice.token()}` },
          body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ client_name: 'x', redirect_uris: [callback] }),
        });
        assert.equal(answer.status, 403, `${method} ${path}`);
      }
      const { code, verifier } = await approvedCode(a.client_id, alice);
      const tokens = (await exchange(a, { code, code_verifier: verifier })).body as { access_token: string };
      // Bob never let the app in: revoking "his" grant finds nothing, and Alice's stays.
      const bobRevokes = await authFetch(server, `/user/oauth/grants?client_id=${a.client_id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await bob.token()}` },
      });
      assert.equal(bobRevokes.status, 404);
      assert.equal((await alice.client.auth.oauth.listGrants()).data?.length, 1);
      const info = await authFetch(server, '/oauth/userinfo', { headers: { authorization: `Bearer ${tokens.access_token}` } });
      assert.deepEqual(Object.keys(info.body as object).sort(), ['email', 'email_verified', 'sub'], 'openid email: no profile, no phone');
      const forged = await authFetch(server, '/oauth/userinfo', {
        headers: { authorization: `Bearer ${tokens.access_token.slice(0, -4)}AAAA` },
      });
      assert.equal(forged.status, 403);
      assert.equal((await authFetch(server, '/oauth/userinfo')).status, 401);
    });

    test("a deleted client's secret, codes and refresh tokens all stop working", async () => {
      const victim = await member();
      const a = await app();
      const { code, verifier } = await approvedCode(a.client_id, victim);
      const tokens = (await exchange(a, { code, code_verifier: verifier })).body as { refresh_token: string };
      const pending = await approvedCode(a.client_id, victim);
      await authFetch(server, `/admin/oauth/clients/${a.client_id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
      });
      assert.equal(errorOf((await exchange(a, { code: pending.code, code_verifier: pending.verifier })).body), 'invalid_credentials');
      const refresh = await token(
        { authorization: basic(a.client_id, a.client_secret) },
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      );
      assert.equal(errorOf(refresh.body), 'invalid_credentials');
      assert.equal((await server.client().auth.refreshSession({ refresh_token: tokens.refresh_token })).data.session, null);
    });
  });
}
