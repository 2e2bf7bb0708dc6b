import type { Context } from 'hono';
import type { TxIdentity } from '../../db/types.ts';
import { resolveRequestAuth, TokenError, type Claims, type Keys } from '../../lib/keys.ts';
import type { AppEnv } from '../../lib/service.ts';
import { errors } from './errors.ts';

/** Who a storage request runs as (supabase/storage `src/http/plugins/jwt.ts`). */
export interface Caller {
  role: string;
  claims: Claims;
  token: string | null;
  /** JWT `sub`: becomes `owner_id` (and `owner` when it is a uuid). */
  owner: string | undefined;
  /** A valid JWT came with the request (routes that allow anonymous access branch on it). */
  isAuthenticated: boolean;
}

const anonymous: Caller = { role: 'anon', claims: { role: 'anon' }, token: null, owner: undefined, isAuthenticated: false };

/** jose's wording, which upstream passes through (`"exp" claim timestamp check failed`). */
function tokenMessage(error: TokenError): string {
  if (error.reason === 'expired') return '"exp" claim timestamp check failed';
  return error.message;
}

/**
 * Resolves the caller as the gateway + storage's jwt plugin do. An invalid token is
 * AccessDenied (logical 403, HTTP 400) unless the route allows anonymous access, where it
 * degrades to anon (`allowInvalidJwt`). No key at all is treated as that empty token: anon
 * where invalid tokens are allowed, AccessDenied "Invalid Compact JWS" elsewhere, as the CLI.
 */
export async function resolveCaller(keys: Keys, c: Context<AppEnv>, options: { allowInvalidJwt?: boolean } = {}): Promise<Caller> {
  try {
    const auth = await resolveRequestAuth(keys, { authorization: c.req.header('authorization'), apikey: c.req.header('apikey') });
    if (!auth.token) {
      if (options.allowInvalidJwt) return anonymous;
      // No bearer and no key: storage verifies an empty token, and jose calls it this.
      throw errors.accessDenied('Invalid Compact JWS');
    }
    const sub = typeof auth.claims.sub === 'string' && auth.claims.sub !== '' ? auth.claims.sub : undefined;
    return { role: auth.role, claims: auth.claims, token: auth.token, owner: sub, isAuthenticated: true };
  } catch (error: unknown) {
    if (!(error instanceof TokenError)) throw error;
    if (options.allowInvalidJwt) return anonymous;
    throw errors.accessDenied(tokenMessage(error));
  }
}

/** The request settings storage's `scope.ts` sets, so policies see the same context as hosted. */
export function callerIdentity(caller: Caller, operation: string, c: Context<AppEnv>): TxIdentity {
  return {
    kind: 'request',
    role: caller.role,
    claims: caller.claims,
    settings: [
      ['request.jwt.claim.role', caller.role],
      ['request.jwt.claim.sub', caller.owner ?? ''],
      ['request.jwt', caller.token ?? ''],
      ['request.method', c.req.method],
      ['request.path', new URL(c.req.url).pathname.replace(/^\/storage\/v1/, '')],
      ['storage.operation', operation],
      ['storage.allow_delete_query', 'true'],
    ],
  };
}

/** Storage's own writes run as the database owner, with deletes allowed (protect_delete). */
export const systemIdentity: TxIdentity = { kind: 'system' };

export function isUuid(value: string | undefined): boolean {
  return !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
