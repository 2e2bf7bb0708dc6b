import { isIP } from 'node:net';
import type { Tx } from '../../db/types.ts';
import { newRefreshToken, type Amr, type IssuedSession } from './tokens.ts';
import { userColumns, type UserRow } from './user-json.ts';

/** The address a challenge is bound to: the client's IP, or 0.0.0.0 when the socket has none. */
export function challengeIp(ip: string): string {
  const bare = ip.replace(/^::ffff:/, '');
  return isIP(bare) ? bare : '0.0.0.0';
}

/** Methods that make a session aal2 (models.AMRClaim.IsAAL2Claim). */
const aal2Methods = ['totp', 'mfa/phone', 'mfa/webauthn'];

/**
 * updateMFASessionAndClaims (internal/api/token.go) after a verified factor: the method joins the
 * session's AMR, the session becomes aal2 tied to the factor, its refresh token is swapped, the
 * user's other aal1 sessions end and unverified factors of the same type go.
 */
export async function elevateSession(
  tx: Tx,
  input: { userId: string; sessionId: string; factorId: string; factorType: string; method: string },
): Promise<IssuedSession> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [input.sessionId, input.method],
  );
  const claims = await tx.query<{ method: string; at: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::float8 as at
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [input.sessionId],
  );
  const amr: Amr[] = claims.rows.map((r) => ({ method: r.method, timestamp: r.at }));
  const aal = claims.rows.some((r) => aal2Methods.includes(r.method)) ? 'aal2' : 'aal1';
  await tx.query(`update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1`, [
    input.sessionId,
    aal,
    input.factorId,
  ]);
  const refreshToken = newRefreshToken();
  await tx.query(
    `with old as (update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token, id)
     insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($2, $3, false, now(), now(), (select token from old order by id desc limit 1), $1)`,
    [input.sessionId, refreshToken, input.userId],
  );
  await tx.query(`delete from auth.sessions where user_id = $1 and coalesce(aal, 'aal1') < 'aal2' and id <> $2`, [
    input.userId,
    input.sessionId,
  ]);
  await tx.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = $2::auth.factor_type and status = 'unverified'`, [
    input.userId,
    input.factorType,
  ]);
  const user = (await tx.query<UserRow>(`select ${userColumns} from auth.users u where u.id = $1`, [input.userId])).rows[0];
  if (!user) throw new Error('elevateSession: user vanished');
  return { user, sessionId: input.sessionId, refreshToken, amr, aal };
}

/** DowngradeSessionsToAAL1: sessions tied to a removed factor lose its claim and fall back to aal1. */
export async function downgradeSessions(tx: Tx, factorId: string): Promise<void> {
  await tx.query(
    `with s as (update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1 returning id)
     delete from auth.mfa_amr_claims c using s where c.session_id = s.id and c.authentication_method = any($2)`,
    [factorId, aal2Methods],
  );
}
