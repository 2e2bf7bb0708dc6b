import { errors as joseErrors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { tomlValue, type ServerConfig } from './config.ts';
import { readSigningKeys, type SigningKey, type SigningKeySet } from './signing-keys.ts';

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export interface Keys {
  secret: Uint8Array;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** Asymmetric keys: the one that signs access tokens and every one that still verifies (decision 180). */
  signing: SigningKeySet;
  /** Set when this start wrote a new key set because signing_keys_path named a missing file. */
  generatedKeyFile: string | null;
}

/** `{"iss":"supabase-demo","role":…,"exp":1983812996}` signed with the secret: with the default secret these are the CLI's well-known keys. */
async function demoKey(secret: Uint8Array, role: string): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export async function createKeys(config: ServerConfig): Promise<Keys> {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const { set, generated } = await readSigningKeys(config.projectDir, tomlValue(config.toml, 'auth.signing_keys_path', ''));
  return {
    secret,
    signing: set,
    generatedKeyFile: generated,
    anonKey: config.anonKeyOverride ?? (await demoKey(secret, 'anon')),
    serviceRoleKey: config.serviceRoleKeyOverride ?? (await demoKey(secret, 'service_role')),
    publishableKey: config.publishableKey,
    secretKey: config.secretKey,
  };
}

export class TokenError extends Error {
  /** `missing` never happens for a request: no key at all means anon, as the CLI's local stack does. */
  readonly reason: 'invalid' | 'expired' | 'unknown_key';
  constructor(reason: TokenError['reason'], message: string) {
    super(message);
    this.name = 'TokenError';
    this.reason = reason;
  }
}

/** The algorithms every service accepts (the CLI's GOTRUE_JWT_VALID_METHODS). */
export const validJwtAlgorithms = ['HS256', 'RS256', 'ES256'];

/**
 * The key a token verifies with, as GoTrue's parseJWTClaims picks it: the key its `kid` names
 * (current or rotated out), else the legacy secret for an HS256 token; anything else is refused.
 */
export function verificationKey(keys: Keys, header: JWTHeaderParameters): SigningKey['key'] {
  const known = header.kid === undefined ? undefined : keys.signing.verifiers.get(header.kid);
  if (known && known.alg === header.alg) return known.key;
  if (header.alg === 'HS256') return keys.secret;
  throw new joseErrors.JWKSNoMatchingKey(`unrecognized JWT kid ${header.kid ?? '<nil>'} for algorithm ${header.alg}`);
}

/** `jwtVerify` with the project's keys: HS256 with the secret, ES256/RS256 with the key set. */
export function verifyWithProjectKeys(keys: Keys, token: string) {
  return jwtVerify(token, (header) => verificationKey(keys, header), { algorithms: validJwtAlgorithms });
}

/** Signs claims with the current signing key, its `kid` in the header, as GoTrue signs access tokens. */
export async function signWithCurrentKey(keys: Keys, claims: Record<string, unknown>): Promise<string> {
  const { signer } = keys.signing;
  return new SignJWT(claims).setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' }).sign(signer.key);
}

/**
 * Tokens whose signature was verified, by their exact text, per key set (keys are fixed for a
 * server's life): verifying a JWT through WebCrypto costs about 150 µs for HS256 and 280 µs for
 * ES256, most of a REST request's own work, and a client sends the same token with every request
 * until it refreshes it (PostgREST's `jwt-cache-max-lifetime` caches the same way). Only tokens
 * that verified are kept, so a flood of made-up ones never grows it; `exp` and `nbf` are checked
 * again on every use; the oldest entry leaves past `verifiedLimit` (decision 436).
 */
const verifiedTokens = new WeakMap<Keys, Map<string, Claims>>();
const verifiedLimit = 10_000;

/** The kept claims are read by `knownRequestAuth`'s callers as they are: frozen, so none can change them for the next. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Whether claims that verified are still in force now (jose's rules: exp is exclusive, nbf inclusive, no leeway). */
function inForce(claims: Claims): boolean {
  const now = Math.floor(Date.now() / 1000);
  return !(typeof claims.exp === 'number' && claims.exp <= now) && !(typeof claims.nbf === 'number' && claims.nbf > now);
}

/** Verifies a JWT with the project's keys; expired and malformed tokens are refused. Each caller gets claims of its own. */
export async function verifyJwt(keys: Keys, token: string): Promise<Claims> {
  let verified = verifiedTokens.get(keys);
  if (!verified) verifiedTokens.set(keys, (verified = new Map()));
  const known = verified.get(token);
  if (known && inForce(known)) return structuredClone(known);
  if (known) verified.delete(token);
  try {
    const { payload } = await verifyWithProjectKeys(keys, token);
    if (verified.size >= verifiedLimit) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, deepFreeze(structuredClone(payload) as Claims));
    return payload as Claims;
  } catch (error: unknown) {
    if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired', 'JWT expired');
    throw new TokenError('invalid', error instanceof Error ? error.message : 'invalid JWT');
  }
}

export interface RequestAuth {
  /** Database role the request runs as. */
  role: string;
  claims: Claims;
  /** The bearer JWT the role came from (after translating opaque keys), if any. */
  token: string | null;
}

function bearer(authorization: string | null | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1]?.trim() ?? null;
}

type PresentedHeaders = { authorization?: string | null; apikey?: string | null };

/** The key a request presents: a bearer token, else its `apikey`; `null` for none (CLI kong.yml). */
function presentedToken(headers: PresentedHeaders): string | null {
  return bearer(headers.authorization) ?? (headers.apikey?.trim() || null);
}

/** The role an opaque key stands for and the JWT it translates to; `null` for a key this project does not have. */
function opaqueKey(keys: Keys, key: string): { role: 'anon' | 'service_role'; token: string } | null {
  if (key === keys.secretKey) return { role: 'service_role', token: keys.serviceRoleKey };
  if (key === keys.publishableKey) return { role: 'anon', token: keys.anonKey };
  return null;
}

/** A token's database role: its `role` claim, anon without one. */
function roleOf(claims: Readonly<Claims>): string {
  return typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
}

async function fromOpaqueKey(keys: Keys, key: string): Promise<RequestAuth> {
  const opaque = opaqueKey(keys, key);
  if (!opaque) throw new TokenError('unknown_key', 'Invalid API key');
  return { role: opaque.role, claims: { role: opaque.role }, token: opaque.token };
}

async function fromJwt(keys: Keys, token: string): Promise<RequestAuth> {
  const claims = await verifyJwt(keys, token);
  return { role: roleOf(claims), claims, token };
}

/**
 * Who a request is, without waiting, when nothing needs verifying: no key, the project's
 * opaque keys, or a JWT that verified before and is still in force — the case of nearly every
 * request, since a client sends the same token until it refreshes it. Its claims are the kept
 * ones, frozen: read them, never change them. `null` when `resolveRequestAuth` must decide
 * (a token not seen yet, expired or made up, an unknown key), with its errors (decision 449).
 */
export function knownRequestAuth(
  keys: Keys,
  headers: PresentedHeaders,
): { role: string; claims: Readonly<Claims>; token: string | null } | null {
  const token = presentedToken(headers);
  if (token === null) return { role: 'anon', claims: keptRoleClaims.anon, token: null };
  if (token.startsWith('sb_')) {
    const opaque = opaqueKey(keys, token);
    return opaque && { role: opaque.role, claims: keptRoleClaims[opaque.role], token: opaque.token };
  }
  const claims = verifiedTokens.get(keys)?.get(token);
  if (!claims || !inForce(claims)) return null;
  return { role: roleOf(claims), claims, token };
}
const keptRoleClaims: Record<'anon' | 'service_role', Readonly<Claims>> = {
  anon: Object.freeze({ role: 'anon' }),
  service_role: Object.freeze({ role: 'service_role' }),
};

/**
 * Who a request is, the way Supabase's gateway and PostgREST decide it (CLI kong.yml):
 * an `Authorization: Bearer <jwt>` wins unless it is an opaque `sb_` key; otherwise the
 * `apikey` (opaque keys translate to the anon / service_role JWT); no key at all is anon.
 */
export async function resolveRequestAuth(keys: Keys, headers: PresentedHeaders): Promise<RequestAuth> {
  const token = presentedToken(headers);
  if (token === null) return { role: 'anon', claims: { role: 'anon' }, token: null };
  return token.startsWith('sb_') ? fromOpaqueKey(keys, token) : fromJwt(keys, token);
}
