import type { Tx } from '../../db/types.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authErrors } from './errors.ts';
import { elevateSession } from './mfa.ts';
import { objectField, stringField, type Body } from './request-input.ts';
import type { IssuedSession } from './tokens.ts';
import type { UserRow } from './user-json.ts';
import {
  authenticationOptions,
  registrationOptions,
  responseCredentialId,
  verifyAssertion,
  verifyRegistration,
  type CeremonySession,
  type NewCredential,
  type StoredCredential,
} from './webauthn.ts';

/**
 * WebAuthn as a second factor (internal/api/mfa.go challengeWebAuthnFactor, verifyWebAuthnFactor):
 * an unverified factor is challenged to create its credential, a verified one to sign with it.
 * The credential is kept in `auth.mfa_factors.web_authn_credential` in go-webauthn's JSON shape
 * (ids and keys in standard base64), so a dump moves between this server and GoTrue.
 */

interface StoredFactorCredential {
  id: string;
  publicKey: string;
  attestationType: string;
  transport: string[];
  flags: { userPresent: boolean; userVerified: boolean; backupEligible: boolean; backupState: boolean };
  authenticator: { AAGUID: string; signCount: number; cloneWarning: boolean; attachment: string };
}

export interface WebAuthnFactor {
  id: string;
  status: string;
  credential: StoredFactorCredential | null;
}

function toStored(c: StoredFactorCredential): StoredCredential {
  return {
    id: Buffer.from(c.id, 'base64').toString('base64url'),
    publicKey: new Uint8Array(Buffer.from(c.publicKey, 'base64')),
    counter: c.authenticator.signCount,
    transports: c.transport,
  };
}

function toFactorCredential(c: NewCredential): StoredFactorCredential {
  const aaguid = c.aaguid ?? '00000000-0000-0000-0000-000000000000';
  return {
    id: Buffer.from(c.id, 'base64url').toString('base64'),
    publicKey: Buffer.from(c.publicKey).toString('base64'),
    attestationType: c.attestationType,
    transport: c.transports,
    flags: { userPresent: true, userVerified: false, backupEligible: c.backupEligible, backupState: c.backedUp },
    authenticator: {
      AAGUID: Buffer.from(aaguid.replace(/-/g, ''), 'hex').toString('base64'),
      signCount: c.counter,
      cloneWarning: false,
      attachment: '',
    },
  };
}

/** The user's verified WebAuthn factors' credentials (User.WebAuthnCredentials). */
async function verifiedCredentials(tx: Tx, userId: string): Promise<StoredCredential[]> {
  const { rows } = await tx.query<{ credential: StoredFactorCredential }>(
    `select web_authn_credential as credential from auth.mfa_factors
     where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null`,
    [userId],
  );
  return rows.map((r) => toStored(r.credential));
}

/**
 * The challenge's options and the session to keep: creation options excluding the user's other
 * keys for an unverified factor, request options for this factor's own key for a verified one.
 */
export async function webauthnChallenge(
  ctx: AuthDeps,
  tx: Tx,
  user: UserRow,
  factor: WebAuthnFactor,
): Promise<{ type: 'create' | 'request'; publicKey: unknown; session: CeremonySession }> {
  if (factor.status !== 'verified') {
    const { options, session } = await registrationOptions(ctx, user, await verifiedCredentials(tx, user.id), 'factor');
    return { type: 'create', publicKey: options, session };
  }
  if (!factor.credential) throw authErrors.unexpectedMessage('WebAuthn factor has no credential');
  const { options, session } = await authenticationOptions(ctx, [toStored(factor.credential)], user.id);
  return { type: 'request', publicKey: options, session };
}

/** The `webauthn` member of a verify body, checked as verifyWebAuthnFactor does before any lookup. */
export function readWebAuthnAnswer(body: Body): { type: 'create' | 'request'; response: unknown } {
  const webauthn = objectField(body, 'webauthn');
  if (!webauthn) throw authErrors.validation('WebAuthn config required');
  const type = stringField(webauthn, 'type');
  if (type !== 'create' && type !== 'request') throw authErrors.validation('WebAuthn type must be create or request');
  const response = webauthn.credential_response;
  if (response === undefined || response === null) throw authErrors.validation('credential_response required');
  return { type, response };
}

export type CheckedAnswer = { kind: 'created'; credential: NewCredential } | { kind: 'signed'; counter: number };

/** Verifies the answer to `session` for the factor (no database work: done between two transactions). */
export async function checkWebAuthnAnswer(
  ctx: AuthDeps,
  factor: WebAuthnFactor,
  answer: { type: string; response: unknown },
  session: CeremonySession,
): Promise<CheckedAnswer> {
  const refused = () => authErrors.webauthnVerificationFailed('WebAuthn verification failed');
  const expected = factor.status === 'verified' ? 'request' : 'create';
  if (answer.type !== expected) throw refused();
  if (expected === 'create') return { kind: 'created', credential: await verifyRegistration(ctx, answer.response, session) };
  if (!factor.credential) throw refused();
  const stored = toStored(factor.credential);
  if (responseCredentialId(answer.response) !== stored.id) throw refused();
  return { kind: 'signed', counter: await verifyAssertion(ctx, answer.response, session, stored) };
}

/**
 * Stores the verified factor's new credential (or its moved counter: a signature count that did
 * not grow since the check loses) and elevates the session to aal2, in the caller's transaction.
 */
export async function recordWebAuthnFactor(
  tx: Tx,
  input: { userId: string; sessionId: string; factorId: string; checked: CheckedAnswer; answer: { type: string; response: unknown } },
): Promise<IssuedSession> {
  const { checked, factorId } = input;
  if (checked.kind === 'created') {
    await tx.query(
      `update auth.mfa_factors set status = 'verified', web_authn_credential = $2::jsonb, web_authn_aaguid = $3::uuid, updated_at = now()
       where id = $1`,
      [factorId, JSON.stringify(toFactorCredential(checked.credential)), checked.credential.aaguid],
    );
  } else {
    const moved = await tx.query(
      `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential, '{authenticator,signCount}', to_jsonb($2::bigint)),
         updated_at = now()
       where id = $1 and ((web_authn_credential #>> '{authenticator,signCount}')::bigint < $2 or $2 = 0)`,
      [factorId, checked.counter],
    );
    if (moved.rowCount !== 1) throw authErrors.webauthnVerificationFailed('WebAuthn verification failed');
  }
  await tx.query(
    `update auth.mfa_factors set last_webauthn_challenge_data = jsonb_build_object('type', $2::text, 'credential_response', $3::jsonb)
     where id = $1`,
    [factorId, input.answer.type, JSON.stringify(input.answer.response)],
  );
  return elevateSession(tx, { userId: input.userId, sessionId: input.sessionId, factorId, factorType: 'webauthn', method: 'mfa/webauthn' });
}
