import { Hono } from 'hono';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';

/** PostgREST at /rest/v1. */
export function createRestService(_deps: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  return { prefix: '/rest/v1', routes };
}
