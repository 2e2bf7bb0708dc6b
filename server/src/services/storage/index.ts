import { Hono } from 'hono';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';

/** Supabase Storage at /storage/v1. */
export function createStorageService(_deps: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  return { prefix: '/storage/v1', routes };
}
