import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { startOtherOrigin, type OtherOrigin } from '../security/support.ts';
import { createMember, signInWithForm, uniqueEmail } from './support/app-server.ts';
import { assertAccessible, viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// Pinstar as an OpenID provider, in Chromium: another app (openid-client, with a callback
// server on another origin) sends a member to Pinstar; the member signs in, reads what the app
// asks for on the consent page and allows it, and the app gets tokens for them. Whatever the
// consent page's address says, the browser only ever goes back to the app's registered URI.
const password = 'consent in the browser 1';

describe('the OAuth consent page', () => {
  const app = useE2eApp();
  let callback: OtherOrigin;
  let config: oidc.Configuration;
  let redirectUri: string;
  let memberId: string;
  let email: string;

  before(async () => {
    callback = await startOtherOrigin('<!doctype html><title>Trip Planner</title>');
    redirectUri = `${callback.url}/callback`;
    const { data, error } = await app.server
      .admin()
      .auth.admin.oauth.createClient({ client_name: 'Trip Planner', redirect_uris: [redirectUri] });
    assert.equal(error, null);
    config = await oidc.discovery(
      new URL(`${app.server.url}/auth/v1`),
      data?.client_id ?? '',
      undefined,
      oidc.ClientSecretBasic(data?.client_secret ?? ''),
      { execute: [oidc.allowInsecureRequests] },
    );
    email = uniqueEmail('consent');
    memberId = await createMember(app.server, email, password, 'Cora Consent');
  });
  after(() => callback?.close());

  async function authorizeUrl(state: string, verifier: string): Promise<URL> {
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
  }

  test('desktop: sign in on the way, read the request, allow it; the app gets the member’s tokens', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    const verifier = oidc.randomPKCECodeVerifier();
    await page.goto((await authorizeUrl('desk', verifier)).toString());
    await page.waitForURL((url) => url.pathname === '/auth/sign-in');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/oauth/consent');
    await page.getByRole('heading', { name: 'Trip Planner wants to use your Pinstar account' }).waitFor();
    const asks = page.getByRole('list', { name: 'What the app asks for' });
    assert.deepEqual(await asks.getByRole('listitem').allTextContents(), [
      'Know who you are on Pinstar',
      'See your email address',
      'See your name and profile picture',
    ]);
    await page.getByText(`Signed in as ${email}`).waitFor();
    await assertAccessible(page, 'the consent page');
    // The callback server answers 204: the browser asks for the address, then stays.
    const toApp = page.waitForRequest((request) => request.url().startsWith(redirectUri));
    await page.getByRole('button', { name: 'Allow' }).click();
    const landed = new URL((await toApp).url());
    const tokens = await oidc.authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier, expectedState: 'desk' });
    assert.equal(tokens.claims()?.sub, memberId);
    assert.equal(tokens.claims()?.email, email);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('mobile: a consent page address carrying another destination still returns only to the registered URI; Deny says access_denied', async () => {
    const { page, context } = await app.openPage(viewports.mobile);
    await page.goto('/auth/sign-in');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/');
    // A new request for more scopes asks again.
    const url = await oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid phone',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'phone',
    });
    const started = await fetch(url, { redirect: 'manual' });
    const consent = new URL(started.headers.get('location') ?? '');
    const evil = 'https://evil.example/steal';
    consent.searchParams.set('redirect_uri', evil);
    consent.searchParams.set('redirect_to', evil);
    consent.searchParams.set('next', evil);
    await page.goto(`${consent.pathname}${consent.search}`);
    await page.getByRole('heading', { name: 'Trip Planner wants to use your Pinstar account' }).waitFor();
    await page.getByText(new URL(redirectUri).host).waitFor();
    const toApp = page.waitForRequest((request) => request.url().startsWith(callback.url));
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = new URL((await toApp).url());
    assert.equal(`${back.origin}${back.pathname}`, redirectUri);
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), 'phone');
    assert.ok(!callback.hits.some((hit) => hit.includes('evil')));
    await context.close();
  });
});
