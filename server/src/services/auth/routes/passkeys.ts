import type { Context, Hono } from 'hono';
import { DbError } from '../../../db/errors.ts';
import type { Tx } from '../../../db/types.ts';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { passkeyFriendlyName } from '../passkey-names.ts';
import { clientIp, isUuid, readBody, stringField, type Body } from '../request-input.ts';
import { requireUser, type Authenticated } from '../sessions.ts';
import { createSession, loadUser, toTokenResponse } from '../tokens.ts';
import {
  consumeChallenge,
  countPasskeys,
  insertPasskey,
  passkeyOfUser,
  passkeysOf,
  saveChallenge,
  type ChallengeType,
} from '../webauthn-store.ts';
import {
  authenticationOptions,
  registrationOptions,
  responseCredentialId,
  responseUserHandle,
  verifyAssertion,
  verifyRegistration,
} from '../webauthn.ts';

/** requirePasskeyEnabled: every /passkeys route answers 404 passkey_disabled while `[auth.passkey]` is off. */
export function requirePasskeys(ctx: AuthDeps): void {
  if (!ctx.settings.passkey.enabled) throw authErrors.passkeyDisabled();
}

/**
 * requirePasskeyManagementAAL (passkey_webauthn.go): a member with a verified factor registers and
 * removes passkeys only from an aal2 session; without a factor aal1 is the most there can be.
 */
export async function requireManagementAal(ctx: AuthDeps, auth: Authenticated): Promise<void> {
  const { rows } = await ctx.db.transaction(
    { kind: 'system' },
    (tx) =>
      tx.query<{ mfa: boolean; aal: string | null }>(
        `select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as mfa,
           (select aal from auth.sessions where id = $2::uuid) as aal`,
        [auth.user.id, auth.sessionId],
      ),
    { readOnly: true },
  );
  const found = rows[0];
  if (found?.mfa && found.aal !== 'aal2')
    throw authErrors.insufficientAal('AAL2 session is required to manage passkeys when MFA is enabled', 403);
}

/** The verify bodies of both ceremonies: `challenge_id` (a UUID) and `credential` (the browser's JSON). */
function ceremonyAnswer(body: Body): { challengeId: string; credential: unknown } {
  const challengeId = stringField(body, 'challenge_id');
  if (challengeId === '') throw authErrors.validation('challenge_id is required');
  const credential = body.credential;
  if (credential === undefined || credential === null) throw authErrors.validation('credential is required');
  if (!isUuid(challengeId)) throw authErrors.validation('challenge_id must be a valid UUID');
  return { challengeId, credential };
}

/** Takes the challenge out of the database, committed before any verdict: it answers once, right or wrong. */
async function consume(ctx: AuthDeps, challengeId: string, type: ChallengeType, userId: string | null) {
  const found = await ctx.db.transaction({ kind: 'system' }, (tx) => consumeChallenge(tx, challengeId, type, userId));
  if (!found) throw authErrors.webauthnChallengeNotFound();
  if (found.expired) throw authErrors.webauthnChallengeExpired();
  return found.session;
}

async function registrationUser(ctx: AuthDeps, c: Context<AppEnv>): Promise<Authenticated> {
  requirePasskeys(ctx);
  const auth = await requireUser(ctx, c);
  if (auth.claims.is_anonymous === true) throw authErrors.noAuthorizationForbidden('Anonymous user not allowed to perform these actions');
  await requireManagementAal(ctx, auth);
  return auth;
}

/** Sign-in's user checks after the assertion (passkey_authentication.go): confirmed email, not banned. */
function checkSignInAllowed(user: { email: string | null; email_confirmed: boolean; banned: boolean }): void {
  if (user.email && !user.email_confirmed) throw authErrors.emailNotConfirmedForbidden();
  if (user.banned) throw authErrors.userBannedForbidden();
}

/**
 * The passkey ceremonies (internal/api/passkey_registration.go, passkey_authentication.go):
 * POST /passkeys/registration/options|verify for a signed-in member, and
 * POST /passkeys/authentication/options|verify for discoverable sign-in.
 */
export function mountPasskeys(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/passkeys/registration/options', jsonBody, async (c) => {
    const auth = await registrationUser(ctx, c);
    const existing = await ctx.db.transaction({ kind: 'system' }, (tx) => passkeysOf(tx, auth.user.id), { readOnly: true });
    if (existing.length >= ctx.settings.passkey.maxPerUser) throw authErrors.tooManyPasskeys();
    const { options, session } = await registrationOptions(ctx, auth.user, existing, 'passkey');
    const saved = await ctx.db.transaction({ kind: 'system' }, (tx) =>
      saveChallenge(tx, { userId: auth.user.id, type: 'registration', session }),
    );
    return c.json({ challenge_id: saved.id, options, expires_at: saved.expiresAt });
  });

  routes.post('/passkeys/registration/verify', jsonBody, async (c) => {
    const auth = await registrationUser(ctx, c);
    const { challengeId, credential } = ceremonyAnswer(await readBody(c));
    const session = await consume(ctx, challengeId, 'registration', auth.user.id);
    const created = await verifyRegistration(ctx, credential, session);
    const passkey = await ctx.db
      .transaction({ kind: 'system' }, async (tx: Tx) => {
        if ((await countPasskeys(tx, auth.user.id)) >= ctx.settings.passkey.maxPerUser) throw authErrors.tooManyPasskeys();
        return insertPasskey(tx, auth.user.id, created, passkeyFriendlyName(created.aaguid));
      })
      .catch((error: unknown) => {
        if (error instanceof DbError && error.code === '23505') throw authErrors.webauthnCredentialExists();
        throw error;
      });
    return c.json(passkey);
  });

  routes.post('/passkeys/authentication/options', jsonBody, async (c) => {
    requirePasskeys(ctx);
    await ctx.limiter.hit('passkey', clientIp(c));
    // Discoverable sign-in: no user yet, so no allowCredentials (BeginDiscoverableLogin).
    const { options, session } = await authenticationOptions(ctx, [], null);
    const saved = await ctx.db.transaction({ kind: 'system' }, (tx) =>
      saveChallenge(tx, { userId: null, type: 'authentication', session }),
    );
    return c.json({ challenge_id: saved.id, options, expires_at: saved.expiresAt });
  });

  routes.post('/passkeys/authentication/verify', jsonBody, async (c) => {
    requirePasskeys(ctx);
    const { challengeId, credential } = ceremonyAnswer(await readBody(c));
    const session = await consume(ctx, challengeId, 'authentication', null);
    // ValidatePasskeyLogin's handler: the user the assertion's user handle names, and its credential.
    const userId = responseUserHandle(credential);
    const credentialId = responseCredentialId(credential);
    const refused = () => authErrors.webauthnVerificationFailed('Credential verification failed');
    if (!isUuid(userId) || credentialId === '') throw refused();
    const stored = await ctx.db.transaction({ kind: 'system' }, (tx) => passkeyOfUser(tx, userId, credentialId), { readOnly: true });
    if (!stored) throw refused();
    const counter = await verifyAssertion(ctx, credential, session, stored);
    const meta = { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
    const issued = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const user = await loadUser(tx, 'u.id = $1', [userId]);
      if (!user || user.deleted) throw refused();
      checkSignInAllowed(user);
      // The counter moves forward once: a concurrent sign-in with the same signature count loses.
      const moved = await tx.query(
        `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now()
         where id = $1 and (sign_count < $2 or ($2 = 0 and sign_count = 0))`,
        [stored.rowId, counter],
      );
      if (moved.rowCount !== 1) throw refused();
      return createSession(tx, userId, 'passkey', meta);
    });
    return c.json(await toTokenResponse(ctx, issued));
  });
}
