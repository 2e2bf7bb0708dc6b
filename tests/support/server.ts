import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { ServerConfig } from '../../server/src/lib/config.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { type RunningServer, startServer } from '../../server/src/server.ts';
import { type TestBackend, templateDatabase } from './backends.ts';

export { testBackends, type TestBackend } from './backends.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestServer extends RunningServer {
  backend: TestBackend;
  anonKey: string;
  serviceRoleKey: string;
  /** A supabase-js client as anon (or with `key`), with the ws transport for realtime. */
  client(key?: string, options?: { persistSession?: boolean }): SupabaseClient;
  admin(): SupabaseClient;
}

export interface TestServerOptions {
  /** Supabase project folder; defaults to the app's own `supabase/`. */
  project?: string;
  env?: NodeJS.ProcessEnv;
  override?: Partial<ServerConfig>;
  /** Serve the built web app (e2e); off by default. */
  web?: boolean;
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.PINSTAR_TEST_PG_URL;
  if (!base) throw new Error('PINSTAR_TEST_PG_URL is not set: run through `npm test` (tests/support/global-setup.ts)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  return {
    url: `${base}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Boots the whole server in-process on a fresh database of the given backend, on a free port. */
export async function startTestServer(backend: TestBackend, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-test-'));
  const database = backend === 'postgres' ? await createDatabase() : null;
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, DATABASE_URL: database?.url ?? '' };
  delete env.PORT;
  const server = await startServer({
    projectDir: options.project ?? path.join(repoRoot, 'supabase'),
    port: 0,
    dataDir,
    webDist: options.web ? path.join(repoRoot, 'web/dist') : null,
    env,
    log: silentLogger,
    override: { logRequests: false, ...options.override },
  });
  const client = (key = server.keys.anonKey, clientOptions: { persistSession?: boolean } = {}) =>
    createClient(server.url, key, {
      auth: { persistSession: clientOptions.persistSession ?? false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  return {
    ...server,
    backend,
    anonKey: server.keys.anonKey,
    serviceRoleKey: server.keys.serviceRoleKey,
    client,
    admin: () => client(server.keys.serviceRoleKey),
    close: async () => {
      await server.close();
      await database?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
