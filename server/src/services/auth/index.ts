import { Hono } from 'hono';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';

/** Supabase Auth (GoTrue) at /auth/v1. */
export function createAuthService(_deps: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  routes.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));
  return { prefix: '/auth/v1', routes };
}
