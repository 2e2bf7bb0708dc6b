import { jwtVerify, SignJWT } from 'jose';
import type { Keys } from '../../lib/keys.ts';
import { errors } from './errors.ts';

export type Scope = 'download' | 'upload';

export interface SignedToken {
  url: string;
  exp: number;
  scope?: Scope;
  owner?: string;
  upsert?: boolean;
  /** A signed render URL's transformation (`height:200,width:200,resize:…`). */
  transformations?: string;
}

/** Signs `{…, url, scope}` with the project secret for `expiresIn` seconds (internal/auth/jwt.ts signJWT). */
export async function signToken(keys: Keys, claims: Record<string, unknown>, expiresIn: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(keys.secret);
}

/**
 * Checks a signed URL token as object.ts verifyObjectSignature: a bad or expired JWT is
 * InvalidJWT (jose's message), a token of the other scope or for another path InvalidSignature.
 */
export async function verifyToken(keys: Keys, token: string | undefined, url: string, scope: Scope): Promise<SignedToken> {
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token ?? '', keys.secret, { algorithms: ['HS256'] })).payload;
  } catch (error: unknown) {
    throw errors.invalidJwt(error instanceof Error ? error.message : 'Invalid JWT');
  }
  // Legacy tokens without a scope: upload tokens are the ones carrying `upsert`.
  const hasScope =
    scope === 'upload'
      ? payload.scope === 'upload' || (payload.scope === undefined && 'upsert' in payload)
      : payload.scope === 'download' || (payload.scope === undefined && !('upsert' in payload));
  if (!hasScope) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== url) throw errors.invalidSignature();
  const exp = typeof payload.exp === 'number' ? payload.exp : 0;
  if (exp * 1000 < Date.now()) throw errors.expiredSignature();
  return {
    url,
    exp,
    scope,
    ...(typeof payload.owner === 'string' ? { owner: payload.owner } : {}),
    upsert: payload.upsert === true,
    ...(typeof payload.transformations === 'string' ? { transformations: payload.transformations } : {}),
  };
}

/** `expiresIn` must be a positive integer of seconds (assertValidNumericJWTExpiration). */
export function mustBeExpiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw errors.invalidRequest('body/expiresIn must be >= 1');
  return value;
}
