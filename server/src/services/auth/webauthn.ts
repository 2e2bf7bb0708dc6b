import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AuthDeps } from './auth-deps.ts';
import { authErrors } from './errors.ts';
import type { UserRow } from './user-json.ts';

/**
 * The WebAuthn ceremonies of passkeys and WebAuthn factors, verified by @simplewebauthn/server
 * where GoTrue uses go-webauthn. The relying party is `[auth.webauthn]` (GoTrue's
 * GOTRUE_WEBAUTHN_RP_*), never what a client says about itself.
 */

/**
 * @simplewebauthn/server and the certificate parsers under it are some 300 modules: loaded with
 * the first ceremony, not with every server start (decision 457).
 */
const simpleWebAuthn = (): Promise<typeof SimpleWebAuthn> => import('@simplewebauthn/server');

/** A stored credential: its id (base64url), COSE public key, signature counter and transports. */
export interface StoredCredential {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/** What the server keeps of a ceremony until it is answered (go-webauthn's SessionData keys). */
export interface CeremonySession {
  challenge: string;
  rpId: string;
  /** base64url of the user handle, '' for a discoverable sign-in. */
  user_id: string;
  /** base64url credential ids the ceremony may be answered with ([] for any). */
  allowed_credentials: string[];
  userVerification: 'preferred' | 'required' | 'discouraged';
  expires: string;
}

export interface NewCredential extends StoredCredential {
  aaguid: string | null;
  attestationType: string;
  backupEligible: boolean;
  backedUp: boolean;
}

/** COSE algorithms offered, most common first: ES256, EdDSA, RS256 (go-webauthn offers these among others). */
const algorithms = [-7, -8, -257];

/** The user handle is the user id's text, as GoTrue's User.WebAuthnID ([]byte(user.ID.String())). */
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

/** webAuthnUser.WebAuthnName / WebAuthnDisplayName (passkey_webauthn.go): email, else phone; `name` from metadata when set. */
function userNames(user: UserRow): { name: string; displayName: string } {
  const name = user.email || user.phone || '';
  const metaName = user.user_metadata.name;
  return { name, displayName: typeof metaName === 'string' && metaName !== '' ? metaName : name };
}

function session(ctx: AuthDeps, challenge: string, userId: string | null, allowed: string[], uv: CeremonySession['userVerification']) {
  const expires = new Date(Date.now() + ctx.settings.webauthn.challengeExpirySeconds * 1000).toISOString();
  const user = userId ? Buffer.from(userHandle(userId)).toString('base64url') : '';
  return { challenge, rpId: ctx.settings.webauthn.rpId, user_id: user, allowed_credentials: allowed, userVerification: uv, expires };
}

/**
 * Creation options for a new credential of `user`, excluding the ones already registered:
 * a passkey must be discoverable (residentKey required), a second factor need not be.
 */
export async function registrationOptions(
  ctx: AuthDeps,
  user: UserRow,
  exclude: StoredCredential[],
  kind: 'passkey' | 'factor',
): Promise<{ options: Awaited<ReturnType<typeof SimpleWebAuthn.generateRegistrationOptions>>; session: CeremonySession }> {
  const { rpId, rpDisplayName, challengeExpirySeconds } = ctx.settings.webauthn;
  const names = userNames(user);
  const { generateRegistrationOptions } = await simpleWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rpDisplayName,
    rpID: rpId,
    userID: userHandle(user.id),
    userName: names.name,
    userDisplayName: names.displayName,
    timeout: challengeExpirySeconds * 1000,
    attestationType: 'none',
    excludeCredentials: exclude.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection:
      kind === 'passkey'
        ? { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' }
        : { residentKey: 'discouraged', requireResidentKey: false, userVerification: 'preferred' },
    supportedAlgorithmIDs: algorithms,
  });
  return { options, session: session(ctx, options.challenge, user.id, [], 'preferred') };
}

/** Request options: any discoverable credential (passkey sign-in) or only `allow` (a factor's challenge). */
export async function authenticationOptions(
  ctx: AuthDeps,
  allow: StoredCredential[],
  userId: string | null,
): Promise<{ options: Awaited<ReturnType<typeof SimpleWebAuthn.generateAuthenticationOptions>>; session: CeremonySession }> {
  const { rpId, challengeExpirySeconds } = ctx.settings.webauthn;
  const { generateAuthenticationOptions } = await simpleWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    timeout: challengeExpirySeconds * 1000,
    userVerification: 'preferred',
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports })),
  });
  const allowed = allow.map((c) => c.id);
  return { options, session: session(ctx, options.challenge, userId, allowed, 'preferred') };
}

/** The relying party a response must name: the session's id and the configured origins. */
function expectations(ctx: AuthDeps, stored: CeremonySession) {
  return {
    expectedChallenge: stored.challenge,
    expectedOrigin: ctx.settings.webauthn.rpOrigins,
    expectedRPID: stored.rpId,
    requireUserVerification: stored.userVerification === 'required',
  };
}

/** Verifies a `navigator.credentials.create()` answer; any fault is GoTrue's "Credential verification failed". */
export async function verifyRegistration(ctx: AuthDeps, response: unknown, stored: CeremonySession): Promise<NewCredential> {
  let info;
  try {
    const { verifyRegistrationResponse } = await simpleWebAuthn();
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      ...expectations(ctx, stored),
      supportedAlgorithmIDs: algorithms,
    });
    if (!result.verified) throw new Error('not verified');
    info = result.registrationInfo;
  } catch {
    throw authErrors.webauthnVerificationFailed('Credential verification failed');
  }
  const zeroAaguid = /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(info.aaguid);
  return {
    id: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    aaguid: zeroAaguid ? null : info.aaguid,
    attestationType: info.fmt === 'none' ? 'none' : info.fmt,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
  };
}

/**
 * Verifies a `navigator.credentials.get()` answer against the stored credential and returns the
 * authenticator's new signature counter. A counter that did not grow is refused (a cloned
 * authenticator), where go-webauthn only flags it.
 */
export async function verifyAssertion(
  ctx: AuthDeps,
  response: unknown,
  stored: CeremonySession,
  credential: StoredCredential,
): Promise<number> {
  try {
    const { verifyAuthenticationResponse } = await simpleWebAuthn();
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expectations(ctx, stored),
      credential: { id: credential.id, publicKey: new Uint8Array(credential.publicKey), counter: credential.counter },
    });
    if (!result.verified) throw new Error('not verified');
    return result.authenticationInfo.newCounter;
  } catch {
    throw authErrors.webauthnVerificationFailed('Credential verification failed');
  }
}

/** The credential id a response names (its `rawId`, else `id`), as base64url; '' when it has none. */
export function responseCredentialId(response: unknown): string {
  if (!response || typeof response !== 'object') return '';
  const { id, rawId } = response as { id?: unknown; rawId?: unknown };
  const value = typeof rawId === 'string' && rawId !== '' ? rawId : typeof id === 'string' ? id : '';
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? value.replace(/=+$/, '') : '';
}

/** The user handle an assertion carries (base64url of the user id's text), decoded; '' when absent. */
export function responseUserHandle(response: unknown): string {
  if (!response || typeof response !== 'object') return '';
  const inner = (response as { response?: unknown }).response;
  if (!inner || typeof inner !== 'object') return '';
  const handle = (inner as { userHandle?: unknown }).userHandle;
  if (typeof handle !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(handle)) return '';
  return Buffer.from(handle, 'base64url').toString('utf8');
}
