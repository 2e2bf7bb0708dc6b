import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { authFixture, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';
const app = 'https://app.example.com/welcome';

/** A stand-in OpenID Connect provider on loopback: the keycloak provider's real code path, no network. */
interface FakeOidc {
  server: Server;
  url: string;
  codes: Map<string, { sub: string; email: string }>;
  /** An ID token as the provider would sign it. */
  idToken(claims: Record<string, unknown>, options?: { audience?: string }): Promise<string>;
}

async function startFakeOidc(): Promise<FakeOidc> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-1', alg: 'ES256', use: 'sig' };
  const codes = new Map<string, { sub: string; email: string }>();
  const tokens = new Map<string, { sub: string; email: string }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname.endsWith('/protocol/openid-connect/token')) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const person = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!person || form.get('client_secret') !== 'keycloak-secret') {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
          return;
        }
        const token = `kc-${randomBytes(8).toString('hex')}`;
        tokens.set(token, person);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: token, refresh_token: `kc-refresh-${token}` }));
      });
      return;
    }
    if (url.pathname.endsWith('/protocol/openid-connect/certs')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname.endsWith('/protocol/openid-connect/userinfo')) {
      const person = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!person) return void res.writeHead(401).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sub: person.sub, email: person.email, email_verified: true, name: 'Kay Cloak' }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/pinstar`;
  return {
    server,
    url,
    codes,
    idToken: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'fake-1' })
        .setIssuer(url)
        .setAudience(options.audience ?? 'pinstar')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey),
  };
}

/** The auth fixture with emulated Google and GitHub, real Apple and keycloak, manual linking and anonymous sign-ins on. */
function oauthProject(keycloakUrl: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-oauth-'));
  cpSync(authFixture('project'), dir, { recursive: true });
  const config = path.join(dir, 'config.toml');
  const providers = `
[auth.external.google]
enabled = true
client_id = ""
secret = ""

[auth.external.github]
enabled = true

[auth.external.apple]
enabled = true
client_id = "com.example.pinstar"
secret = "env(PINSTAR_TEST_UNSET_APPLE_SECRET)"

[auth.external.keycloak]
enabled = true
client_id = "pinstar"
secret = "keycloak-secret"
url = "${keycloakUrl}"
`;
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(/^\[auth\]$/m, '[auth]\nenable_manual_linking = true\nenable_anonymous_sign_ins = true') +
      providers,
  );
  return dir;
}

function location(res: Response): string {
  const to = res.headers.get('location');
  assert.ok(to, `expected a redirect, got ${res.status}`);
  return to;
}

function params(url: string): URLSearchParams {
  const u = new URL(url);
  return new URLSearchParams(u.hash ? u.hash.slice(1) : u.search);
}

interface ConsentPage {
  html: string;
  cookie: string;
  csrf: string;
  state: string;
  res: Response;
}

async function openConsent(server: ConformanceTarget, url: string): Promise<ConsentPage> {
  const res = await server.fetch(url, { redirect: 'manual' });
  const html = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? '';
  const state = /name="state" value="([^"]*)"/.exec(html)?.[1] ?? '';
  return { html, cookie, csrf, state, res };
}

async function submitConsent(
  server: ConformanceTarget,
  page: ConsentPage,
  fields: Record<string, string>,
  cookie = page.cookie,
): Promise<Response> {
  return server.fetch(`${server.url}/auth/v1/emulator/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ state: page.state, csrf: page.csrf, ...fields }),
  });
}

/**
 * The whole redirect chain a browser follows: authorize → consent page → form post → callback →
 * the app. linkIdentity hands over the provider's URL itself (skip_http_redirect), so it starts there.
 */
async function emulatedSignIn(server: ConformanceTarget, startUrl: string, fields: Record<string, string>): Promise<string> {
  let consentUrl = startUrl;
  if (!new URL(startUrl).pathname.startsWith('/auth/v1/emulator/')) {
    const toProvider = await server.fetch(startUrl, { redirect: 'manual' });
    assert.equal(toProvider.status, 302);
    consentUrl = location(toProvider);
  }
  const page = await openConsent(server, consentUrl);
  assert.equal(page.res.status, 200);
  const posted = await submitConsent(server, page, fields);
  assert.equal(posted.status, 303);
  const callback = location(posted);
  assert.ok(callback.startsWith(`${server.url}/auth/v1/callback?`), callback);
  const done = await server.fetch(callback, { redirect: 'manual' });
  return location(done);
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

for (const target of conformanceTargets()) {
  describe(`auth social sign-in on ${target.name}`, () => {
    let plain: ConformanceTarget;
    let server: ConformanceTarget;
    let oidc: FakeOidc;
    let dir = '';
    before(async () => {
      oidc = await startFakeOidc();
      dir = oauthProject(oidc.url);
      plain = await target.start(authFixture('project'));
      server = await target.start(dir);
    });
    after(async () => {
      await plain?.close();
      await server?.close();
      oidc?.server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const pkceClient = () =>
      createClient(server.url, server.anonKey, {
        global: { fetch: server.fetch },
        auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });

    test('/settings reports the enabled providers in external, none when none is', async () => {
      const on = (await (await server.fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json()) as {
        external: Record<string, boolean>;
      };
      assert.equal(on.external.google, true);
      assert.equal(on.external.github, true);
      assert.equal(on.external.apple, true);
      assert.equal(on.external.keycloak, true);
      assert.equal(on.external.facebook, false);
      const off = (await (await plain.fetch(`${plain.url}/auth/v1/settings`, { headers: { apikey: plain.anonKey } })).json()) as {
        external: Record<string, boolean>;
      };
      assert.deepEqual(
        Object.entries(off.external)
          .filter(([name, enabled]) => enabled && name !== 'email')
          .map(([name]) => name),
        [],
      );
      const refused = await plain.client().auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
      const res = await plain.fetch(refused.data.url!, { redirect: 'manual' });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { msg: string }).msg, 'Unsupported provider: provider is not enabled');
    });

    test('PKCE: the emulated Google signs up a new account; the code exchange answers the session and the provider tokens once', async () => {
      const client = pkceClient();
      const { data, error } = await client.auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: app, skipBrowserRedirect: true },
      });
      assert.equal(error, null);
      const email = uniqueEmail('google');
      const landed = await emulatedSignIn(server, data.url!, { email, name: 'Grace Hopper' });
      assert.ok(landed.startsWith(`${app}?code=`), landed);
      const code = new URL(landed).searchParams.get('code')!;
      const exchanged = await client.auth.exchangeCodeForSession(code);
      assert.equal(exchanged.error, null);
      const { session, user } = exchanged.data;
      assert.equal(user?.email, email);
      assert.ok(user?.email_confirmed_at);
      assert.deepEqual(user?.app_metadata, { provider: 'google', providers: ['google'] });
      assert.equal(user?.user_metadata.full_name, 'Grace Hopper');
      assert.deepEqual(
        user?.identities?.map((i) => [i.provider, i.identity_data?.email]),
        [['google', email]],
      );
      assert.match(session?.provider_token ?? '', /^emulated-/);
      assert.match(session?.provider_refresh_token ?? '', /^emulated-/);
      const claims = decodeJwt(session!.access_token);
      assert.deepEqual(
        (claims.amr as { method: string }[]).map((a) => a.method),
        ['oauth'],
      );
      // The session is the client's now; the provider token is not kept by the server.
      const again = await client.auth.refreshSession();
      assert.equal(again.error, null);
      assert.equal(again.data.session?.provider_token, undefined);
    });

    test('implicit: the tokens and provider_token arrive in the fragment of redirect_to', async () => {
      const client = server.client();
      const { data } = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: app, skipBrowserRedirect: true } });
      const email = uniqueEmail('octo');
      const landed = await emulatedSignIn(server, data.url!, { email, name: 'Octo Cat' });
      assert.ok(landed.startsWith(`${app}#`), landed);
      const fragment = params(landed);
      assert.equal(fragment.get('token_type'), 'bearer');
      assert.match(fragment.get('provider_token') ?? '', /^emulated-/);
      const set = await client.auth.setSession({
        access_token: fragment.get('access_token')!,
        refresh_token: fragment.get('refresh_token')!,
      });
      assert.equal(set.error, null);
      assert.equal(set.data.user?.email, email);
      assert.deepEqual(set.data.user?.app_metadata.providers, ['github']);
    });

    test('a verified provider address joins the account that holds it; picking the listed identity signs in as it again', async () => {
      const email = uniqueEmail('both');
      const signUp = await server.client().auth.signUp({ email, password });
      assert.equal(signUp.error, null);
      const client = pkceClient();
      const first = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: app, skipBrowserRedirect: true } });
      const landed = await emulatedSignIn(server, first.data.url!, { email: email.toUpperCase(), name: 'Both Ways' });
      const linked = await client.auth.exchangeCodeForSession(new URL(landed).searchParams.get('code')!);
      assert.equal(linked.data.user?.id, signUp.data.user?.id);
      assert.deepEqual(linked.data.user?.identities?.map((i) => i.provider).sort(), ['email', 'google']);
      assert.deepEqual([...(linked.data.user?.app_metadata.providers as string[])].sort(), ['email', 'google']);
      const sub = linked.data.user?.identities?.find((i) => i.provider === 'google')?.id ?? '';

      const second = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: app, skipBrowserRedirect: true } });
      const toProvider = await server.fetch(second.data.url!, { redirect: 'manual' });
      const page = await openConsent(server, location(toProvider));
      assert.ok(page.html.includes(`value="${sub}"`), 'the consent page lists the identity');
      const posted = await submitConsent(server, page, { identity: sub });
      const back = await server.fetch(location(posted), { redirect: 'manual' });
      const again = await client.auth.exchangeCodeForSession(new URL(location(back)).searchParams.get('code')!);
      assert.equal(again.data.user?.id, signUp.data.user?.id);
      assert.equal(again.data.user?.identities?.length, 2);
      // The password still works: the account was confirmed before the identity joined.
      assert.equal((await server.client().auth.signInWithPassword({ email, password })).error, null);
    });

    test('manual linking: linkIdentity adds a GitHub identity to the signed-in user; one owned by another user is refused', async () => {
      const owner = server.client();
      const email = uniqueEmail('linker');
      const { data: created } = await owner.auth.signUp({ email, password });
      const link = await owner.auth.linkIdentity({ provider: 'github', options: { redirectTo: app } });
      assert.equal(link.error, null);
      const githubEmail = uniqueEmail('linked-gh');
      const landed = await emulatedSignIn(server, link.data.url!, { email: githubEmail, name: 'Linked' });
      const fragment = params(landed);
      assert.equal(decodeJwt(fragment.get('access_token')!).sub, created.user?.id, 'the session is the linking user’s');
      const { data } = await owner.auth.getUserIdentities();
      assert.deepEqual(data?.identities.map((i) => i.provider).sort(), ['email', 'github']);
      assert.equal(data?.identities.find((i) => i.provider === 'github')?.identity_data?.email, githubEmail);

      const other = server.client();
      await other.auth.signUp({ email: uniqueEmail('other'), password });
      const steal = await other.auth.linkIdentity({ provider: 'github', options: { redirectTo: app } });
      const refused = params(await emulatedSignIn(server, steal.data.url!, { email: githubEmail, name: 'Linked' }));
      assert.equal(refused.get('error_code'), 'identity_already_exists');
      assert.equal(refused.get('error_description'), 'Identity is already linked to another user');

      const off = plain.client();
      await off.auth.signUp({ email: uniqueEmail('nolink'), password });
      const disabled = await off.auth.linkIdentity({ provider: 'github' });
      assert.equal(disabled.error?.code, 'manual_linking_disabled');
    });

    test('an anonymous user links GitHub and becomes permanent with its address, keeping its id and data', async () => {
      const client = server.client();
      const anon = await client.auth.signInAnonymously();
      assert.equal(anon.error, null);
      const id = anon.data.user?.id ?? '';
      assert.equal(anon.data.user?.is_anonymous, true);
      const link = await client.auth.linkIdentity({ provider: 'github', options: { redirectTo: app } });
      assert.equal(link.error, null);
      const email = uniqueEmail('anon-gh');
      const fragment = params(await emulatedSignIn(server, link.data.url!, { email, name: 'Was Anonymous' }));
      const claims = decodeJwt(fragment.get('access_token')!);
      assert.equal(claims.sub, id, 'the same account');
      assert.equal(claims.is_anonymous, false);
      const set = await client.auth.setSession({
        access_token: fragment.get('access_token')!,
        refresh_token: fragment.get('refresh_token')!,
      });
      assert.equal(set.error, null);
      assert.equal(set.data.user?.is_anonymous, false);
      assert.equal(set.data.user?.email, email);
      assert.deepEqual(
        set.data.user?.identities?.map((i) => [i.provider, i.identity_data?.email]),
        [['github', email]],
      );
      // Signing in with GitHub again lands in the same account.
      const again = pkceClient();
      const next = await again.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: app, skipBrowserRedirect: true } });
      const landed = await emulatedSignIn(server, next.data.url!, { email, name: 'Was Anonymous' });
      const exchanged = await again.auth.exchangeCodeForSession(new URL(landed).searchParams.get('code')!);
      assert.equal(exchanged.data.user?.id, id);
      const profile = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`select id from public.profiles where id = $1`, [id]),
      );
      assert.equal(profile.rowCount, 1, 'what the anonymous account made is still its own');
    });

    test('a real provider: authorize sends the browser to its endpoint with the client id, callback, scopes and a signed state', async () => {
      const { data } = await server
        .client()
        .auth.signInWithOAuth({ provider: 'apple', options: { redirectTo: app, skipBrowserRedirect: true } });
      const to = new URL(location(await server.fetch(data.url!, { redirect: 'manual' })));
      assert.equal(`${to.origin}${to.pathname}`, 'https://appleid.apple.com/auth/authorize');
      assert.equal(to.searchParams.get('client_id'), 'com.example.pinstar');
      assert.equal(to.searchParams.get('redirect_uri'), `${server.url}/auth/v1/callback`);
      assert.equal(to.searchParams.get('response_type'), 'code');
      assert.equal(to.searchParams.get('response_mode'), 'form_post');
      assert.equal(to.searchParams.get('scope'), 'email name');
      const state = decodeJwt(to.searchParams.get('state')!);
      assert.equal(state.provider, 'apple');
      assert.equal(state.referrer, app);
    });

    test('a real OpenID Connect provider: the code is exchanged at its token endpoint and its tokens reach the app', async () => {
      const { data } = await server
        .client()
        .auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: app, skipBrowserRedirect: true } });
      const to = new URL(location(await server.fetch(data.url!, { redirect: 'manual' })));
      assert.equal(`${to.origin}${to.pathname}`, `${oidc.url}/protocol/openid-connect/auth`);
      const code = randomBytes(8).toString('hex');
      const email = uniqueEmail('kc');
      oidc.codes.set(code, { sub: `kc-${code}`, email });
      const back = new URL(to.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', to.searchParams.get('state')!);
      const fragment = params(location(await server.fetch(back, { redirect: 'manual' })));
      assert.match(fragment.get('provider_token') ?? '', /^kc-/);
      assert.equal(fragment.get('provider_refresh_token'), `kc-refresh-${fragment.get('provider_token')}`);
      assert.equal(decodeJwt(fragment.get('access_token')!).email, email);
    });

    test('signInWithIdToken: a token the provider signed for this client signs in; a forged, foreign or mismatched one does not', async () => {
      const email = uniqueEmail('idtoken');
      const nonce = randomBytes(16).toString('hex');
      const hashed = createHash('sha256').update(nonce).digest('hex');
      const token = await oidc.idToken({ sub: `kc-id-${nonce}`, email, email_verified: true, name: 'Ida Token', nonce: hashed });
      const client = server.client();
      const signedIn = await client.auth.signInWithIdToken({ provider: 'keycloak', token, nonce });
      assert.equal(signedIn.error, null);
      assert.equal(signedIn.data.user?.email, email);
      assert.deepEqual(signedIn.data.user?.app_metadata.providers, ['keycloak']);

      const mismatch = await client.auth.signInWithIdToken({ provider: 'keycloak', token, nonce: 'another' });
      assert.equal(mismatch.error?.message, 'Nonces mismatch');
      const foreign = await oidc.idToken({ sub: 'kc-x', email }, { audience: 'someone-else' });
      assert.equal((await client.auth.signInWithIdToken({ provider: 'keycloak', token: foreign })).error?.message, 'Bad ID token');
      const forged = `${token.slice(0, -4)}AAAA`;
      assert.equal((await client.auth.signInWithIdToken({ provider: 'keycloak', token: forged, nonce })).error?.message, 'Bad ID token');
      // An emulated provider signs nothing: no ID token of its own is ever accepted.
      assert.equal((await client.auth.signInWithIdToken({ provider: 'google', token })).error?.message, 'Bad ID token');
      const off = await plain.client().auth.signInWithIdToken({ provider: 'google', token });
      assert.equal(off.error?.message, 'Provider (issuer "https://accounts.google.com") is not enabled');
      assert.equal(off.error?.code, 'provider_disabled');
    });

    test('hostile inputs: a foreign redirect_to, a forged state, a replayed code, a missing CSRF cookie, script in the name', async () => {
      // A redirect_to outside the allow list ends at the site URL.
      const evil = await server.client().auth.signInWithOAuth({
        provider: 'github',
        options: { redirectTo: 'https://evil.example.net/steal', skipBrowserRedirect: true },
      });
      const landed = await emulatedSignIn(server, evil.data.url!, { email: uniqueEmail('evil'), name: 'E' });
      assert.ok(landed.startsWith('http://localhost:5173#'), landed);

      // A state signed with another secret is refused, and the browser goes to the site, never to its referrer.
      const forged = await new SignJWT({ provider: 'github', referrer: 'https://evil.example.net/', flow_state_id: '' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
      const forgedRes = await server.fetch(`${server.url}/auth/v1/callback?code=x&state=${forged}`, { redirect: 'manual' });
      const forgedTo = new URL(location(forgedRes));
      assert.equal(forgedTo.origin, 'http://localhost:5173');
      assert.equal(forgedTo.searchParams.get('error_code'), 'bad_oauth_state');
      const noState = await server.fetch(`${server.url}/auth/v1/callback?code=x`, { redirect: 'manual' });
      assert.equal(noState.status, 400);
      assert.equal(((await noState.json()) as { error_code: string }).error_code, 'bad_oauth_callback');

      // A provider code works once; so does the auth code the app exchanges.
      const { verifier, challenge } = pkcePair();
      const authorize = `${server.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(app)}&code_challenge=${challenge}&code_challenge_method=s256`;
      const toProvider = await server.fetch(authorize, { redirect: 'manual' });
      const page = await openConsent(server, location(toProvider));
      const callback = location(await submitConsent(server, page, { email: uniqueEmail('replay'), name: 'R' }));
      const first = new URL(location(await server.fetch(callback, { redirect: 'manual' })));
      const replayed = params(location(await server.fetch(callback, { redirect: 'manual' })));
      assert.equal(replayed.get('error'), 'server_error');
      assert.match(replayed.get('error_description') ?? '', /^Unable to exchange external code/);
      const token = (body: object) =>
        server.fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
          method: 'POST',
          headers: { apikey: server.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const authCode = first.searchParams.get('code')!;
      assert.equal((await token({ auth_code: authCode, code_verifier: 'x'.repeat(43) })).status, 400, 'a wrong verifier');
      const ok = await token({ auth_code: authCode, code_verifier: verifier });
      assert.equal(ok.status, 200);
      assert.match(((await ok.json()) as { provider_token: string }).provider_token, /^emulated-/);
      const again = await token({ auth_code: authCode, code_verifier: verifier });
      assert.equal(again.status, 404);
      assert.equal(((await again.json()) as { error_code: string }).error_code, 'flow_state_not_found');

      // The consent form needs the SameSite cookie that came with the page: a cross-site post has none.
      const unsigned = await server.fetch(`${server.url}/auth/v1/authorize?provider=google`, { redirect: 'manual' });
      const csrfPage = await openConsent(server, location(unsigned));
      const noCookie = await submitConsent(server, csrfPage, { email: uniqueEmail('csrf'), name: 'C' }, '');
      assert.equal(noCookie.status, 400);
      assert.equal(noCookie.headers.get('location'), null);
      const badState = await openConsent(server, `${server.url}/auth/v1/emulator/authorize?state=${forged}`);
      assert.equal(badState.res.status, 400);

      // A name with markup is data: kept as typed, escaped on the page, which runs no script at all.
      const name = '<script>alert(1)</script><img src=x onerror=alert(2)>';
      const client = pkceClient();
      const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: app, skipBrowserRedirect: true } });
      const markupLanded = await emulatedSignIn(server, data.url!, { email: uniqueEmail('markup'), name });
      const session = await client.auth.exchangeCodeForSession(new URL(markupLanded).searchParams.get('code')!);
      assert.equal(session.data.user?.user_metadata.full_name, name);
      const listing = await openConsent(
        server,
        location(await server.fetch(`${server.url}/auth/v1/authorize?provider=google`, { redirect: 'manual' })),
      );
      assert.ok(!listing.html.includes('<script>alert'), 'no markup from the name reaches the page');
      assert.ok(!listing.html.includes('<img src=x'), 'no markup from the name reaches the page');
      assert.ok(listing.html.includes('&#60;script&#62;alert(1)&#60;/script&#62;'));
      const csp = listing.res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.doesNotMatch(csp, /script-src/);
      const tooLong = await submitConsent(server, listing, { email: uniqueEmail('long'), name: 'n'.repeat(101) });
      assert.equal(tooLong.status, 400);
      const badEmail = await submitConsent(server, listing, { email: 'not-an-address', name: 'x' });
      assert.equal(badEmail.status, 400);
    });
  });
}
