import type { Database } from '../../db/types.ts';
import type { ServerConfig } from '../../lib/config.ts';
import type { Keys } from '../../lib/keys.ts';
import type { Logger } from '../../lib/log.ts';
import type { ExternalProvider } from './external/providers.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { RedirectPolicy } from './redirects.ts';
import type { AuthSettings } from './settings.ts';

/** Everything the auth routes share; built once per server by createAuthService. */
export interface AuthDeps {
  db: Database;
  keys: Keys;
  config: ServerConfig;
  log: Logger;
  settings: AuthSettings;
  redirects: RedirectPolicy;
  mailer: Mailer;
  limiter: RateLimiter;
  /** `[auth.external.*]` providers that are on, by name. */
  providers: Map<string, ExternalProvider>;
}

/** GoTrue's external URL: JWT issuer and the base of mail links. Read per use: the port is known only after listen. */
export function externalUrl(ctx: AuthDeps): string {
  return `${ctx.config.publicUrl}/auth/v1`;
}
