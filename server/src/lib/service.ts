import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { RequestHeaders } from './request-headers.ts';

/** Hono environment for every route: node-server's raw request/response are in `c.env`. */
export type AppEnv = { Bindings: { incoming: IncomingMessage; outgoing: unknown } };

/** A request handed to a service straight from Node's HTTP server (decision 261). */
export interface DirectRequest {
  incoming: IncomingMessage;
  /** The path below the service's prefix, e.g. `/places`, as sent (it needs no decoding or normalizing). */
  path: string;
  /** The query string as sent, without its `?`. */
  rawSearch: string;
  headers: RequestHeaders;
}

/** What the app writes to Node's response for a service: no Fetch `Response` in between. */
export interface DirectAnswer {
  status: number;
  /** Header names and values in turn, as Node's `writeHead` takes them. */
  headers: string[];
  body: string | null;
}

export interface Service {
  /** URL prefix, e.g. `/auth/v1`; routes are mounted below it. */
  prefix: string;
  routes: Hono<AppEnv>;
  /** The service answers CORS itself (edge functions do, as hosted): no gateway CORS on its routes. */
  ownCors?: boolean;
  /**
   * Answers a request below the prefix straight from Node's request, when its URL and host are
   * ones Hono would take as they are; `routes` answers the others and in-process calls. The app
   * adds what its middleware adds (CORS, metrics, the request log, the caller's address).
   */
  direct?: (request: DirectRequest) => Promise<DirectAnswer>;
  /** Takes a WebSocket upgrade below the prefix; returns false to refuse it. */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** Runs after the database is ready, before the server listens. */
  start?: () => Promise<void>;
  close?: () => Promise<void>;
}
