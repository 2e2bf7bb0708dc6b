import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import type { Tx } from '../../../db/types.ts';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { checkWebAuthnAnswer, readWebAuthnAnswer, recordWebAuthnFactor, webauthnChallenge, type WebAuthnFactor } from '../mfa-webauthn.ts';
import { challengeIp, downgradeSessions, elevateSession } from '../mfa.ts';
import { clientIp, isUuid, readBody, stringField } from '../request-input.ts';
import { requireUser, type Authenticated } from '../sessions.ts';
import { toTokenResponse, type IssuedSession } from '../tokens.ts';
import { factorJson } from '../user-json.ts';
import type { CeremonySession } from '../webauthn.ts';

interface FactorRow {
  id: string;
  user_id: string;
  factor_type: string;
  status: string;
  secret: string | null;
  webauthn_credential: WebAuthnFactor['credential'];
  json: Record<string, unknown>;
}

const factorTypes = ['totp', 'phone', 'webauthn'];

/** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15 requests per minute and address, each for challenge and verify. */
const mfaRequestsPerMinute = 15;

/** A per-address budget that refills over a minute (the tollbooth limiter GoTrue puts on these routes). */
function perMinuteLimit(perMinute: number): { hit(ip: string): void } {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    hit(ip) {
      const now = Date.now();
      const bucket = buckets.get(ip) ?? { tokens: perMinute, at: now };
      bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
      bucket.at = now;
      if (bucket.tokens < 1) throw authErrors.overRequestRateLimit();
      bucket.tokens -= 1;
      buckets.set(ip, bucket);
    },
  };
}

/** TOTP as GoTrue checks it (totp.ValidateCustom): SHA1, 6 digits, 30 s, one step of skew. */
function totpFor(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** requireAuthentication + requireNotAnonymous + a session (the /factors routes, internal/api/api.go). */
async function factorUser(ctx: AuthDeps, c: Context<AppEnv>): Promise<Authenticated & { sessionId: string }> {
  const auth = await requireUser(ctx, c);
  if (auth.claims.is_anonymous === true) throw authErrors.noAuthorizationForbidden('Anonymous user not allowed to perform these actions');
  if (!auth.sessionId) throw authErrors.unexpectedMessage('A valid session and a registered user are required to enroll a factor');
  return { ...auth, sessionId: auth.sessionId };
}

/** loadFactor (internal/api/admin.go): a UUID naming a factor of this user. */
export async function ownedFactor(tx: Tx, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw authErrors.factorIdNotUuid();
  const { rows } = await tx.query<FactorRow>(
    `select f.id::text, f.user_id::text, f.factor_type::text, f.status::text, f.secret, f.web_authn_credential as webauthn_credential,
       ${factorJson('f')} as json
     from auth.mfa_factors f where f.id = $1 and f.user_id = $2`,
    [factorId, userId],
  );
  const factor = rows[0];
  if (!factor) throw authErrors.mfaFactorNotFound();
  return factor;
}

function checkVerifyEnabled(ctx: AuthDeps, factorType: string): void {
  const { mfa } = ctx.settings;
  if (factorType === 'totp' && !mfa.totp.verify)
    throw authErrors.mfaDisabled('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  if (factorType === 'phone' && !mfa.phone.verify)
    throw authErrors.mfaDisabled('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  if (factorType === 'webauthn' && !mfa.webauthn.verify)
    throw authErrors.mfaDisabled('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
}

/** validateFactors (internal/api/mfa.go): name clash, the enrolled and verified limits, aal2 to add a second factor. */
export async function checkCanEnroll(ctx: AuthDeps, tx: Tx, userId: string, friendlyName: string, sessionId: string): Promise<void> {
  const { mfa } = ctx.settings;
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
    [userId, mfa.challengeExpirySeconds],
  );
  const { rows } = await tx.query<{ friendly_name: string | null; status: string }>(
    `select friendly_name, status::text from auth.mfa_factors where user_id = $1`,
    [userId],
  );
  if (rows.some((r) => r.friendly_name === friendlyName))
    throw authErrors.mfaFactorNameConflict(`A factor with the friendly name "${friendlyName}" for this user already exists`);
  const verified = rows.filter((r) => r.status === 'verified').length;
  if (rows.length >= mfa.maxEnrolledFactors || verified >= mfa.maxVerifiedFactors) throw authErrors.tooManyFactors();
  if (verified > 0) {
    const session = await tx.query<{ aal: string | null }>(`select aal from auth.sessions where id = $1`, [sessionId]);
    if (session.rows[0]?.aal !== 'aal2') throw authErrors.insufficientAal('AAL2 required to enroll a new factor', 403);
  }
}

interface FoundChallenge {
  verified: boolean;
  ip: string;
  age_s: number;
  session: CeremonySession | null;
}

const challengeFields = `verified_at is not null as verified, host(ip_address) as ip,
  extract(epoch from now() - created_at)::float8 as age_s, web_authn_session_data as session`;
const readChallenge = `select ${challengeFields} from auth.mfa_challenges where id = $1 and factor_id = $2`;
const takeChallenge = `delete from auth.mfa_challenges where id = $1 and factor_id = $2 returning ${challengeFields}`;

function toWebAuthnFactor(factor: FactorRow): WebAuthnFactor {
  return { id: factor.id, status: factor.status, credential: factor.webauthn_credential };
}

/** verifyTOTPFactor: the code against the secret, one period of skew; a good code elevates the session. */
async function verifyTotp(
  ctx: AuthDeps,
  tx: Tx,
  input: { auth: Authenticated & { sessionId: string }; factor: FactorRow; code: string; challengeId: string; ageSeconds: number },
): Promise<IssuedSession | { expired: true } | { invalid: true }> {
  const { auth, factor, challengeId } = input;
  if (input.ageSeconds > ctx.settings.mfa.challengeExpirySeconds) {
    await tx.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
    return { expired: true };
  }
  const totp = totpFor(factor.secret ?? '');
  const delta = totp.validate({ token: input.code, window: 1 });
  if (delta === null) return { invalid: true };
  // RFC 6238 §5.2: once a code verified, neither it nor an earlier one is taken again for this factor (decision 303).
  const step = totp.counter() + delta;
  const fresh = await tx.query(
    `insert into _server.mfa_totp_steps (factor_id, last_step) values ($1, $2)
     on conflict (factor_id) do update set last_step = excluded.last_step where mfa_totp_steps.last_step < excluded.last_step
     returning factor_id`,
    [factor.id, step],
  );
  if (fresh.rows.length === 0) return { invalid: true };
  await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challengeId]);
  await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
  return elevateSession(tx, { userId: auth.user.id, sessionId: auth.sessionId, factorId: factor.id, factorType: 'totp', method: 'totp' });
}

/** POST /factors, /factors/:id/challenge, /factors/:id/verify and DELETE /factors/:id (internal/api/mfa.go): TOTP and WebAuthn factors. */
export function mountMfa(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  const limits = { challenge: perMinuteLimit(mfaRequestsPerMinute), verify: perMinuteLimit(mfaRequestsPerMinute) };
  routes.post('/factors', jsonBody, async (c) => {
    const auth = await factorUser(ctx, c);
    const body = await readBody(c);
    const factorType = stringField(body, 'factor_type');
    const friendlyName = stringField(body, 'friendly_name');
    const { mfa } = ctx.settings;
    if (factorType === 'phone') {
      if (!mfa.phone.enroll) throw authErrors.mfaDisabled('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
      throw authErrors.unexpectedMessage('Failed to get SMS provider');
    }
    if (factorType === 'webauthn') {
      if (!mfa.webauthn.enroll) throw authErrors.mfaDisabled('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
      // enrollWebAuthnFactor: an unverified factor; its credential is made by the first challenge.
      const id = randomUUID();
      await ctx.db.transaction({ kind: 'system' }, async (tx) => {
        await checkCanEnroll(ctx, tx, auth.user.id, friendlyName, auth.sessionId);
        await tx.query(
          `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
           values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
          [id, auth.user.id, friendlyName],
        );
      });
      return c.json({ id, type: 'webauthn', friendly_name: friendlyName });
    }
    if (factorType !== 'totp') throw authErrors.validation('factor_type needs to be totp, phone, or webauthn');
    if (!mfa.totp.enroll) throw authErrors.mfaDisabled('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    const issuer = stringField(body, 'issuer') || new URL(ctx.settings.siteUrl).host;
    const totp = new TOTP({
      issuer,
      label: auth.user.email ?? '',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: new Secret({ size: 20 }),
    });
    const uri = totp.toString();
    // Loaded with the first TOTP enrolment, not with every server start (decision 457).
    const { default: QRCode } = await import('qrcode');
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 0 });
    const id = randomUUID();
    await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      await checkCanEnroll(ctx, tx, auth.user.id, friendlyName, auth.sessionId);
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, auth.user.id, friendlyName, totp.secret.base32],
      );
    });
    return c.json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: totp.secret.base32, uri } });
  });

  routes.post('/factors/:id/challenge', jsonBody, async (c) => {
    const auth = await factorUser(ctx, c);
    const ip = challengeIp(clientIp(c));
    limits.challenge.hit(ip);
    const challenge = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const factor = await ownedFactor(tx, auth.user.id, c.req.param('id'));
      if (!factorTypes.includes(factor.factor_type)) throw authErrors.validation('factor_type needs to be totp, phone, or webauthn');
      checkVerifyEnabled(ctx, factor.factor_type);
      if (factor.factor_type === 'phone') throw authErrors.unexpectedMessage('Failed to get SMS provider');
      const webauthn = factor.factor_type === 'webauthn' ? await webauthnChallenge(ctx, tx, auth.user, toWebAuthnFactor(factor)) : null;
      const { rows } = await tx.query<{ id: string; expires_at: number }>(
        `with f as (update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $2)
         insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
         values (gen_random_uuid(), $2, now(), $3::inet, $4::jsonb)
         returning id::text, floor(extract(epoch from created_at))::float8 + $1 as expires_at`,
        [ctx.settings.mfa.challengeExpirySeconds, factor.id, ip, webauthn ? JSON.stringify(webauthn.session) : null],
      );
      const webauthnData = webauthn ? { webauthn: { type: webauthn.type, credential_options: { publicKey: webauthn.publicKey } } } : {};
      return { id: rows[0]?.id, type: factor.factor_type, expires_at: rows[0]?.expires_at, ...webauthnData };
    });
    return c.json(challenge);
  });

  routes.post('/factors/:id/verify', jsonBody, async (c) => {
    const auth = await factorUser(ctx, c);
    const ip = challengeIp(clientIp(c));
    limits.verify.hit(ip);
    const body = await readBody(c);
    const code = stringField(body, 'code');
    const challengeId = stringField(body, 'challenge_id');
    const step = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const factor = await ownedFactor(tx, auth.user.id, c.req.param('id'));
      if (code === '' && factor.factor_type !== 'webauthn') throw authErrors.validation('Code needs to be non-empty');
      checkVerifyEnabled(ctx, factor.factor_type);
      const answer = factor.factor_type === 'webauthn' ? readWebAuthnAnswer(body) : null;
      // A WebAuthn challenge is taken out as it is read: answered once, right or wrong.
      const found = isUuid(challengeId)
        ? await tx.query<FoundChallenge>(answer ? takeChallenge : readChallenge, [challengeId, factor.id])
        : null;
      const challenge = found?.rows[0];
      if (!challenge) throw authErrors.mfaFactorNotFoundForChallenge();
      if (challenge.verified || challenge.ip !== ip) return { mismatch: true as const };
      if (answer) {
        if (challenge.age_s > ctx.settings.mfa.challengeExpirySeconds || !challenge.session) return { expired: true as const };
        return { webauthn: { factor: toWebAuthnFactor(factor), answer, session: challenge.session } };
      }
      return verifyTotp(ctx, tx, { auth, factor, code, challengeId, ageSeconds: challenge.age_s });
    });
    // Answered after commit: an expired challenge stays deleted, as GoTrue's db.Destroy before the error.
    if ('mismatch' in step) throw authErrors.mfaIpMismatch();
    if ('expired' in step) throw authErrors.mfaChallengeExpired(challengeId);
    if ('invalid' in step) throw authErrors.mfaVerificationFailed('Invalid TOTP code entered');
    if ('webauthn' in step) {
      const { factor, answer, session } = step.webauthn;
      const checked = await checkWebAuthnAnswer(ctx, factor, answer, session);
      const issued = await ctx.db.transaction({ kind: 'system' }, (tx) =>
        recordWebAuthnFactor(tx, { userId: auth.user.id, sessionId: auth.sessionId, factorId: factor.id, checked, answer }),
      );
      return c.json(await toTokenResponse(ctx, issued));
    }
    return c.json(await toTokenResponse(ctx, step));
  });

  routes.delete('/factors/:id', jsonBody, async (c) => {
    const auth = await factorUser(ctx, c);
    const id = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const factor = await ownedFactor(tx, auth.user.id, c.req.param('id'));
      if (factor.status === 'verified') {
        const session = await tx.query<{ aal: string | null }>(`select aal from auth.sessions where id = $1`, [auth.sessionId]);
        if (session.rows[0]?.aal !== 'aal2') throw authErrors.insufficientAal('AAL2 required to unenroll verified factor', 422);
      }
      await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
      await downgradeSessions(tx, factor.id);
      return factor.id;
    });
    return c.json({ id });
  });
}
