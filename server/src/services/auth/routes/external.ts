/**
 * Social sign-in to GoTrue's contract (internal/api/external.go, decision 184): /authorize, the
 * provider's callback and identity linking; the emulated providers' consent page is emulator.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import { externalUrl, type AuthDeps } from '../auth-deps.ts';
import { AuthError, authErrors, oauthErrorParams } from '../errors.ts';
import { accountFromExternalIdentity, linkIdentityToUser, type ProviderUser } from '../external/accounts.ts';
import { exchangeWithProvider } from '../external/exchange.ts';
import { readState, signState } from '../external/oauth-state.ts';
import { endpointsOf, oauthProviderNames, type ExternalProvider } from '../external/providers.ts';
import { readPkce } from '../flows.ts';
import { redirectWithParams } from '../redirects.ts';
import { clientIp } from '../request-input.ts';
import { requireUser } from '../sessions.ts';
import { createSession, toTokenResponse } from '../tokens.ts';
import { emulatorCodeLifetime, mountEmulator } from './emulator.ts';

/** GoTrue's Provider(): one it knows but that is off, or a name it does not know. */
function providerRefusal(name: string): AuthError {
  const known = (oauthProviderNames as readonly string[]).includes(name.toLowerCase());
  return authErrors.unsupportedProvider(known ? 'provider is not enabled' : `Provider ${name} could not be found`);
}

function enabledProvider(ctx: AuthDeps, name: string): ExternalProvider {
  const provider = ctx.providers.get(name);
  if (!provider) throw providerRefusal(name);
  return provider;
}

/** The provider's authorization URL: oauth2.Config.AuthCodeURL for a real one, this server's consent page for an emulated one. */
function providerAuthUrl(ctx: AuthDeps, provider: ExternalProvider, state: string, scopes: string, extra: URLSearchParams): string {
  if (provider.emulated) {
    const query = new URLSearchParams({ provider: provider.name, state });
    return `${externalUrl(ctx)}/emulator/authorize?${query.toString()}`;
  }
  const endpoints = endpointsOf(provider);
  const scope = [...endpoints.scopes, ...scopes.split(/[\s,]+/).filter(Boolean)].join(' ');
  const query = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: provider.redirectUri,
    response_type: 'code',
    scope,
    state,
    ...endpoints.extraAuthParams,
  });
  for (const [key, value] of extra) query.set(key, value);
  return `${endpoints.authUrl}?${query.toString()}`;
}

/** GetExternalProviderRedirectURL: a PKCE flow state when a challenge is given, then the signed state and the provider's URL. */
async function authorizeUrl(ctx: AuthDeps, c: Context<AppEnv>, linkingTargetId?: string): Promise<string> {
  const query = new URL(c.req.url).searchParams;
  const provider = enabledProvider(ctx, query.get('provider') ?? '');
  const referrer = ctx.redirects.resolve(query.get('redirect_to'), c.req.header('referer'));
  const pkce = readPkce({
    code_challenge: query.get('code_challenge') ?? '',
    code_challenge_method: query.get('code_challenge_method') ?? '',
  });
  let flowStateId = '';
  if (pkce) {
    flowStateId = randomUUID();
    await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
         values ($1, null, $2, $3, $4, $5, now(), now(), 'oauth')`,
        [flowStateId, randomUUID(), pkce.method, pkce.challenge, provider.name],
      ),
    );
  }
  const state = await signState(ctx, {
    provider: provider.name,
    referrer,
    flow_state_id: flowStateId,
    ...(linkingTargetId ? { linking_target_id: linkingTargetId } : {}),
  });
  // Every other query parameter goes on to the provider (GoTrue's authUrlParams).
  const extra = new URLSearchParams();
  const own = new Set([
    'provider',
    'scopes',
    'code_challenge',
    'code_challenge_method',
    'redirect_to',
    'skip_http_redirect',
    'invite_token',
  ]);
  for (const [key, value] of query) if (!own.has(key)) extra.set(key, value);
  return providerAuthUrl(ctx, provider, state, query.get('scopes') ?? '', extra);
}

/** redirectErrors: the error in the query and, as the spec wants, in the fragment. */
const errorRedirect = (target: string, params: Record<string, string>) => redirectWithParams(target, params, { query: true });

/** Takes an emulator code once: the person the consent page named. */
async function takeEmulatorCode(ctx: AuthDeps, provider: string, code: string): Promise<ProviderUser | null> {
  const { rows } = await ctx.db.transaction({ kind: 'system' }, (tx) =>
    tx.query<{ user_data: ProviderUser }>(
      `delete from _server.auth_emulator_codes where code = $1 and provider = $2 and created_at > now() - ${emulatorCodeLifetime} returning user_data`,
      [code, provider],
    ),
  );
  return rows[0]?.user_data ?? null;
}

interface Exchanged {
  person: ProviderUser;
  accessToken: string;
  refreshToken: string;
}

async function exchange(ctx: AuthDeps, provider: ExternalProvider, code: string): Promise<Exchanged> {
  if (provider.emulated) {
    const person = await takeEmulatorCode(ctx, provider.name, code);
    if (!person) throw authErrors.providerExchange(code);
    return {
      person,
      accessToken: `emulated-${randomBytes(24).toString('base64url')}`,
      refreshToken: `emulated-${randomBytes(24).toString('base64url')}`,
    };
  }
  try {
    return await exchangeWithProvider(provider, code);
  } catch (error: unknown) {
    ctx.log.warn(`auth: ${provider.name} code exchange failed: ${error instanceof Error ? error.message : String(error)}`);
    throw authErrors.providerExchange(code);
  }
}

/** The callback's parameters, from the query or (Apple's form_post) the form body. */
async function callbackParams(c: Context<AppEnv>): Promise<URLSearchParams> {
  const params = new URL(c.req.url).searchParams;
  if (c.req.method === 'POST') {
    const form = await c.req.parseBody();
    for (const [key, value] of Object.entries(form)) if (typeof value === 'string') params.set(key, value);
  }
  return params;
}

/**
 * `/authorize`, `/callback`, `/user/identities/authorize`, `/user/identities/:id` (external.go,
 * identity.go), and the consent page of emulated providers (decision 185).
 */
export function mountExternal(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/authorize', async (c) => {
    const url = await authorizeUrl(ctx, c);
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  routes.get('/user/identities/authorize', async (c) => {
    const { user } = await requireUser(ctx, c);
    if (!ctx.settings.enableManualLinking) throw authErrors.manualLinkingDisabled();
    const url = await authorizeUrl(ctx, c, user.id);
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  const callback = async (c: Context<AppEnv>) => {
    const params = await callbackParams(c);
    const stateText = params.get('state') ?? '';
    if (stateText === '') throw authErrors.badOAuthCallback('OAuth state parameter missing');
    const state = await readState(ctx, stateText);
    if (!state) {
      // loadFlowState: a state this server did not sign sends the browser to the site, never elsewhere.
      const u = new URL(ctx.settings.siteUrl);
      for (const [key, value] of Object.entries(oauthErrorParams(authErrors.badOAuthState()))) u.searchParams.set(key, value);
      return c.redirect(u.toString(), 303);
    }
    const target = state.referrer || ctx.settings.siteUrl;
    try {
      const providerError = params.get('error');
      if (providerError) {
        return c.redirect(errorRedirect(target, { error: providerError, error_description: params.get('error_description') ?? '' }), 302);
      }
      const provider = enabledProvider(ctx, state.provider);
      const code = params.get('code') ?? '';
      if (code === '') throw authErrors.badOAuthCallback('OAuth callback with missing authorization code missing');
      const { person, accessToken, refreshToken } = await exchange(ctx, provider, code);
      const meta = { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
      const outcome = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
        if (state.flow_state_id !== '') {
          const flow = await tx.query<{ id: string }>(
            `select id::text as id from auth.flow_state where id = $1 and user_id is null for update`,
            [state.flow_state_id],
          );
          if (!flow.rows[0]) throw authErrors.flowStateNotFound();
        }
        const userId = state.linking_target_id
          ? await linkIdentityToUser(tx, state.linking_target_id, provider.name, person)
          : await accountFromExternalIdentity(tx, ctx.settings, provider.name, person);
        if (state.flow_state_id !== '') {
          const { rows } = await tx.query<{ auth_code: string }>(
            `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = nullif($4, ''),
               auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`,
            [state.flow_state_id, userId, accessToken, refreshToken],
          );
          return { code: rows[0]?.auth_code ?? '', issued: null };
        }
        return { code: null, issued: await createSession(tx, userId, 'oauth', meta) };
      });
      if (outcome.code !== null || !outcome.issued) {
        const u = new URL(target);
        u.searchParams.set('code', outcome.code ?? '');
        return c.redirect(u.toString(), 302);
      }
      const session = await toTokenResponse(ctx, outcome.issued);
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        provider_token: accessToken,
        ...(refreshToken ? { provider_refresh_token: refreshToken } : {}),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
      });
      return c.redirect(`${target.split('#')[0]}#${fragment.toString()}`, 302);
    } catch (error: unknown) {
      if (!(error instanceof AuthError)) throw error;
      return c.redirect(errorRedirect(target, oauthErrorParams(error)), 302);
    }
  };
  routes.get('/callback', callback);
  routes.post('/callback', jsonBody, callback);

  mountEmulator(ctx, routes);
}
