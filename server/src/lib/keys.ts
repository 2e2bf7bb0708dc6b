import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { ServerConfig } from './config.ts';

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export interface Keys {
  secret: Uint8Array;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
}

/** `{"iss":"supabase-demo","role":…,"exp":1983812996}` signed with the secret: with the default secret these are the CLI's well-known keys. */
async function demoKey(secret: Uint8Array, role: string): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export async function createKeys(config: ServerConfig): Promise<Keys> {
  const secret = new TextEncoder().encode(config.jwtSecret);
  return {
    secret,
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

/** Verifies an HS256 JWT with the project secret; expired and malformed tokens are refused. */
export async function verifyJwt(keys: Keys, token: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] });
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

async function fromOpaqueKey(keys: Keys, key: string): Promise<RequestAuth> {
  if (key === keys.secretKey) return { role: 'service_role', claims: { role: 'service_role' }, token: keys.serviceRoleKey };
  if (key === keys.publishableKey) return { role: 'anon', claims: { role: 'anon' }, token: keys.anonKey };
  throw new TokenError('unknown_key', 'Invalid API key');
}

async function fromJwt(keys: Keys, token: string): Promise<RequestAuth> {
  const claims = await verifyJwt(keys, token);
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return { role, claims, token };
}

/**
 * Who a request is, the way Supabase's gateway and PostgREST decide it (CLI kong.yml):
 * an `Authorization: Bearer <jwt>` wins unless it is an opaque `sb_` key; otherwise the
 * `apikey` (opaque keys translate to the anon / service_role JWT); no key at all is anon.
 */
export async function resolveRequestAuth(
  keys: Keys,
  headers: { authorization?: string | null; apikey?: string | null },
): Promise<RequestAuth> {
  const token = bearer(headers.authorization);
  if (token && !token.startsWith('sb_')) return fromJwt(keys, token);
  if (token?.startsWith('sb_')) return fromOpaqueKey(keys, token);
  const apikey = headers.apikey?.trim();
  if (apikey?.startsWith('sb_')) return fromOpaqueKey(keys, apikey);
  if (apikey) return fromJwt(keys, apikey);
  return { role: 'anon', claims: { role: 'anon' }, token: null };
}
