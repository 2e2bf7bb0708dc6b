import { createHash, randomBytes, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type { Tx } from '../../db/types.ts';
import { signWithCurrentKey } from '../../lib/keys.ts';
import { externalUrl, type AuthDeps } from './auth-deps.ts';
import { userColumns, type UserRow } from './user-json.ts';

export interface Amr {
  method: string;
  timestamp: number;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  provider_token?: string;
  provider_refresh_token?: string;
}

/** What a transaction hands back so the JWT is signed after commit, outside the database's single session. */
export interface IssuedSession {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
  amr: Amr[];
  aal: string;
  /** The provider's own tokens after an OAuth sign-in (PKCE grant), answered once. */
  providerToken?: string;
  providerRefreshToken?: string;
  /** A session issued to an OAuth client of this server: its id and the scopes granted (claims client_id, scope). */
  oauthClientId?: string | null;
  scopes?: string | null;
}

/** Refresh tokens are short random strings, unique per row (models/refresh_token.go uses 12 characters). */
export function newRefreshToken(): string {
  return randomBytes(9).toString('base64url');
}

/** Six-digit one-time code mailed beside the link (crypto.GenerateOtp). */
export function newOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

/** The token stored and linked: sha224 hex of email + otp (crypto.GenerateTokenHash). */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/**
 * GenerateAccessToken (internal/tokens/service.go): signed with the current signing key and its kid, claims in the order hosted emits,
 * `aud` a single string.
 */
export async function signAccessToken(ctx: AuthDeps, issued: IssuedSession): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.settings.jwtExpiry;
  const { user } = issued;
  const payload = {
    iss: externalUrl(ctx),
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: user.role || 'authenticated',
    aal: issued.aal,
    amr: issued.amr,
    session_id: issued.sessionId,
    is_anonymous: user.is_anonymous,
    ...(issued.oauthClientId ? { client_id: issued.oauthClientId } : {}),
    ...(issued.scopes ? { scope: issued.scopes } : {}),
  };
  const token = await signWithCurrentKey(ctx.keys, payload);
  return { token, expiresAt: exp };
}

export async function toTokenResponse(ctx: AuthDeps, issued: IssuedSession): Promise<AccessTokenResponse> {
  const { token, expiresAt } = await signAccessToken(ctx, issued);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: issued.refreshToken,
    user: issued.user.json,
    ...(issued.providerToken ? { provider_token: issued.providerToken } : {}),
    ...(issued.providerRefreshToken ? { provider_refresh_token: issued.providerRefreshToken } : {}),
  };
}

/**
 * issueRefreshToken (internal/api/token.go): a new session with its first refresh token and
 * its authentication method, and the user's last sign-in stamped — all in the caller's transaction.
 */
export async function createSession(
  tx: Tx,
  userId: string,
  method: string,
  meta: { userAgent?: string | null; ip?: string | null; oauthClientId?: string; scopes?: string },
): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  const ip = meta.ip && isIP(meta.ip.replace(/^::ffff:/, '')) ? meta.ip : null;
  const { rows } = await tx.query<UserRow & { session_id: string; amr_at: number }>(
    `with s as (
       insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, oauth_client_id, scopes)
       values (gen_random_uuid(), $1::uuid, now(), now(), 'aal1', $3::text, $4::inet, $6::uuid, $7::text) returning id),
     r as (insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id)
       select $2::text, $1::uuid::text, false, now(), now(), s.id from s returning token),
     a as (insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       select gen_random_uuid(), s.id, now(), now(), $5::text from s returning created_at),
     u as (update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid returning *)
     select ${userColumns}, (select id::text from s) as session_id,
       (select floor(extract(epoch from created_at))::float8 from a) as amr_at,
       (select count(*) from r)::int as tokens
     from u`,
    [userId, refreshToken, meta.userAgent ?? null, ip, method, meta.oauthClientId ?? null, meta.scopes ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('createSession: user vanished');
  return {
    user: row,
    sessionId: row.session_id,
    refreshToken,
    amr: [{ method, timestamp: row.amr_at }],
    aal: 'aal1',
    oauthClientId: meta.oauthClientId ?? null,
    scopes: meta.scopes ?? null,
  };
}

export async function loadUser(tx: Tx, where: string, params: unknown[]): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${userColumns} from auth.users u where ${where}`, params);
  return rows[0] ?? null;
}
