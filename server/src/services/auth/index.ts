import { Hono } from 'hono';
import { DbError } from '../../db/errors.ts';
import { isLoopbackHost } from '../../lib/config.ts';
import type { AppEnv, Service } from '../../lib/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { AuthDeps } from './auth-deps.ts';
import {
  apiVersionHeader,
  apiVersionOf,
  AuthError,
  authErrorAnswer,
  authErrors,
  OAuthProtocolError,
  renderAuthError,
  renderOAuthError,
} from './errors.ts';
import { readExternalProviders } from './external/providers.ts';
import { loadCustomTemplates } from './mail-templates.ts';
import { createMailbox, createMailboxService } from './mailbox.ts';
import { createMailer, smtpUrlOf } from './mailer.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createRedirectPolicy } from './redirects.ts';
import { mountAdminFactors } from './routes/admin-factors.ts';
import { mountAdmin } from './routes/admin.ts';
import { mountDisabledFeatures } from './routes/disabled-features.ts';
import { mountExternal } from './routes/external.ts';
import { mountIdentities } from './routes/identities.ts';
import { mountInvite } from './routes/invite.ts';
import { mountMailRoutes } from './routes/mail-routes.ts';
import { mountMeta } from './routes/meta.ts';
import { mountMfa } from './routes/mfa.ts';
import { mountOAuthAuthorize } from './routes/oauth-authorize.ts';
import { mountOAuthClients } from './routes/oauth-clients.ts';
import { mountOAuthGrants } from './routes/oauth-grants.ts';
import { mountOAuthToken } from './routes/oauth-token.ts';
import { mountPasskeyManagement } from './routes/passkey-manage.ts';
import { mountPasskeys } from './routes/passkeys.ts';
import { mountSignup } from './routes/signup.ts';
import { mountToken } from './routes/token.ts';
import { mountUser } from './routes/user.ts';
import { mountVerify } from './routes/verify.ts';
import { readAuthSettings } from './settings.ts';

/**
 * Supabase Auth (GoTrue) at /auth/v1, plus the local mailbox at /_dev/mail unless SMTP_URL
 * sends mail out. Users, sessions and tokens live in the `auth` schema, written with SQL.
 */
export function createAuthService(deps: ServiceDeps): Service[] {
  const settings = readAuthSettings(deps.config);
  const mailbox = smtpUrlOf(deps.config) ? null : createMailbox(deps.config.dataDir);
  const ctx: AuthDeps = {
    db: deps.db,
    keys: deps.keys,
    config: deps.config,
    log: deps.log,
    settings,
    redirects: createRedirectPolicy(settings),
    mailer: createMailer(deps.config, mailbox, {
      custom: loadCustomTemplates(deps.config, deps.log),
      get siteUrl() {
        return settings.siteUrl;
      },
    }),
    limiter: createRateLimiter(settings, deps.db),
    providers: readExternalProviders(
      deps.config,
      () => `${deps.config.publicUrl}/auth/v1/callback`,
      (m) => deps.log.warn(m),
    ),
  };
  const routes = new Hono<AppEnv>();
  mountMeta(ctx, routes);
  mountSignup(ctx, routes);
  mountDisabledFeatures(ctx, routes);
  mountToken(ctx, routes);
  mountUser(ctx, routes);
  mountVerify(ctx, routes);
  mountMailRoutes(ctx, routes);
  mountAdmin(ctx, routes);
  mountAdminFactors(ctx, routes);
  mountInvite(ctx, routes);
  mountExternal(ctx, routes);
  mountIdentities(ctx, routes);
  mountMfa(ctx, routes);
  mountPasskeys(ctx, routes);
  mountPasskeyManagement(ctx, routes);
  mountOAuthClients(ctx, routes);
  mountOAuthAuthorize(ctx, routes);
  mountOAuthToken(ctx, routes);
  mountOAuthGrants(ctx, routes);
  // Unknown paths below /auth/v1 answer as GoTrue does, not with the web app's fallback.
  routes.all('*', (c) => renderAuthError(c, authErrors.notFound()));
  routes.onError((error, c) => {
    if (error instanceof AuthError) return renderAuthError(c, error);
    if (error instanceof OAuthProtocolError) return renderOAuthError(error);
    // Two sign-ups racing for one address: the unique index decides, answered as GoTrue would.
    if (error instanceof DbError && error.code === '23505' && error.constraint === 'users_email_partial_key')
      return renderAuthError(c, authErrors.emailExists());
    if (error instanceof DbError && error.code === '53100') return renderAuthError(c, authErrors.insufficientStorage());
    deps.log.error(`auth ${c.req.method} ${new URL(c.req.url).pathname}`, error);
    return renderAuthError(c, authErrors.unexpected());
  });
  const auth: Service = {
    prefix: '/auth/v1',
    name: 'auth',
    routes,
    bodyTooLarge: (_limit, headers) => authErrorAnswer(authErrors.bodyTooLarge(), apiVersionOf(headers.get(apiVersionHeader))),
  };
  if (!mailbox) return [auth];
  // The mailbox is served on a loopback bind only, or when asked for explicitly (decision 100).
  const loopback = isLoopbackHost(deps.config.host);
  if (!loopback && !deps.config.mailboxAllowRemote) {
    deps.log.info(
      `mailbox: not served on ${deps.config.host} (not a loopback address); mail is kept in ${deps.config.dataDir}/mailbox.json, MAILBOX_ALLOW_REMOTE=1 serves it`,
    );
    return [{ ...auth, close: () => mailbox.flush() }];
  }
  if (!loopback)
    deps.log.warn(
      `mailbox: MAILBOX_ALLOW_REMOTE=1 serves /_dev/mail, with every sign-in code and recovery link, to anyone who can reach ${deps.config.host}`,
    );
  return [auth, createMailboxService(mailbox, { publicUrl: deps.config.publicUrl, anyHost: deps.config.mailboxAllowRemote })];
}
