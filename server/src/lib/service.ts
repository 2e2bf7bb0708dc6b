import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { HeaderReader, RequestHeaders } from './request-headers.ts';

/** The body a route reads (lib/route-marks.ts): none, a small one read whole, or a stream (decision 300). */
export type BodyKind = 'none' | 'json' | 'upload';

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
  /** The body, already read by the envelope within the service's limit (empty for none). */
  body: Buffer;
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
  /** The service's name in metrics and logs (`auth`, `rest`, … `web`). */
  name: string;
  routes: Hono<AppEnv>;
  /**
   * CORS on the service's answers: the gateway's (the default: any origin, no credentials, as
   * hosted's gateway answers), the service's own (edge functions answer it themselves, as
   * hosted), or none at all (pages for this machine only).
   */
  cors?: 'gateway' | 'own' | 'none';
  /** `local`: every route is for this machine's browser only (a loopback Host, no proxy; decision 300). */
  access?: 'public' | 'local';
  /** The service's answer to a body over its limit, in its own wire shape (HTTP 413); `path` is the request's, below no prefix. */
  bodyTooLarge(limit: number, headers: HeaderReader, path: string): DirectAnswer;
  /**
   * Answers a request below the prefix straight from Node's request, when its URL and host are
   * ones Hono would take as they are; `routes` answers the others. The envelope has done what
   * it does for every request (address, host, CORS, body, metrics, the log line, the 500).
   */
  direct?: (request: DirectRequest) => Promise<DirectAnswer>;
  /** The body a direct request carries, by method (the envelope reads it before `direct` runs). */
  directBody?: (method: string) => BodyKind;
  /** Takes a WebSocket upgrade below the prefix; returns false to refuse it. */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** Runs after the database is ready, before the server listens. */
  start?: () => Promise<void>;
  close?: () => Promise<void>;
}

/** A JSON answer in `DirectAnswer` form (for the services' 413s and the envelope's own refusals). */
export function jsonAnswer(status: number, body: unknown, headers: string[] = []): DirectAnswer {
  return { status, headers: ['Content-Type', 'application/json', ...headers], body: JSON.stringify(body) };
}
