import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type Duplex, type Readable, type TransformCallback } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { withClientAddress } from '../db/caller.ts';
import { BodyTooLargeError, discardThenCut, readBodyWithin } from '../lib/body-limit.ts';
import type { ServerConfig } from '../lib/config.ts';
import type { Logger } from '../lib/log.ts';
import type { ServerMetrics } from '../lib/metrics.ts';
import { setRequestContext, type RequestContext } from '../lib/request-context.ts';
import { RequestHeaders } from '../lib/request-headers.ts';
import { answers, marksOf, type RouteMarks } from '../lib/route-marks.ts';
import { jsonAnswer, type AppEnv, type DirectAnswer, type Service } from '../lib/service.ts';
import { createBodyTable } from './body-limits.ts';
import { clientOf, parseTrustedProxies, plainAddress } from './client-address.ts';
import { gatewayCorsHeaders, isPreflight, preflightHeaders } from './cors.ts';
import { createHostPolicy, hostName, isLoopbackName } from './host-policy.ts';
import { isPlainTarget, plainHost } from './plain-target.ts';

/**
 * The envelope (decision 300): one Node-level function every HTTP request passes, whatever
 * service answers it. It does, once and in this order: the client's address (`X-Forwarded-For`
 * only from `TRUSTED_PROXIES`), the host policy (and, for local-only pages, no proxy), CORS as
 * hosted's gateway answers it, the body limit from its table (refused by Content-Length at once,
 * a chunked body cut at the first byte past it, never buffered past it), then hands the request
 * to the route — Hono, or a service's direct path (decision 261) — and counts, logs and, for an
 * unexpected error, answers 500. Hono only routes.
 */

export interface EnvelopeOptions {
  services: Service[];
  /** Hono with every service's routes mounted (the router the envelope reads route marks from). */
  app: Hono<AppEnv>;
  config: ServerConfig;
  log: Logger;
  metrics: ServerMetrics;
}

export type NodeHandler = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/** The fallback for paths below no service prefix (the web app, or Hono's 404). */
const webService: Pick<Service, 'name' | 'cors' | 'bodyTooLarge'> = {
  name: 'web',
  cors: 'none',
  bodyTooLarge: () => ({ status: 413, headers: ['Content-Type', 'text/plain; charset=utf-8'], body: 'Payload Too Large' }),
};

const internalError: DirectAnswer = jsonAnswer(500, { message: 'Internal Server Error' });
const noHeaders: readonly string[] = [];
const forbidden: DirectAnswer = jsonAnswer(403, { message: 'Forbidden' }, ['Cache-Control', 'no-store']);

function hostRefused(host: string | null): DirectAnswer {
  return jsonAnswer(403, {
    message: `Blocked request: this server does not answer for the host "${hostName(host)}". Set API_EXTERNAL_URL to the URL clients use.`,
  });
}

/** The path of a request target as Hono's router sees it (decoded when it holds `%`). */
function routerPath(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export function createEnvelope({ services, app, config, log, metrics }: EnvelopeOptions) {
  const trusted = parseTrustedProxies(config.trustedProxies);
  const hostAllowed = createHostPolicy({ bind: config.host, behindProxy: trusted.entries.length > 0, publicUrl: () => config.publicUrl });
  const bodyRule = createBodyTable(config);
  const prefixed = services.filter((s) => s.prefix !== '').map((s) => ({ service: s, below: `${s.prefix}/` }));
  const viaHono = getRequestListener(app.fetch);

  function serviceOf(path: string): Pick<Service, 'name' | 'cors' | 'bodyTooLarge'> & Partial<Service> {
    for (const entry of prefixed) if (path.startsWith(entry.below) || path === entry.service.prefix) return entry.service;
    return webService;
  }

  /**
   * The marks of the route Hono will answer this request with, read from its router: the
   * matched handlers run in order and the first one that is not a middleware (it takes no
   * `next`) answers; its body mark was registered with it, before it, under the same method and
   * path. `localOnly` covers every route its pattern matches (`routes.use('/emulator/*', localOnly)`).
   */
  function routeMarks(method: string, path: string): RouteMarks {
    const matched = app.router.match(method === 'HEAD' ? 'GET' : method, path)[0] as unknown as Array<[[unknown, RouterRoute]]>;
    const pending = new Map<string, RouteMarks>();
    let local = false;
    for (const [[handler, route]] of matched) {
      const key = `${route.method} ${route.path}`;
      const marks = marksOf(handler);
      if (marks?.local) local = true;
      if (marks) pending.set(key, { ...pending.get(key), ...marks });
      else if (answers(handler)) return { ...pending.get(key), ...(local ? { local: true } : {}) };
    }
    return local ? { local: true } : {};
  }

  function record(method: string, path: string, service: string, status: number, started: number): void {
    const seconds = (performance.now() - started) / 1000;
    metrics.httpRequests.inc({ service, method, status: String(status) });
    metrics.httpDuration.observe({ service }, seconds);
    if (config.logRequests) {
      log.info(`${method} ${path} ${status} ${(seconds * 1000).toFixed(1)}ms`, {
        method,
        path,
        status,
        service,
        duration_ms: Math.round(seconds * 10_000) / 10,
      });
    }
  }

  /** Status, headers and body in one `writeHead` and `end` (`extra`: the gateway's CORS, when it applies). */
  function write(outgoing: ServerResponse, answer: DirectAnswer, extra: readonly string[] = noHeaders): void {
    // The client has gone (it closed the connection, or cancelled a request it no longer needs,
    // as the app does when the map moves on): nobody is there to read an answer, and writing one
    // would only make Node build an error to hand back.
    if (outgoing.destroyed) return;
    try {
      const headers: string[] = [];
      for (let i = 0; i + 1 < answer.headers.length; i += 2) {
        const name = answer.headers[i] as string;
        // The gateway's CORS headers replace a route's own, as Kong's `set_header` does.
        if (extra.length > 0 && name.toLowerCase().startsWith('access-control-')) continue;
        headers.push(name, answer.headers[i + 1] as string);
      }
      for (const item of extra) headers.push(item);
      if (answer.body !== null) headers.push('Content-Length', String(Buffer.byteLength(answer.body)));
      outgoing.writeHead(answer.status, headers);
      outgoing.end(answer.body ?? undefined);
    } catch (error: unknown) {
      log.error('writing a response', error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
      outgoing.end();
      outgoing.destroy();
    }
  }

  /** A streamed body: what arrives passes through until the limit; one byte more and the stream fails. */
  function limitedStream(incoming: IncomingMessage, limit: number, context: RequestContext): () => Readable {
    let made: Readable | null = null;
    return () => {
      if (made) return made;
      let seen = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, done: TransformCallback) {
          seen += chunk.length;
          if (seen <= limit) {
            done(null, chunk);
            return;
          }
          context.bodyCut = true;
          incoming.unpipe(limiter);
          discardThenCut(incoming);
          done(new BodyTooLargeError(limit));
        },
      });
      incoming.on('error', (error) => limiter.destroy(error));
      incoming.on('aborted', () => limiter.destroy(new Error('the request was aborted')));
      made = incoming.pipe(limiter);
      return made;
    };
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = incoming.method ?? 'GET';
    const url = incoming.url ?? '/';
    const path = routerPath(url);
    const service = serviceOf(path);
    // A response emits 'close' after 'finish' when it was sent, and alone when it was not.
    let recorded = false;
    outgoing.on('close', () => {
      if (recorded) return;
      recorded = true;
      record(method, path, service.name, outgoing.statusCode, started);
    });
    const headers = new RequestHeaders(incoming.rawHeaders);
    const origin = clientOf(plainAddress(incoming.socket?.remoteAddress), headers, trusted);
    const direct = service.direct && service.directBody ? service : null;
    const marks = direct ? {} : routeMarks(method, path);
    const local = service.access === 'local' || marks.local === true;
    const host = headers.get('host');

    // Host policy: a local page needs this machine's name and no proxy; everything else a name this server serves.
    if (local ? !isLoopbackName(hostName(host)) || origin.viaProxy : !hostAllowed(host)) {
      discardThenCut(incoming);
      write(outgoing, local ? forbidden : hostRefused(host));
      return;
    }
    const cors = local ? 'none' : (service.cors ?? 'gateway');
    if (cors === 'gateway') {
      if (isPreflight(method, headers.get('origin'), headers.get('access-control-request-method'))) {
        discardThenCut(incoming);
        write(outgoing, { status: 200, headers: preflightHeaders(headers.get('access-control-request-headers')), body: null });
        return;
      }
    }
    const corsHeaders = cors === 'gateway' ? gatewayCorsHeaders : noHeaders;

    const rule = bodyRule(service.name, direct ? (direct.directBody?.(method) ?? 'none') : (marks.body ?? 'none'));
    const declared = headers.get('content-length');
    const context: RequestContext = { ...origin, body: null, bodyStream: null, bodyCut: false };
    try {
      if (declared !== null && Number(declared) > rule.limit) throw new BodyTooLargeError(rule.limit);
      const hasBody = (declared !== null && declared !== '0') || headers.has('transfer-encoding');
      if (rule.streamed) context.bodyStream = limitedStream(incoming, rule.limit, context);
      else if (hasBody) context.body = await readBodyWithin(incoming, rule.limit);
    } catch (error: unknown) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      discardThenCut(incoming);
      write(outgoing, service.bodyTooLarge(error.limit, headers, path), corsHeaders);
      return;
    }
    setRequestContext(incoming, context);

    await withClientAddress(origin.clientAddress, async () => {
      if (direct?.direct && isPlainTarget(url) && plainHost.test(host ?? '')) {
        const query = url.indexOf('?');
        let answer: DirectAnswer;
        try {
          answer = await direct.direct({
            incoming,
            path: (query < 0 ? url : url.slice(0, query)).slice(direct.prefix?.length ?? 0),
            rawSearch: query < 0 ? '' : url.slice(query + 1),
            headers,
            body: context.body ?? Buffer.alloc(0),
          });
        } catch (error: unknown) {
          log.error(`${method} ${path}`, error);
          answer = internalError;
        }
        write(outgoing, answer, corsHeaders);
        return;
      }
      // Set before the route writes its answer: Node merges them into it (the route's own win).
      for (let i = 0; i < corsHeaders.length; i += 2) outgoing.setHeader(corsHeaders[i] as string, corsHeaders[i + 1] as string);
      // Hono reads the buffered body from here (@hono/node-server takes `rawBody` as the body).
      if (context.body) (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = context.body;
      await viaHono(incoming, outgoing);
    });
  }

  const listener: NodeHandler = (incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      log.error(`${incoming.method ?? 'GET'} ${incoming.url ?? '/'}`, error);
      if (outgoing.headersSent) outgoing.destroy();
      else write(outgoing, internalError);
    });
  };

  /** WebSocket upgrades pass the same host policy, then go to the service below whose prefix they ask. */
  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = routerPath(request.url ?? '/');
    const headers = new RequestHeaders(request.rawHeaders);
    if (!hostAllowed(headers.get('host'))) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const service = prefixed.find((entry) => entry.service.upgrade && path.startsWith(entry.below))?.service;
    if (!service?.upgrade?.(request, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  }

  return { listener, upgrade, internalError: () => internalError, trustedProxies: trusted };
}
