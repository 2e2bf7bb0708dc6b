import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { withClientAddress } from './db/caller.ts';
import { cors } from './lib/cors.ts';
import type { Logger } from './lib/log.ts';
import type { ServerMetrics } from './lib/metrics.ts';
import type { AppEnv, Service } from './lib/service.ts';

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

/** The service a path belongs to, as a metrics label (the web app for everything else). */
export function serviceOf(pathname: string): string {
  for (const [prefix, name] of Object.entries(serviceNames)) if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return name;
  return 'web';
}

export interface AppOptions {
  log: Logger;
  logRequests: boolean;
  metrics: ServerMetrics;
  /** `/_server/*`: health, readiness and metrics. */
  operations: Hono<AppEnv>;
}

/** Composes the services under one origin, as Supabase's gateway does (strip-path routes). */
export function createApp(services: Service[], { log, logRequests, metrics, operations }: AppOptions) {
  const app = new Hono<AppEnv>();
  // The embedded database queues work per caller; anonymous callers are told apart by address.
  app.use('*', (c, next) => withClientAddress(c.env?.incoming?.socket?.remoteAddress ?? 'unknown', next));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const pathname = c.req.path;
    const service = serviceOf(pathname);
    metrics.httpRequests.inc({ service, method: c.req.method, status: String(c.res.status) });
    metrics.httpDuration.observe({ service }, seconds);
    if (logRequests) {
      log.info(`${c.req.method} ${pathname} ${c.res.status} ${(seconds * 1000).toFixed(1)}ms`, {
        method: c.req.method,
        path: pathname,
        status: c.res.status,
        service,
        duration_ms: Math.round(seconds * 10_000) / 10,
      });
    }
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

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const service = apis.find((s) => s.upgrade && pathname.startsWith(`${s.prefix}/`));
    if (!service?.upgrade?.(request, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  }
  return { app, upgrade };
}
