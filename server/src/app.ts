import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { withClientAddress } from './db/caller.ts';
import { cors } from './lib/cors.ts';
import type { Logger } from './lib/log.ts';
import type { AppEnv, Service } from './lib/service.ts';

/** Composes the services under one origin, as Supabase's gateway does (strip-path routes). */
export function createApp(services: Service[], log: Logger, logRequests: boolean) {
  const app = new Hono<AppEnv>();
  // The embedded database queues work per caller; anonymous callers are told apart by address.
  app.use('*', (c, next) => withClientAddress(c.env?.incoming?.socket?.remoteAddress ?? 'unknown', next));
  if (logRequests) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      const ms = (performance.now() - started).toFixed(1);
      log.info(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${ms}ms`);
    });
  }
  const apis = services.filter((s) => s.prefix !== '');
  for (const service of apis) {
    if (!service.ownCors) app.use(`${service.prefix}/*`, cors());
    app.route(service.prefix, service.routes);
  }
  app.get('/_server/health', (c) => c.json({ status: 'ok' }));
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
