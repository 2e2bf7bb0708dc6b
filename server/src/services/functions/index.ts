import { Hono } from 'hono';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';

/** Edge functions at /functions/v1. */
export function createFunctionsService(_deps: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  return { prefix: '/functions/v1', routes };
}
