import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { Database } from './db/types.ts';
import type { ServerConfig } from './lib/config.ts';
import { resolveRequestAuth, type Keys } from './lib/keys.ts';
import type { ServerMetrics } from './lib/metrics.ts';
import type { AppEnv } from './lib/service.ts';

export interface OperationsDeps {
  config: ServerConfig;
  db: Database;
  keys: Keys;
  metrics: ServerMetrics;
  /** True once a shutdown began: the instance takes no new work and says so to the load balancer. */
  draining: () => boolean;
}

/** Versions of the project's migration files (`<version>_<name>.sql`). */
async function migrationVersions(projectDir: string): Promise<string[]> {
  try {
    const files = await readdir(path.join(projectDir, 'migrations'));
    return files.flatMap((f) => /^(\d+)_.*\.sql$/.exec(f)?.[1] ?? []).sort();
  } catch (error: unknown) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Who may scrape metrics: the service_role, as hosted's metrics endpoint asks for HTTP basic
 * auth `service_role:<service_role key>`; the secret key, or either as apikey/Bearer, also do.
 */
async function isServiceRole(keys: Keys, headers: { authorization?: string; apikey?: string }): Promise<boolean> {
  const basic = /^Basic\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const password = decoded.slice(separator + 1);
    return decoded.slice(0, separator) === 'service_role' && (password === keys.serviceRoleKey || password === keys.secretKey);
  }
  try {
    return (
      (await resolveRequestAuth(keys, { authorization: headers.authorization ?? null, apikey: headers.apikey ?? null })).role ===
      'service_role'
    );
  } catch {
    return false;
  }
}

/** `/_server/health` (live), `/_server/ready` (database and migrations) and `/_server/metrics` (Prometheus). */
export function operationsRoutes(deps: OperationsDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/health', (c) => c.json({ status: 'ok' }));
  routes.get('/ready', async (c) => {
    if (deps.draining()) return c.json({ status: 'draining' }, 503);
    let applied: Set<string>;
    try {
      applied = await deps.db.transaction(
        { kind: 'system' },
        async (tx) => {
          const { rows } = await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
          return new Set(rows.map((r) => r.version));
        },
        { timeoutMs: 2000 },
      );
    } catch (error: unknown) {
      return c.json({ status: 'unavailable', database: error instanceof Error ? error.message : String(error) }, 503);
    }
    const pending = (await migrationVersions(deps.config.projectDir)).filter((v) => !applied.has(v));
    if (pending.length > 0) return c.json({ status: 'unavailable', database: 'ok', pending_migrations: pending }, 503);
    return c.json({ status: 'ok', database: 'ok', migrations: applied.size });
  });
  routes.get('/metrics', async (c) => {
    if (!(await isServiceRole(deps.keys, { authorization: c.req.header('authorization'), apikey: c.req.header('apikey') }))) {
      return c.json({ message: 'metrics need the service_role key' }, 401, { 'WWW-Authenticate': 'Basic realm="metrics"' });
    }
    return c.text(deps.metrics.registry.render(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
  });
  return routes;
}
