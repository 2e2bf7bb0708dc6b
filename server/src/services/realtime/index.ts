import { Hono } from 'hono';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';

/** Supabase Realtime at /realtime/v1. */
export function createRealtimeService(_deps: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  return { prefix: '/realtime/v1', routes };
}
