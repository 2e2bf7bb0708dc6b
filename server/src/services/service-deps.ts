import type { Database } from '../db/types.ts';
import type { ServerConfig } from '../lib/config.ts';
import type { Keys } from '../lib/keys.ts';
import type { Logger } from '../lib/log.ts';
import type { ServerMetrics } from '../lib/metrics.ts';
import type { Service } from '../lib/service.ts';

/** What each service gets: services never import each other, they share through these. */
export interface ServiceDeps {
  config: ServerConfig;
  db: Database;
  keys: Keys;
  log: Logger;
  metrics: ServerMetrics;
  /** True when this boot created the database (seed data applies, as `supabase start` seeds). */
  freshDatabase: boolean;
}

export type ServiceFactory = (deps: ServiceDeps) => Service | Service[] | Promise<Service | Service[]>;
