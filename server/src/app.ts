import { Hono } from 'hono';
import { createEnvelope } from './envelope/envelope.ts';
import { injectRequest } from './envelope/inject.ts';
import type { ServerConfig } from './lib/config.ts';
import type { Logger } from './lib/log.ts';
import type { ServerMetrics } from './lib/metrics.ts';
import { jsonAnswer, type AppEnv, type Service } from './lib/service.ts';

export interface AppOptions {
  config: ServerConfig;
  log: Logger;
  metrics: ServerMetrics;
  /** `/_server/*`: health, readiness and metrics. */
  operations: Hono<AppEnv>;
}

/** `/_server`: the operations endpoints, for probes and scrapers (no CORS: a browser page has no business there). */
function operationsService(routes: Hono<AppEnv>): Service {
  return {
    prefix: '/_server',
    name: 'server',
    routes,
    cors: 'none',
    bodyTooLarge: (limit) => jsonAnswer(413, { message: `Request body too large: the limit is ${limit} bytes` }),
  };
}

/**
 * Composes the services under one origin, as Supabase's gateway does (strip-path routes), behind
 * the envelope (decision 300): `listener` is the one Node-level function every request passes,
 * `inject` the same function for a Fetch `Request` without a socket. Hono only routes.
 */
export function createApp(services: Service[], { config, log, metrics, operations }: AppOptions) {
  const all = [...services.filter((s) => s.prefix !== ''), operationsService(operations), ...services.filter((s) => s.prefix === '')];
  const app = new Hono<AppEnv>();
  for (const service of all) app.route(service.prefix || '/', service.routes);
  const envelope = createEnvelope({ services: all, app, config, log, metrics });
  app.onError((error, c) => {
    log.error(`${c.req.method} ${new URL(c.req.url).pathname}`, error);
    const answer = envelope.internalError();
    return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return {
    app,
    services: all,
    listener: envelope.listener,
    upgrade: envelope.upgrade,
    /** A Fetch `Request` through the envelope without a socket, as if sent from `clientAddress`. */
    inject: (request: Request, clientAddress?: string) => injectRequest(envelope.listener, request, clientAddress),
  };
}
