import { resolveRequestAuth, TokenError, type Claims } from '../../lib/keys.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authErrors, OAuthProtocolError } from './errors.ts';
import { isUuid, type HonoContext } from './request-input.ts';
import { newRefreshToken, type Amr, type IssuedSession } from './tokens.ts';
import { userColumns, type UserRow } from './user-json.ts';

interface TokenRow {
  id: number;
  token: string;
  revoked: boolean;
  session_id: string | null;
  user_id: string | null;
  oauth_client_id: string | null;
  scopes: string | null;
  age_s: number;
}

/**
 * RefreshTokenGrant (internal/api/token_refresh.go): rotates the token; a revoked token is
 * answered with the current child while inside the reuse interval (a client that lost the
 * response), otherwise it is reuse: the whole session's tokens are revoked.
 */
export async function refreshSession(ctx: AuthDeps, refreshToken: string, clientId: string | null = null): Promise<IssuedSession> {
  const { settings } = ctx;
  const outcome = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
    const found = await tx.query<TokenRow>(
      `select rt.id, rt.token, rt.revoked, rt.session_id::text as session_id, s.user_id::text as user_id,
         s.oauth_client_id::text as oauth_client_id, s.scopes,
         extract(epoch from (now() - rt.updated_at))::float8 as age_s
       from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
       where rt.token = $1 for update of rt`,
      [refreshToken],
    );
    const token = found.rows[0];
    if (!token || !token.session_id || !token.user_id) return { error: authErrors.refreshTokenNotFound() };
    // A session issued to an OAuth client refreshes only with that client's credentials, and no other (tokens/service.go).
    if (token.oauth_client_id && !clientId)
      return { error: new OAuthProtocolError('invalid_client', 'Client authentication required for OAuth session') };
    if (token.oauth_client_id && clientId !== token.oauth_client_id)
      return { error: new OAuthProtocolError('invalid_client', "Client does not match the session's OAuth client") };
    if (!token.oauth_client_id && clientId)
      return { error: new OAuthProtocolError('invalid_client', 'Client authentication not allowed for non-OAuth session') };
    let issuedToken: string;
    let rotate = false;
    if (token.revoked && settings.refreshTokenRotation) {
      const child = await tx.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1 and parent = $2 and not revoked order by id desc limit 1`,
        [token.session_id, token.token],
      );
      const active = child.rows[0];
      if (active && token.age_s < settings.refreshTokenReuseInterval) {
        issuedToken = active.token;
      } else {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [
          token.session_id,
        ]);
        return { error: authErrors.refreshTokenAlreadyUsed() };
      }
    } else if (!settings.refreshTokenRotation) {
      issuedToken = token.token;
    } else {
      issuedToken = newRefreshToken();
      rotate = true;
    }
    // One statement: rotate (when due), touch the session, read back the user and the session's AMR.
    const { rows } = await tx.query<UserRow & { amr: Amr[]; session_aal: string | null }>(
      `with revoked as (update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and $5::boolean),
         child as (insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
           select $2::text, $3::text, false, now(), now(), $6::text, $4::uuid where $5::boolean),
         touched as (update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now() where id = $4::uuid)
       select ${userColumns},
         (select coalesce(jsonb_agg(jsonb_build_object('method', c.authentication_method, 'timestamp', floor(extract(epoch from c.updated_at))::bigint)
            order by c.updated_at desc), '[]'::jsonb) from auth.mfa_amr_claims c where c.session_id = $4::uuid) as amr,
         (select aal from auth.sessions where id = $4::uuid) as session_aal
       from auth.users u where u.id = $3::uuid`,
      [token.id, issuedToken, token.user_id, token.session_id, rotate, token.token],
    );
    const user = rows[0];
    if (!user) return { error: authErrors.refreshTokenNotFound() };
    const amr = user.amr;
    return {
      issued: {
        user,
        sessionId: token.session_id,
        refreshToken: issuedToken,
        amr,
        aal: user.session_aal ?? 'aal1',
        oauthClientId: token.oauth_client_id,
        scopes: token.scopes,
      } satisfies IssuedSession,
    };
  });
  // The reuse revocation must commit before the error is answered (storage.NewCommitWithError).
  if ('error' in outcome) throw outcome.error;
  if (outcome.issued.user.banned) throw authErrors.userBanned();
  return outcome.issued;
}

export interface Authenticated {
  user: UserRow;
  claims: Claims;
  sessionId: string | null;
  sessionCreatedEpoch: number | null;
}

function bearerToken(c: HonoContext): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

async function requestClaims(ctx: AuthDeps, c: HonoContext): Promise<Claims> {
  const token = bearerToken(c);
  if (!token) throw authErrors.noAuthorization();
  try {
    return (await resolveRequestAuth(ctx.keys, { authorization: `Bearer ${token}` })).claims;
  } catch (error: unknown) {
    const reason =
      error instanceof TokenError && error.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw authErrors.badJwt(`invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/**
 * requireAuthentication + maybeLoadUserOrSession (internal/api/auth.go): a valid bearer JWT
 * with a `sub` naming an existing user, and, when it names one, an existing session.
 */
export async function requireUser(ctx: AuthDeps, c: HonoContext): Promise<Authenticated> {
  const claims = await requestClaims(ctx, c);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw authErrors.badJwt('invalid claim: missing sub claim');
  if (!isUuid(sub)) throw authErrors.badJwt('invalid claim: sub claim must be a UUID');
  const sessionId = typeof claims.session_id === 'string' && isUuid(claims.session_id) ? claims.session_id : null;
  // One statement, so one snapshot: read in two, an account deleted between the reads (a
  // concurrent delete-account) would be found with its session gone, session_not_found, as if
  // signed out; read at once it is either whole or gone (user_not_found). GoTrue reads twice.
  const found = await ctx.db.transaction(
    { kind: 'system' },
    async (tx) => {
      const { rows } = await tx.query<UserRow & { has_session: boolean; session_created: number | null }>(
        `select ${userColumns}, s.id is not null as has_session, extract(epoch from s.created_at)::float8 as session_created
         from auth.users u left join auth.sessions s on s.id = $2::uuid and s.user_id = u.id
         where u.id = $1`,
        [sub, sessionId],
      );
      return rows[0] ?? null;
    },
    { readOnly: true, single: true },
  );
  if (!found || found.deleted) throw authErrors.userNotFoundFromClaim();
  if (sessionId && !found.has_session) throw authErrors.sessionNotFound();
  const { has_session: _hasSession, session_created: sessionCreatedEpoch, ...user } = found;
  return { user, claims, sessionId, sessionCreatedEpoch };
}

/** requireAdmin (internal/api/auth.go): the bearer's role must be one of GOTRUE_JWT_ADMIN_ROLES. */
export async function requireAdmin(ctx: AuthDeps, c: HonoContext): Promise<void> {
  const claims = await requestClaims(ctx, c);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw authErrors.notAdmin();
}

/** Logout (internal/api/logout.go): global ends every session of the user, local this one, others all but this one. */
export async function endSessions(ctx: AuthDeps, auth: Authenticated, scope: 'global' | 'local' | 'others'): Promise<void> {
  await ctx.db.transaction({ kind: 'system' }, async (tx) => {
    if (scope === 'global' || (scope === 'local' && !auth.sessionId)) {
      await tx.query(`delete from auth.sessions where user_id = $1`, [auth.user.id]);
    } else if (scope === 'local') {
      await tx.query(`delete from auth.sessions where id = $1`, [auth.sessionId]);
    } else {
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [auth.user.id, auth.sessionId]);
    }
  });
}
