import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { authFetch, authFixture, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { projectWith } from '../fixtures/auth/project-with.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';
const redirectUri = 'http://localhost:7777/callback';
export const oauthServerToml = `
[auth.oauth_server]
enabled = true
authorization_url_path = "/oauth/consent"
allow_dynamic_registration = true
`;

// openid-client, the third-party app here, makes its own requests over the network: the target listens.
for (const target of conformanceTargets({ listen: true })) {
  describe(`auth as an OAuth 2.1 / OpenID Connect provider on ${target.name}`, () => {
    let server: ConformanceTarget;
    let disabled: ConformanceTarget;
    const project = projectWith(oauthServerToml);
    before(async () => {
      server = await target.start(project.dir);
      disabled = await target.start(authFixture('project'));
    });
    after(async () => {
      await server?.close();
      await disabled?.close();
      project.remove();
    });

    const issuer = () => `${server.url}/auth/v1`;

    async function member(name = 'Ada Lovelace'): Promise<{ client: SupabaseClient; email: string; id: string }> {
      const client = server.client();
      const email = uniqueEmail('oauth');
      const { data, error } = await client.auth.signUp({ email, password, options: { data: { name } } });
      assert.equal(error, null);
      return { client, email, id: data.user?.id ?? '' };
    }

    /** A third-party app registered by the project's admin: a confidential client (client_secret_basic). */
    async function registeredApp(extra: Record<string, unknown> = {}) {
      const { data, error } = await server
        .admin()
        .auth.admin.oauth.createClient({ client_name: 'Trip Planner', redirect_uris: [redirectUri], ...extra } as never);
      assert.equal(error, null);
      return data as unknown as { client_id: string; client_secret?: string };
    }

    async function configFor(app: { client_id: string; client_secret?: string }) {
      const auth = app.client_secret ? oidc.ClientSecretBasic(app.client_secret) : oidc.None();
      return oidc.discovery(new URL(issuer()), app.client_id, undefined, auth, { execute: [oidc.allowInsecureRequests] });
    }

    /** The browser's part: the authorize redirect to the consent page, where the signed-in member approves. */
    async function consent(authorizeUrl: URL, client: SupabaseClient, approve = true): Promise<URL> {
      const first = await fetch(authorizeUrl, { redirect: 'manual' });
      assert.equal(first.status, 302);
      const consentPage = new URL(first.headers.get('location') ?? '');
      assert.equal(consentPage.pathname, '/oauth/consent');
      const authorizationId = consentPage.searchParams.get('authorization_id') ?? '';
      const details = await client.auth.oauth.getAuthorizationDetails(authorizationId);
      assert.equal(details.error, null);
      if (details.data && 'redirect_url' in details.data && !('authorization_id' in details.data))
        return new URL(details.data.redirect_url);
      const answer = approve
        ? await client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
        : await client.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true });
      assert.equal(answer.error, null);
      return new URL(answer.data?.redirect_url ?? '');
    }

    async function signInThroughApp(config: oidc.Configuration, client: SupabaseClient, scope = 'openid email profile') {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      // A nonce only for OpenID Connect: without `openid` the app asks for plain OAuth tokens.
      const nonce = scope.split(' ').includes('openid') ? oidc.randomNonce() : undefined;
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        ...(nonce ? { nonce } : {}),
      });
      const back = await consent(url, client);
      return oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    }

    test('the discovery document names every endpoint and the JWKS; openid-client accepts it', async () => {
      const app = await registeredApp();
      const config = await configFor(app);
      const meta = config.serverMetadata();
      assert.equal(meta.issuer, issuer());
      assert.equal(meta.authorization_endpoint, `${issuer()}/oauth/authorize`);
      assert.equal(meta.token_endpoint, `${issuer()}/oauth/token`);
      assert.equal(meta.userinfo_endpoint, `${issuer()}/oauth/userinfo`);
      assert.equal(meta.jwks_uri, `${issuer()}/.well-known/jwks.json`);
      assert.equal(meta.registration_endpoint, `${issuer()}/oauth/clients/register`);
      assert.deepEqual(meta.code_challenge_methods_supported, ['S256', 'plain']);
      const rfc8414 = await authFetch(server, '/.well-known/oauth-authorization-server');
      assert.equal((rfc8414.body as { issuer: string }).issuer, issuer());
      assert.equal((await authFetch(disabled, '/.well-known/oauth-authorization-server')).status, 404);
      assert.equal((await authFetch(disabled, '/oauth/token', { method: 'POST', body: '{}' })).status, 404);
    });

    test('a third-party app signs a member in: authorize with PKCE, consent, code for tokens, ID token and userinfo', async () => {
      const { client, email, id } = await member();
      const config = await configFor(await registeredApp());
      const tokens = await signInThroughApp(config, client);
      const claims = tokens.claims();
      assert.equal(claims?.sub, id);
      assert.equal(claims?.email, email);
      assert.equal(claims?.name, 'Ada Lovelace');
      assert.equal(claims?.iss, issuer());
      assert.equal(claims?.aud, config.clientMetadata().client_id);
      const header = JSON.parse(Buffer.from((tokens.id_token ?? '').split('.')[0] ?? '', 'base64url').toString()) as {
        alg: string;
        kid: string;
      };
      assert.equal(header.alg, 'ES256', "signed with the project's asymmetric key");
      const access = decodeJwt(tokens.access_token);
      assert.equal(access.client_id, config.clientMetadata().client_id);
      assert.equal(access.scope, 'openid email profile');
      assert.equal(access.sub, id);
      const info = await oidc.fetchUserInfo(config, tokens.access_token, id);
      assert.equal(info.email, email);
      assert.equal(info.email_verified, true);
      assert.equal(info.name, 'Ada Lovelace');
      // The access token is a session of the member's: the data API sees them.
      const who = await fetch(`${server.url}/auth/v1/user`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${tokens.access_token}` },
      });
      assert.equal(((await who.json()) as { id: string }).id, id);
    });

    test('refresh works for the app’s client only, and rotates', async () => {
      const { client } = await member();
      const config = await configFor(await registeredApp());
      const tokens = await signInThroughApp(config, client, 'email');
      assert.equal(tokens.id_token, undefined, 'no ID token without openid');
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
      assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
      assert.equal(decodeJwt(refreshed.access_token).client_id, config.clientMetadata().client_id);
      const otherApp = await configFor(await registeredApp());
      await assert.rejects(
        oidc.refreshTokenGrant(otherApp, refreshed.refresh_token ?? ''),
        (e: oidc.ResponseBodyError) => e.error === 'invalid_client',
      );
      const direct = await server.client().auth.refreshSession({ refresh_token: refreshed.refresh_token ?? '' });
      assert.equal(direct.error?.message, 'Client authentication required for OAuth session');
    });

    test('consent is remembered: a second request for the same scopes is approved without asking; asking for more asks again', async () => {
      const { client } = await member();
      const config = await configFor(await registeredApp());
      await signInThroughApp(config, client, 'openid email');
      const again = await signInThroughApp(config, client, 'openid email');
      assert.equal(typeof again.access_token, 'string');
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email phone',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const location = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
      const details = await client.auth.oauth.getAuthorizationDetails(location.searchParams.get('authorization_id') ?? '');
      assert.equal((details.data as { scope: string }).scope, 'openid email phone');
      assert.equal((details.data as { client: { name: string } }).client.name, 'Trip Planner');
    });

    test('a denial goes back to the app as access_denied with its state', async () => {
      const { client } = await member();
      const config = await configFor(await registeredApp());
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid',
        state: 'keep-me',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const back = await consent(url, client, false);
      assert.equal(`${back.origin}${back.pathname}`, redirectUri);
      assert.equal(back.searchParams.get('error'), 'access_denied');
      assert.equal(back.searchParams.get('state'), 'keep-me');
    });

    test('a public client (PKCE, no secret) registered dynamically signs in too', async () => {
      const registered = await authFetch(server, '/oauth/clients/register', {
        method: 'POST',
        body: JSON.stringify({ client_name: 'CLI tool', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
      });
      assert.equal(registered.status, 201);
      const app = registered.body as { client_id: string; client_secret?: string; client_type: string; registration_type: string };
      assert.deepEqual([app.client_type, app.registration_type, app.client_secret], ['public', 'dynamic', undefined]);
      const { client, id } = await member();
      const tokens = await signInThroughApp(await configFor(app), client);
      assert.equal(tokens.claims()?.sub, id);
      const off = await authFetch(disabled, '/oauth/clients/register', { method: 'POST', body: '{}' });
      assert.equal(off.status, 404);
    });

    test('a member lists the apps they let in and revokes one: its refresh token stops working', async () => {
      const { client } = await member();
      const config = await configFor(await registeredApp());
      const tokens = await signInThroughApp(config, client);
      const grants = await client.auth.oauth.listGrants();
      assert.deepEqual(
        grants.data?.map((g) => [g.client.name, g.scopes]),
        [['Trip Planner', ['openid', 'email', 'profile']]],
      );
      assert.equal((await client.auth.oauth.revokeGrant({ clientId: config.clientMetadata().client_id })).error, null);
      assert.deepEqual((await client.auth.oauth.listGrants()).data, []);
      await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token ?? ''));
    });

    test('admin client management: get hides the secret, update is partial, regenerate replaces the secret, delete ends it', async () => {
      const admin = server.admin().auth.admin.oauth;
      const app = await registeredApp({ client_uri: 'https://trips.example.com' });
      const got = await admin.getClient(app.client_id);
      assert.equal((got.data as Record<string, unknown>).client_secret, undefined);
      assert.deepEqual(got.data?.redirect_uris, [redirectUri]);
      assert.deepEqual(got.data?.grant_types, ['authorization_code', 'refresh_token']);
      assert.equal(got.data?.token_endpoint_auth_method, 'client_secret_basic');
      const updated = await admin.updateClient(app.client_id, { logo_uri: 'https://trips.example.com/logo.png' });
      assert.equal(updated.data?.client_uri, 'https://trips.example.com');
      assert.equal(updated.data?.logo_uri, 'https://trips.example.com/logo.png');
      const regenerated = await admin.regenerateClientSecret(app.client_id);
      assert.notEqual(regenerated.data?.client_secret, app.client_secret);
      assert.equal((await admin.deleteClient(app.client_id)).error, null);
      assert.equal((await admin.getClient(app.client_id)).error?.status, 404);
      assert.ok(!(await admin.listClients()).data?.clients.some((c) => c.client_id === app.client_id));
    });
  });
}
