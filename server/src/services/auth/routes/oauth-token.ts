import type { Context, Hono } from 'hono';
import { signWithCurrentKey } from '../../../lib/keys.ts';
import { bufferedBody } from '../../../lib/request-context.ts';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import { externalUrl, type AuthDeps } from '../auth-deps.ts';
import { authErrors, OAuthProtocolError } from '../errors.ts';
import { challengeOf } from '../flows.ts';
import { findClient, secretMatches, type AuthMethod, type OAuthClient } from '../oauth-clients.ts';
import { clientIp, isUuid } from '../request-input.ts';
import { refreshSession, requireUser } from '../sessions.ts';
import { createSession, loadUser, signAccessToken, type IssuedSession } from '../tokens.ts';
import type { UserRow } from '../user-json.ts';
import { scopeList } from './oauth-authorize.ts';
import { requireOAuthServer } from './oauth-clients.ts';

type Params = Record<string, string>;

/** The token request's parameters: JSON or form-encoded, as OAuthToken reads either. */
function tokenParams(c: Context<AppEnv>): Params {
  const text = bufferedBody(c.env.incoming).toString('utf8');
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw authErrors.invalidClientCredentials('Invalid client credentials: failed to parse JSON body');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw authErrors.invalidClientCredentials('Invalid client credentials: failed to parse JSON body');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * requireOAuthClientAuth + ExtractClientCredentials: `Authorization: Basic` (client_secret_basic),
 * else the body's client_id and client_secret (client_secret_post, or none without a secret). The
 * method used must be the client's registered one, and the secret its own.
 */
async function authenticateClient(ctx: AuthDeps, c: Context<AppEnv>, params: Params): Promise<OAuthClient> {
  const bad = (why: string) => authErrors.invalidClientCredentials(why);
  let id = params.client_id ?? '';
  let secret = params.client_secret ?? '';
  let method: AuthMethod = secret === '' ? 'none' : 'client_secret_post';
  const header = c.req.header('authorization') ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw bad('Invalid client credentials: invalid basic auth format');
    // RFC 6749 §2.3.1: both parts are form-encoded before Basic (openid-client sends `-` as %2D).
    // GoTrue splits without decoding; decoding changes nothing for a client that does not encode.
    const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    try {
      id = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw bad('Invalid client credentials: invalid basic auth encoding');
    }
    method = 'client_secret_basic';
  } else if (id === '') throw bad('Invalid client credentials: client_id is required');
  if (!isUuid(id)) throw bad('Invalid client_id format');
  const client = await ctx.db.transaction({ kind: 'system' }, (tx) => findClient(tx, id), { readOnly: true });
  if (!client) throw bad('Invalid client credentials');
  if (method !== client.token_endpoint_auth_method)
    throw bad(`invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${method}' was used`);
  if (client.client_type === 'public' && secret !== '') throw bad('public clients must not provide client_secret');
  if (client.client_type === 'confidential' && secret === '') throw bad('confidential clients must provide client_secret');
  if (client.client_type === 'confidential' && !secretMatches(secret, client.client_secret_hash)) throw bad('invalid client credentials');
  return client;
}

/** GenerateIDToken: claims filtered by the scopes granted, signed with the access tokens' key. */
async function idToken(ctx: AuthDeps, user: UserRow, clientId: string, nonce: string | null, scopes: string[]): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const meta = user.user_metadata;
  const text = (key: string) => (typeof meta[key] === 'string' && meta[key] !== '' ? (meta[key] as string) : undefined);
  const has = (scope: string) => scopes.includes(scope);
  const updatedAt = typeof user.json.updated_at === 'string' ? Math.floor(Date.parse(user.json.updated_at) / 1000) : 0;
  return signWithCurrentKey(ctx.keys, {
    iss: externalUrl(ctx),
    sub: user.id,
    aud: clientId,
    exp: now + 3600,
    iat: now,
    ...(nonce ? { nonce } : {}),
    auth_time: now,
    ...(has('email') && user.email ? { email: user.email } : {}),
    email_verified: has('email') && user.email_confirmed,
    ...(has('phone') && user.phone ? { phone_number: user.phone } : {}),
    phone_number_verified: has('phone') && typeof user.json.phone_confirmed_at === 'string',
    ...(has('profile')
      ? {
          ...((text('name') ?? user.email) ? { name: text('name') ?? user.email } : {}),
          ...((text('picture') ?? text('avatar_url')) ? { picture: text('picture') ?? text('avatar_url') } : {}),
          ...(updatedAt > 0 ? { updated_at: updatedAt } : {}),
          ...((text('preferred_username') ?? text('username'))
            ? { preferred_username: text('preferred_username') ?? text('username') }
            : {}),
        }
      : {}),
    client_id: clientId,
  });
}

/** The OAuth-shaped answer: no user, no expires_at (handlers.go oauthResponse). */
async function tokenResponse(ctx: AuthDeps, issued: IssuedSession, extra: Record<string, string> = {}) {
  const { token } = await signAccessToken(ctx, issued);
  return { access_token: token, token_type: 'bearer', expires_in: ctx.settings.jwtExpiry, refresh_token: issued.refreshToken, ...extra };
}

const grant = (description: string) => new OAuthProtocolError('invalid_grant', description);

/**
 * The token endpoint (handlers.go OAuthToken): the authorization_code grant, with PKCE, for the
 * client the code was issued to, once; and refresh_token for that client's sessions only.
 */
export function mountOAuthToken(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/oauth/token', jsonBody, async (c) => {
    requireOAuthServer(ctx);
    const params = tokenParams(c);
    const client = await authenticateClient(ctx, c, params);
    const grantType = params.grant_type ?? '';
    if (grantType === '') throw new OAuthProtocolError('invalid_request', 'grant_type is required');
    if (!client.grant_types.includes(grantType))
      throw new OAuthProtocolError('unsupported_grant_type', `Client is not allowed to use grant type: ${grantType}`);
    if (grantType === 'refresh_token') {
      if (!params.refresh_token) throw new OAuthProtocolError('invalid_request', 'refresh_token is required for refresh_token grant');
      return c.json(await tokenResponse(ctx, await refreshSession(ctx, params.refresh_token, client.id)));
    }
    if (grantType !== 'authorization_code') throw new OAuthProtocolError('unsupported_grant_type', `Unsupported grant type: ${grantType}`);
    const code = params.code ?? '';
    if (code === '') throw new OAuthProtocolError('invalid_request', 'code is required for authorization_code grant');
    const meta = { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
    // The code is taken out as it is read: a second exchange, or one that fails a check, finds nothing.
    const outcome = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<{
        client_id: string;
        user_id: string | null;
        redirect_uri: string;
        scope: string;
        resource: string | null;
        nonce: string | null;
        code_challenge: string | null;
        code_challenge_method: string | null;
        expired: boolean;
      }>(
        `delete from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'
         returning client_id::text, user_id::text, redirect_uri, scope, resource, nonce, code_challenge,
           code_challenge_method::text, expires_at < now() as expired`,
        [code],
      );
      const found = rows[0];
      if (!found) return { error: grant('Invalid authorization code') };
      if (found.expired) return { error: grant('Authorization code has expired') };
      if (found.client_id !== client.id) return { error: grant('Authorization code was not issued for this client') };
      if (params.resource && params.resource !== (found.resource ?? ''))
        return { error: grant('Authorization code resource does not match the resource parameter') };
      if (params.redirect_uri && params.redirect_uri !== found.redirect_uri) return { error: grant('Invalid redirect_uri') };
      if (found.code_challenge) {
        const verifier = params.code_verifier ?? '';
        if (verifier === '') return { error: grant('PKCE verification failed: code_verifier is required when PKCE challenge is present') };
        if (challengeOf(verifier, found.code_challenge_method ?? 'plain') !== found.code_challenge)
          return { error: grant('PKCE verification failed: code challenge does not match previously saved code verifier') };
      }
      const user = found.user_id ? await loadUser(tx, 'u.id = $1', [found.user_id]) : null;
      if (!user) return { error: grant('User not found for authorization code') };
      if (user.banned) return { error: new OAuthProtocolError('access_denied', 'User is banned') };
      const issued = await createSession(tx, user.id, 'oauth_provider/authorization_code', {
        ...meta,
        oauthClientId: client.id,
        scopes: found.scope,
      });
      return { issued, nonce: found.nonce, scopes: scopeList(found.scope) };
    });
    if ('error' in outcome) throw outcome.error;
    const { issued, nonce, scopes } = outcome;
    const extra: Record<string, string> = scopes.includes('openid')
      ? { id_token: await idToken(ctx, issued.user, client.id, nonce, scopes) }
      : {};
    return c.json(await tokenResponse(ctx, issued, extra));
  });

  // OIDC UserInfo (Core §5.3): the claims the access token's session was granted.
  routes.get('/oauth/userinfo', async (c) => {
    requireOAuthServer(ctx);
    const auth = await requireUser(ctx, c);
    const { user } = auth;
    const info: Record<string, unknown> = { sub: user.id };
    if (!auth.sessionId) return c.json(info);
    const { rows } = await ctx.db.transaction(
      { kind: 'system' },
      (tx) => tx.query<{ scopes: string | null }>(`select scopes from auth.sessions where id = $1`, [auth.sessionId]),
      { readOnly: true },
    );
    const scopes = scopeList(rows[0]?.scopes ?? '');
    const meta = user.user_metadata;
    const text = (key: string) => (typeof meta[key] === 'string' && meta[key] !== '' ? (meta[key] as string) : undefined);
    if (scopes.includes('email')) {
      if (user.email) info.email = user.email;
      if (user.email_confirmed) info.email_verified = true;
    }
    if (scopes.includes('profile')) {
      const name = text('name') ?? (user.email || undefined);
      if (name) info.name = name;
      const picture = text('picture') ?? text('avatar_url');
      if (picture) info.picture = picture;
      const username = text('preferred_username') ?? text('username');
      if (username) info.preferred_username = username;
      if (typeof user.json.updated_at === 'string') info.updated_at = Math.floor(Date.parse(user.json.updated_at) / 1000);
      info.user_metadata = meta;
    }
    if (scopes.includes('phone')) {
      if (user.phone) info.phone = user.phone;
      if (typeof user.json.phone_confirmed_at === 'string') info.phone_verified = true;
    }
    return c.json(info);
  });
}
