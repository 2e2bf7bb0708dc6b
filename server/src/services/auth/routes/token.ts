import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { idTokenGrant } from '../external/id-token.ts';
import { challengeOf } from '../flows.ts';
import { verifyPassword, weakPasswordOf } from '../passwords.ts';
import { clientIp, readBody, stringField } from '../request-input.ts';
import { refreshSession } from '../sessions.ts';
import { createSession, loadUser, toTokenResponse, type IssuedSession } from '../tokens.ts';

/** GoTrue's flow-state lifetime (conf.FlowStateExpiryDuration, 300 s). */
const flowStateExpirySeconds = 300;

/** ResourceOwnerPasswordGrant (internal/api/token.go): bcrypt off the event loop, outside any transaction. */
async function passwordGrant(
  ctx: AuthDeps,
  body: Record<string, unknown>,
  meta: { userAgent: string | null; ip: string },
): Promise<IssuedSession> {
  const email = stringField(body, 'email').trim().toLowerCase();
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  if (email !== '' && phone !== '') throw authErrors.validation('Only an email address or phone number should be provided on login.');
  if (email === '' && phone === '') throw authErrors.validation('missing email or phone');
  if (email === '') throw authErrors.invalidCredentials();
  // Only what the password check needs; the full user is read back with the new session.
  const candidate = await ctx.db.transaction(
    { kind: 'system' },
    async (tx) =>
      (
        await tx.query<{ id: string; encrypted_password: string | null; email_confirmed: boolean; banned: boolean }>(
          `select id::text as id, encrypted_password, email_confirmed_at is not null as email_confirmed,
             coalesce(banned_until > now(), false) as banned
           from auth.users where lower(email) = $1 and not is_sso_user and deleted_at is null`,
          [email],
        )
      ).rows[0],
    { readOnly: true },
  );
  if (!candidate) throw authErrors.invalidCredentials();
  if (candidate.banned) throw authErrors.userBanned();
  if (!(await verifyPassword(password, candidate.encrypted_password))) throw authErrors.invalidCredentials();
  if (!candidate.email_confirmed) throw authErrors.emailNotConfirmed();
  return ctx.db.transaction({ kind: 'system' }, (tx) => createSession(tx, candidate.id, 'password', meta));
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  age_s: number;
}

/** PKCE grant (internal/api/token.go PKCE): the auth code's flow state, checked against the verifier, then spent. */
async function pkceGrant(
  ctx: AuthDeps,
  body: Record<string, unknown>,
  meta: { userAgent: string | null; ip: string },
): Promise<IssuedSession> {
  const authCode = stringField(body, 'auth_code');
  const verifier = stringField(body, 'code_verifier');
  if (authCode === '' || verifier === '')
    throw authErrors.validation('invalid request: both auth code and code verifier should be non-empty');
  return ctx.db.transaction({ kind: 'system' }, async (tx) => {
    const { rows } = await tx.query<FlowRow>(
      `select id::text as id, user_id::text as user_id, code_challenge, code_challenge_method, authentication_method,
         provider_access_token, provider_refresh_token,
         extract(epoch from (now() - coalesce(auth_code_issued_at, created_at)))::float8 as age_s
       from auth.flow_state where auth_code = $1 for update`,
      [authCode],
    );
    const flow = rows[0];
    if (!flow || !flow.user_id) throw authErrors.flowStateNotFound();
    if (flow.age_s > flowStateExpirySeconds) throw authErrors.flowStateExpired();
    if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) throw authErrors.badCodeVerifier();
    const user = await loadUser(tx, 'u.id = $1', [flow.user_id]);
    if (!user) throw authErrors.userNotFound();
    if (user.banned) throw authErrors.userBanned();
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    const issued = await createSession(tx, flow.user_id, flow.authentication_method, meta);
    // An OAuth flow hands the provider's tokens over once, with the session (token.go PKCE).
    if (flow.provider_access_token) issued.providerToken = flow.provider_access_token;
    if (flow.provider_refresh_token) issued.providerRefreshToken = flow.provider_refresh_token;
    return issued;
  });
}

/** POST /token?grant_type=password|refresh_token|pkce|id_token → AccessTokenResponse. */
export function mountToken(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/token', jsonBody, async (c) => {
    const grant = c.req.query('grant_type') ?? '';
    const ip = clientIp(c);
    const meta = { userAgent: c.req.header('user-agent') ?? null, ip };
    let issued: IssuedSession;
    if (grant === 'password') {
      await ctx.limiter.hit('token', ip);
      const body = await readBody(c);
      issued = await passwordGrant(ctx, body, meta);
      // A password that no longer meets the policy still signs in, flagged (token.go: weak_password).
      const weak = weakPasswordOf(ctx.settings, stringField(body, 'password'));
      if (weak) return c.json({ ...(await toTokenResponse(ctx, issued)), weak_password: weak });
    } else if (grant === 'refresh_token') {
      await ctx.limiter.hit('token', ip);
      const token = stringField(await readBody(c), 'refresh_token');
      if (token === '') throw authErrors.validation('refresh_token required');
      issued = await refreshSession(ctx, token);
    } else if (grant === 'id_token') {
      await ctx.limiter.hit('token', ip);
      issued = await idTokenGrant(ctx, await readBody(c), meta);
    } else if (grant === 'pkce') {
      await ctx.limiter.hit('token', ip);
      issued = await pkceGrant(ctx, await readBody(c), meta);
    } else {
      throw authErrors.validation('unsupported_grant_type');
    }
    return c.json(await toTokenResponse(ctx, issued));
  });
}
