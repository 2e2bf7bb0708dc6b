import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';

/** Hono environment for every route: node-server's raw request/response are in `c.env`. */
export type AppEnv = { Bindings: { incoming: IncomingMessage; outgoing: unknown } };

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
