import { errors as joseErrors } from 'jose';
import { resolveRequestAuth, TokenError, verifyWithProjectKeys, type Claims, type Keys } from '../../lib/keys.ts';
import { connectErrors, tokenErrors, type ChannelTokenError } from './errors.ts';

export interface VerifiedToken {
  token: string;
  claims: Claims;
  role: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Realtime's own check of a JWT (`channels/auth/channels_authorization.ex` authorize_conn):
 * valid signature, not expired, and both `role` and `exp` present.
 */
export async function verifyRealtimeToken(keys: Keys, token: string): Promise<VerifiedToken> {
  let claims: Claims;
  try {
    const { payload } = await verifyWithProjectKeys(keys, token.replace(/\s/g, ''));
    claims = payload as Claims;
  } catch (error: unknown) {
    throw channelTokenError(error);
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') throw tokenErrors.missingClaims();
  return { token, claims, role: claims.role, exp: claims.exp };
}

function channelTokenError(error: unknown): ChannelTokenError {
  if (error instanceof joseErrors.JWTExpired) {
    const exp = typeof error.payload.exp === 'number' ? error.payload.exp : 0;
    return tokenErrors.expired(Math.max(0, Math.floor(Date.now() / 1000) - exp));
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return tokenErrors.signature();
  return tokenErrors.malformed();
}

/**
 * The connect-time check (`user_socket.ex` connect): the key comes from `x-api-key` or the
 * `apikey` query parameter. Opaque `sb_` keys are first translated to their JWT, as
 * Supabase's gateway does before Realtime sees the request.
 */
export async function authenticateConnect(keys: Keys, apikey: string | null): Promise<VerifiedToken> {
  if (!apikey) throw connectErrors.missingApiKey();
  let token = apikey;
  if (apikey.startsWith('sb_')) {
    try {
      token = (await resolveRequestAuth(keys, { apikey })).token ?? '';
    } catch (error: unknown) {
      if (error instanceof TokenError) throw connectErrors.invalidApiKey();
      throw error;
    }
  }
  try {
    return await verifyRealtimeToken(keys, token);
  } catch (error: unknown) {
    if (!(error instanceof Error) || !('code' in error)) throw error;
    if (error.code === 'InvalidJWTToken')
      throw error.message.startsWith('Token has expired') ? connectErrors.expiredToken() : connectErrors.missingClaims();
    if (error.code === 'JwtSignatureError') throw connectErrors.signature();
    throw connectErrors.malformed();
  }
}
