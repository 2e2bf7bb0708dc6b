import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { withClientAddress } from './db/caller.ts';
import { addCorsHeaders, cors, isPreflight, preflightHeaders } from './lib/cors.ts';
import type { Logger } from './lib/log.ts';
import type { ServerMetrics } from './lib/metrics.ts';
import { RequestHeaders } from './lib/request-headers.ts';
import type { AppEnv, DirectAnswer, DirectRequest, Service } from './lib/service.ts';

const serviceNames: Record<string, string> = {
  '/auth/v1': 'auth',
  '/rest/v1': 'rest',
  '/storage/v1': 'storage',
  '/functions/v1': 'functions',
  '/realtime/v1': 'realtime',
  '/graphql/v1': 'graphql',
  '/_server': 'server',
  '/_dev': 'dev',
};

/** `serviceNames` as a list, built once (every request is counted). */
const servicePrefixes = Object.entries(serviceNames);

/** The service a path belongs to, as a metrics label (the web app for everything else). */
export function serviceOf(pathname: string): string {
  for (const [prefix, name] of servicePrefixes) {
    if (pathname.startsWith(prefix) && (pathname.length === prefix.length || pathname[prefix.length] === '/')) return name;
  }
  return 'web';
}

export interface AppOptions {
  log: Logger;
  logRequests: boolean;
  metrics: ServerMetrics;
  /** `/_server/*`: health, readiness and metrics. */
  operations: Hono<AppEnv>;
}

/** @hono/node-server passes these request targets on as they are (`buildUrl`): its `reValidRequestUrl`, `reDotSegment`. */
const keptTarget = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const keptDotSegment = /\/\.\.?(?:[/?#]|$)/;
/** A path and a query a URL parser leaves as they are: no `%` in the path (it could hide a dot segment), no `'`, `#` or space in the query. */
const plainPath = /^\/[!$&-;=@-[\]_a-z~]*$/;
const pathDotSegment = /\/\.\.?(?:\/|$)/;
const plainQuery = /^[!$%&(-;=?-[\]_a-z~]*$/;
/** Hosts @hono/node-server takes without parsing (`reValidHost`). */
const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * Whether the path and query the direct path reads from the raw target are the ones Hono's
 * path would see: the target is passed on as it is, or the URL parser that re-serializes it
 * changes nothing, and it has no fragment (the REST service's URL parser would drop it).
 */
function isPlainTarget(url: string, path: string, query: string): boolean {
  if (url.includes('#')) return false;
  if (keptTarget.test(url) && !keptDotSegment.test(url)) return true;
  return plainPath.test(path) && !pathDotSegment.test(path) && plainQuery.test(query);
}

const internalError = JSON.stringify({ message: 'Internal Server Error' });

/** Composes the services under one origin, as Supabase's gateway does (strip-path routes). */
export function createApp(services: Service[], { log, logRequests, metrics, operations }: AppOptions) {
  const app = new Hono<AppEnv>();
  /** Counts and logs one answered request (every path: Hono's and the direct one). */
  const record = (method: string, pathname: string, status: number, started: number) => {
    const seconds = (performance.now() - started) / 1000;
    const service = serviceOf(pathname);
    metrics.httpRequests.inc({ service, method, status: String(status) });
    metrics.httpDuration.observe({ service }, seconds);
    if (logRequests) {
      log.info(`${method} ${pathname} ${status} ${(seconds * 1000).toFixed(1)}ms`, {
        method,
        path: pathname,
        status,
        service,
        duration_ms: Math.round(seconds * 10_000) / 10,
      });
    }
  };
  // The embedded database queues work per caller; anonymous callers are told apart by address.
  app.use('*', (c, next) => withClientAddress(c.env?.incoming?.socket?.remoteAddress ?? 'unknown', next));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    record(c.req.method, c.req.path, c.res.status, started);
  });
  const apis = services.filter((s) => s.prefix !== '');
  for (const service of apis) {
    if (!service.ownCors) app.use(`${service.prefix}/*`, cors());
    app.route(service.prefix, service.routes);
  }
  app.route('/_server', operations);
  for (const service of services.filter((s) => s.prefix === '')) app.route('/', service.routes);
  app.onError((error, c) => {
    log.error(`${c.req.method} ${new URL(c.req.url).pathname}`, error);
    return c.json({ message: 'Internal Server Error' }, 500);
  });

  const directServices = apis.filter((s) => s.direct).map((s) => ({ service: s, below: `${s.prefix}/` }));

  /**
   * Answers a request of a service that takes requests directly (decision 261) without Hono:
   * the same CORS, metrics, request log, caller address and 500 as the middleware above, the
   * answer written to Node's response. Returns false for any other request, and for a URL or
   * host Hono would normalize (those take the Hono path, which normalizes them).
   */
  function direct(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    const url = incoming.url ?? '';
    const match = directServices.find((d) => url.startsWith(d.below));
    if (!match) return false;
    const queryIndex = url.indexOf('?');
    const pathname = queryIndex < 0 ? url : url.slice(0, queryIndex);
    const rawSearch = queryIndex < 0 ? '' : url.slice(queryIndex + 1);
    if (!isPlainTarget(url, pathname, rawSearch)) return false;
    const headers = new RequestHeaders(incoming.rawHeaders);
    if (!plainHost.test(headers.get('host') ?? '')) return false;
    const started = performance.now();
    const method = incoming.method ?? 'GET';
    const { service } = match;
    const request: DirectRequest = { incoming, path: pathname.slice(service.prefix.length), rawSearch, headers };
    void withClientAddress(incoming.socket?.remoteAddress ?? 'unknown', async () => {
      let answer: DirectAnswer;
      const origin = service.ownCors ? null : headers.get('origin');
      if (!service.ownCors && isPreflight(method, headers.get('access-control-request-method'))) {
        const list: string[] = [];
        for (const [name, value] of Object.entries(preflightHeaders(origin, headers.get('access-control-request-headers'))))
          list.push(name, value);
        answer = { status: 204, headers: list, body: null };
      } else {
        try {
          answer = await (service.direct as NonNullable<Service['direct']>)(request);
        } catch (error: unknown) {
          log.error(`${method} ${pathname}`, error);
          answer = { status: 500, headers: ['Content-Type', 'application/json'], body: internalError };
        }
        if (!service.ownCors) addCorsHeaders(answer.headers, origin);
      }
      record(method, pathname, answer.status, started);
      writeAnswer(outgoing, answer, log);
    });
    return true;
  }

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const service = apis.find((s) => s.upgrade && pathname.startsWith(`${s.prefix}/`));
    if (!service?.upgrade?.(request, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  }
  return { app, upgrade, direct };
}

/** Status, headers and body in one write; a body's length is sent as `Content-Length`, as @hono/node-server does. */
function writeAnswer(outgoing: ServerResponse, answer: DirectAnswer, log: Logger): void {
  try {
    if (answer.body !== null) answer.headers.push('Content-Length', String(Buffer.byteLength(answer.body)));
    outgoing.writeHead(answer.status, answer.headers);
    outgoing.end(answer.body ?? undefined);
  } catch (error: unknown) {
    log.error('writing a response', error);
    if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
    outgoing.end();
    outgoing.destroy();
  }
}
