import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { oauthProviderNames } from '../external/providers.ts';

/** The keys of `/settings`' `external`, in GoTrue's order: anonymous sign-in, every OAuth provider, then email and phone. */
const externalProviders: readonly string[] = ['anonymous_users', ...oauthProviderNames, 'email', 'phone'];

/** GET /health, /settings and /.well-known/jwks.json (internal/api/api.go, settings.go, jwks.go). */
export function mountMeta(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
  // The public halves of every asymmetric key, current and rotated out; never the HS256 secret (jwks.go).
  routes.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: ctx.keys.signing.jwks });
  });
  routes.get('/settings', (c) => {
    const { settings } = ctx;
    const external = Object.fromEntries(externalProviders.map((p) => [p, false]));
    external.email = settings.emailEnableSignup;
    external.anonymous_users = settings.enableAnonymousSignIns;
    for (const name of ctx.providers.keys()) external[name] = true;
    return c.json({
      external,
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: !settings.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: settings.passkey.enabled,
    });
  });
}
