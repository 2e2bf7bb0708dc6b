import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { Database } from '../db/types.ts';
import type { ServerConfig } from './config.ts';
import type { Keys } from './keys.ts';
import type { Logger } from './log.ts';
import type { ServerMetrics } from './metrics.ts';

/** Hono environment for every route: node-server's raw request/response are in `c.env`. */
export type AppEnv = { Bindings: { incoming: IncomingMessage; outgoing: unknown } };

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

export interface Service {
  /** URL prefix, e.g. `/auth/v1`; routes are mounted below it. */
  prefix: string;
  routes: Hono<AppEnv>;
  /** The service answers CORS itself (edge functions do, as hosted): no gateway CORS on its routes. */
  ownCors?: boolean;
  /** Takes a WebSocket upgrade below the prefix; returns false to refuse it. */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** Runs after the database is ready, before the server listens. */
  start?: () => Promise<void>;
  close?: () => Promise<void>;
}

export type ServiceFactory = (deps: ServiceDeps) => Service | Service[] | Promise<Service | Service[]>;
