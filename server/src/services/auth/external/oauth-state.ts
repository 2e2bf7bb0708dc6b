import { jwtVerify, SignJWT } from 'jose';
import type { AuthDeps } from '../auth-deps.ts';

/** ExternalProviderClaims (internal/api/external.go): the `state` the provider hands back, HS256 with the JWT secret, 5 minutes. */
export interface StateClaims {
  provider: string;
  referrer: string;
  flow_state_id: string;
  linking_target_id?: string;
}

const stateLifetimeSeconds = 300;

export async function signState(ctx: AuthDeps, claims: StateClaims): Promise<string> {
  return new SignJWT({
    site_url: ctx.settings.siteUrl,
    id: '00000000-0000-0000-0000-000000000000',
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + stateLifetimeSeconds)
    .sign(ctx.keys.secret);
}

/** loadExternalState: only an unexpired HS256 state this server signed, naming a provider. */
export async function readState(ctx: AuthDeps, state: string): Promise<StateClaims | null> {
  try {
    const { payload } = await jwtVerify(state, ctx.keys.secret, { algorithms: ['HS256'] });
    if (typeof payload.provider !== 'string' || payload.provider === '') return null;
    return {
      provider: payload.provider,
      referrer: typeof payload.referrer === 'string' ? payload.referrer : '',
      flow_state_id: typeof payload.flow_state_id === 'string' ? payload.flow_state_id : '',
      linking_target_id: typeof payload.linking_target_id === 'string' ? payload.linking_target_id : undefined,
    };
  } catch {
    return null;
  }
}
