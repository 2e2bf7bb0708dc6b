import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { requireAdmin } from '../sessions.ts';

/**
 * Features this server does not provide answer as GoTrue does when they are off: SAML SSO
 * (requireSAMLEnabled, 404 saml_provider_disabled) and Web3 sign-in (422 web3_provider_disabled).
 * Mounted before the token route so the Web3 grant is answered here.
 */
export function mountDisabledFeatures(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.use('/token', async (c, next) => {
    if (c.req.method === 'POST' && c.req.query('grant_type') === 'web3') throw authErrors.web3Disabled();
    await next();
  });
  routes.post('/sso', () => {
    throw authErrors.samlDisabled();
  });
  routes.all('/sso/saml/*', () => {
    throw authErrors.samlDisabled();
  });
  routes.all('/admin/sso/*', async (c) => {
    await requireAdmin(ctx, c);
    throw authErrors.samlDisabled();
  });
}
