import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../../lib/service.ts';
import { externalUrl, type AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { oauthProviderNames } from '../external/providers.ts';
import { supportedScopes } from './oauth-authorize.ts';

const idTokenClaims = [
  'sub',
  'aud',
  'iss',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'email',
  'email_verified',
  'phone_number',
  'phone_number_verified',
  'name',
  'picture',
  'preferred_username',
  'updated_at',
];

/** The keys of `/settings`' `external`, in GoTrue's order: anonymous sign-in, every OAuth provider, then email and phone. */
const externalProviders: readonly string[] = ['anonymous_users', ...oauthProviderNames, 'email', 'phone'];

/** GET /health, /settings, /.well-known/jwks.json and the OpenID discovery document (internal/api/api.go, settings.go, jwks.go). */
export function mountMeta(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
  // The public halves of every asymmetric key, current and rotated out; never the HS256 secret (jwks.go).
  routes.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: ctx.keys.signing.jwks });
  });
  // OIDC Discovery and RFC 8414 metadata, one answer for both (jwks.go WellKnownOpenID).
  const discovery = (c: Context<AppEnv>) => {
    const issuer = externalUrl(ctx);
    const { oauthServer } = ctx.settings;
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      ...(oauthServer.enabled && oauthServer.allowDynamicRegistration ? { registration_endpoint: `${issuer}/oauth/clients/register` } : {}),
      scopes_supported: supportedScopes,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'HS256', 'ES256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      claims_supported: idTokenClaims,
      code_challenge_methods_supported: ['S256', 'plain'],
    });
  };
  routes.get('/.well-known/openid-configuration', discovery);
  routes.get('/.well-known/oauth-authorization-server', (c) => {
    if (!ctx.settings.oauthServer.enabled) throw authErrors.featureDisabled('OAuth server is disabled');
    return discovery(c);
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
