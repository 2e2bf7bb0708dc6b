import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { ServerConfig } from '../../server/src/lib/config.ts';
import { silentLogger, type Logger } from '../../server/src/lib/log.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import type { TestBackend } from './backends.ts';
import { createTestDatabase } from './databases.ts';

export { testBackends, type TestBackend } from './backends.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Environment for a server started as a child process: without the test runner's own variables. */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

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
  /** Serve the built web app from this folder instead of web/dist (a copy a test redeploys). */
  webDist?: string;
  /** Port to listen on; a free one by default. */
  port?: number;
  /** Where the server's log goes; silent by default. */
  log?: Logger;
}

/** Boots the whole server in-process on a fresh database of the given backend, on a free port. */
export async function startTestServer(backend: TestBackend, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-test-'));
  const database = backend === 'postgres' ? await createTestDatabase() : null;
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, DATABASE_URL: database?.url ?? '' };
  delete env.PORT;
  const server = await startServer({
    projectDir: options.project ?? path.join(repoRoot, 'supabase'),
    port: options.port ?? 0,
    dataDir,
    webDist: options.webDist ?? (options.web ? path.join(repoRoot, 'web/dist') : null),
    env,
    log: options.log ?? silentLogger,
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
