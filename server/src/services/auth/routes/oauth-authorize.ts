import { randomInt, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Tx } from '../../../db/types.ts';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { findClient } from '../oauth-clients.ts';
import { isUuid, readBody, stringField } from '../request-input.ts';
import { requireUser } from '../sessions.ts';
import { requireOAuthServer } from './oauth-clients.ts';

/** models.SupportedOAuthScopes. */
export const supportedScopes = ['openid', 'profile', 'email', 'phone', 'offline_access'];

/** ParseScopeString: space-separated, empty parts dropped. */
export function scopeList(scope: string): string[] {
  return scope
    .trim()
    .split(' ')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** crypto.SecureAlphanumeric(32): the id the consent page is given. */
function authorizationId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += alphanumerics[randomInt(alphanumerics.length)];
  return id;
}

/** `redirect_uri` with `params` set, keys sorted as Go's url.Values.Encode writes them. */
export function withQuery(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== '') url.searchParams.set(key, value);
  url.searchParams.sort();
  return url.toString();
}

/** validateRemainingAuthorizeParams: response type, scopes, resource (RFC 8707) and PKCE, which OAuth 2.1 requires. */
function problemOf(q: { responseType: string; scope: string; resource: string; challenge: string; method: string }): string | null {
  if (q.responseType !== 'code') return 'only response_type=code is supported';
  const scopes = scopeList(q.scope);
  if (scopes.length === 0) return 'scope parameter cannot be empty';
  const unsupported = scopes.find((s) => !supportedScopes.includes(s));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  if (q.resource !== '') {
    if (!URL.canParse(q.resource) || !/^[a-z][a-z0-9+.-]*:/i.test(q.resource)) return 'resource must be an absolute URI';
    if (q.resource.includes('#')) return 'resource must not include a fragment component';
    if (q.resource.includes('?')) return 'resource must not include a query component';
  }
  if (q.challenge === '' || q.method === '') return 'PKCE flow requires both code_challenge and code_challenge_method';
  if (!['s256', 'plain'].includes(q.method.toLowerCase())) return "code_challenge_method must be 'S256' or 'plain'";
  if (q.challenge.length < 43 || q.challenge.length > 128) return 'code_challenge must be between 43 and 128 characters';
  return null;
}

interface AuthorizationRow {
  id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  status: string;
  authorization_code: string | null;
  expired: boolean;
}

/** FindOAuthServerAuthorizationByIDForUpdate: SKIP LOCKED, so two callers never both claim one request. */
async function lockAuthorization(tx: Tx, authorizationId: string): Promise<AuthorizationRow | null> {
  const { rows } = await tx.query<AuthorizationRow>(
    `select id::text, client_id::text, user_id::text, redirect_uri, scope, state, status::text, authorization_code,
       expires_at < now() as expired
     from auth.oauth_authorizations where authorization_id = $1 limit 1 for update skip locked`,
    [authorizationId],
  );
  return rows[0] ?? null;
}

/** Approve: the request becomes approved with a fresh single-use code; the redirect carries it and the state. */
async function approve(tx: Tx, row: AuthorizationRow): Promise<string> {
  const code = randomUUID();
  await tx.query(`update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2 where id = $1`, [
    row.id,
    code,
  ]);
  return withQuery(row.redirect_uri, { code, state: row.state ?? '' });
}

/**
 * The authorization endpoint and the consent API (internal/api/oauthserver/authorize.go):
 * GET /oauth/authorize checks the client and its exact redirect URI, stores the request and
 * sends the browser to the app's consent page (`site_url` + `authorization_url_path`); the page,
 * signed in, reads GET /oauth/authorizations/:id and answers POST …/consent.
 */
export function mountOAuthAuthorize(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/oauth/authorize', async (c) => {
    requireOAuthServer(ctx);
    const q = (name: string) => c.req.query(name) ?? '';
    const clientId = q('client_id');
    const redirectUri = q('redirect_uri');
    // Until the redirect URI is known to be the client's, errors are answered here, never redirected.
    if (clientId === '') throw authErrors.validation('client_id is required');
    if (redirectUri === '') throw authErrors.validation('redirect_uri is required');
    if (!isUuid(clientId)) throw authErrors.oauthClientUnknown('invalid client_id format');
    const client = await ctx.db.transaction({ kind: 'system' }, (tx) => findClient(tx, clientId), { readOnly: true });
    if (!client) throw authErrors.oauthClientUnknown('invalid client_id');
    // Exact string match (RFC 6749 §3.1.2.3): no prefix, no pattern, no normalisation.
    if (!client.redirect_uris.includes(redirectUri)) throw authErrors.validation('invalid redirect_uri');
    const state = q('state');
    const scope = q('scope') || ctx.settings.oauthServer.defaultScope;
    const problem = problemOf({
      responseType: q('response_type') || 'code',
      scope,
      resource: q('resource'),
      challenge: q('code_challenge'),
      method: q('code_challenge_method'),
    });
    if (problem) return c.redirect(withQuery(redirectUri, { error: 'invalid_request', error_description: problem, state }), 302);
    const { authorizationPath, authorizationTtlSeconds } = ctx.settings.oauthServer;
    if (authorizationPath === '')
      return c.redirect(
        withQuery(redirectUri, { error: 'server_error', error_description: 'oauth authorization path not configured', state }),
        302,
      );
    const id = authorizationId();
    await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query(
        `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource, code_challenge,
           code_challenge_method, nonce, expires_at)
         values ($1, $2, $3, $4, $5, nullif($6, ''), nullif($7, ''), $8, lower($9)::auth.code_challenge_method, nullif($10, ''),
           now() + make_interval(secs => $11))`,
        [
          randomUUID(),
          id,
          client.id,
          redirectUri,
          scope,
          state,
          q('resource'),
          q('code_challenge'),
          q('code_challenge_method'),
          q('nonce'),
          authorizationTtlSeconds,
        ],
      ),
    );
    const base = ctx.settings.siteUrl.replace(/\/+$/, '');
    const path = authorizationPath.startsWith('/') ? authorizationPath : `/${authorizationPath}`;
    return c.redirect(`${base}${path}?authorization_id=${id}`, 302);
  });

  /** validateRequestOrigin: a browser's Origin must be one the redirect allow list accepts (the app's own). */
  function checkOrigin(c: Context<AppEnv>): void {
    const origin = c.req.header('origin');
    if (origin && !ctx.redirects.isAllowed(origin)) throw authErrors.validation('unauthorized request origin');
  }

  routes.get('/oauth/authorizations/:id', async (c) => {
    requireOAuthServer(ctx);
    checkOrigin(c);
    const auth = await requireUser(ctx, c);
    const outcome = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const row = await lockAuthorization(tx, c.req.param('id'));
      if (!row) throw authErrors.oauthAuthorizationNotFound();
      if (row.expired) {
        if (row.status === 'pending') await tx.query(`update auth.oauth_authorizations set status = 'expired' where id = $1`, [row.id]);
        return { error: authErrors.oauthAuthorizationNotFound() };
      }
      if (row.status !== 'pending') throw authErrors.validation('authorization request cannot be processed');
      if (row.user_id && row.user_id !== auth.user.id) throw authErrors.oauthAuthorizationNotFound();
      if (!row.user_id) {
        await tx.query(`update auth.oauth_authorizations set user_id = $2 where id = $1`, [row.id, auth.user.id]);
        // A consent already given for every scope asked: approved without asking again.
        const consent = await tx.query<{ scopes: string }>(
          `select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null`,
          [auth.user.id, row.client_id],
        );
        const granted = scopeList(consent.rows[0]?.scopes ?? '');
        if (consent.rows[0] && scopeList(row.scope).every((s) => granted.includes(s))) return { redirect: await approve(tx, row) };
      }
      const client = await findClient(tx, row.client_id);
      if (!client) throw authErrors.oauthAuthorizationNotFound();
      return {
        details: {
          authorization_id: c.req.param('id'),
          redirect_uri: row.redirect_uri,
          client: {
            id: client.id,
            ...(client.client_name ? { name: client.client_name } : {}),
            ...(client.client_uri ? { uri: client.client_uri } : {}),
            ...(client.logo_uri ? { logo_uri: client.logo_uri } : {}),
          },
          user: { id: auth.user.id, ...(auth.user.email ? { email: auth.user.email } : {}) },
          scope: row.scope,
        },
      };
    });
    if ('error' in outcome) throw outcome.error;
    if ('redirect' in outcome) return c.json({ redirect_url: outcome.redirect });
    return c.json(outcome.details);
  });

  routes.post('/oauth/authorizations/:id/consent', jsonBody, async (c) => {
    requireOAuthServer(ctx);
    checkOrigin(c);
    const auth = await requireUser(ctx, c);
    let action: string;
    try {
      action = stringField(await readBody(c), 'action');
    } catch {
      throw authErrors.badJsonMessage('invalid JSON body');
    }
    if (action !== 'approve' && action !== 'deny') throw authErrors.validation("action must be 'approve' or 'deny'");
    const outcome = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const row = await lockAuthorization(tx, c.req.param('id'));
      if (!row) throw authErrors.oauthAuthorizationNotFound();
      if (row.expired) {
        if (row.status === 'pending') await tx.query(`update auth.oauth_authorizations set status = 'expired' where id = $1`, [row.id]);
        return { error: authErrors.oauthAuthorizationNotFound() };
      }
      if (row.status !== 'pending') throw authErrors.validation('authorization request is no longer pending');
      // Only the member the consent page showed it to answers it.
      if (row.user_id !== auth.user.id) throw authErrors.oauthAuthorizationNotFound();
      if (action === 'deny') {
        await tx.query(`update auth.oauth_authorizations set status = 'denied' where id = $1`, [row.id]);
        return {
          redirect: withQuery(row.redirect_uri, {
            error: 'access_denied',
            error_description: 'User denied the request',
            state: row.state ?? '',
          }),
        };
      }
      const redirect = await approve(tx, row);
      // UpsertOAuthServerConsent: the scopes granted, remembered for the next request of this client.
      await tx.query(
        `insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at) values ($1, $2, $3, $4, now())
         on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
        [randomUUID(), auth.user.id, row.client_id, scopeList(row.scope).join(' ')],
      );
      return { redirect };
    });
    if ('error' in outcome) throw outcome.error;
    return c.json({ redirect_url: outcome.redirect });
  });
}
