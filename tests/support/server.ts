import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { loadConfig, type ServerConfig } from '../../server/src/lib/config.ts';
import { silentLogger, type Logger } from '../../server/src/lib/log.ts';
import { bootServer, listenOn, type BootedServer, type RunningServer } from '../../server/src/server.ts';
import { useQuickPasswordHashes } from '../../server/src/services/auth/passwords.ts';
import type { TestBackend } from './backends.ts';
import { appTemplateDatabase, createTestDatabase } from './databases.ts';
import { freePort } from './free-port.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { serverOpened } from './open-servers.ts';
import { pgliteStart } from './pglite-project.ts';

// Passwords this process hashes cost bcrypt's least, as in GoTrue's own suites (decision 450).
useQuickPasswordHashes();

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
  /** `fetch` for this server: into its envelope in-process when it has no socket, over the network otherwise. */
  fetch: typeof fetch;
  /** Whether the server listens on a socket (`url`'s port); an in-process one answers only `fetch` and its clients. */
  listening: boolean;
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
export function startTestServer(backend: TestBackend, options: TestServerOptions = {}): Promise<TestServer> {
  return openTestServer(backend, options, { socket: true, inProcess: false });
}

export interface InProcessTestServerOptions extends TestServerOptions {
  /**
   * Also listen on a socket, for what only a socket carries: realtime's WebSocket, and an edge
   * function calling the API back at SUPABASE_URL. The test's own HTTP still goes in-process.
   */
  listen?: boolean;
}

/**
 * The server without a socket (decisions 150, 400): booted on a fresh database, every request of
 * `fetch` and of its supabase-js clients injected into the envelope (host policy, CORS, body
 * limits, routes and services as a socket's request meets them), no port. `url` is the public
 * URL the server believes it has (on a port free a moment ago, so a stray call to it is refused
 * rather than answered by someone else), or the socket's with `listen`.
 */
export function startInProcessTestServer(backend: TestBackend, options: InProcessTestServerOptions = {}): Promise<TestServer> {
  return openTestServer(backend, options, { socket: options.listen ?? false, inProcess: true });
}

async function openTestServer(
  backend: TestBackend,
  options: TestServerOptions,
  mode: { socket: boolean; inProcess: boolean },
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-test-'));
  const projectDir = options.project ?? path.join(repoRoot, 'supabase');
  // A new cluster on PGlite starts from one the project's migrations (and seed) were applied to
  // once; a new database on PostgreSQL, from one a server booted the app's project on once.
  const isApp = projectDir === path.join(repoRoot, 'supabase');
  const seed = isApp && { ...loadConfig({ projectDir }, { ...process.env, ...options.env }), ...options.override }.seed;
  const appTemplate = backend === 'postgres' && isApp ? await appTemplateDatabase(projectDir, seed) : null;
  const database = backend === 'postgres' ? await createTestDatabase(appTemplate?.database) : null;
  if (appTemplate) cpSync(appTemplate.dataDir, dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, DATABASE_URL: database?.url ?? '' };
  delete env.PORT;
  const cleanUp = async () => {
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let server: RunningServer;
  let booted: BootedServer;
  try {
    // Unlistened, the server is told a port free a moment ago: its public URL (links in mail,
    // OAuth callbacks, the default site_url) is then what it would be on that port.
    const port = options.port ?? (mode.socket ? 0 : await freePort());
    const { dataDirTemplate, ...template } = backend === 'pglite' ? await pgliteStart(projectDir, isApp, seed) : {};
    if (dataDirTemplate) cpSync(dataDirTemplate, dataDir, { recursive: true });
    booted = await bootServer({
      projectDir,
      port,
      dataDir,
      webDist: options.webDist ?? (options.web ? path.join(repoRoot, 'web/dist') : null),
      env,
      log: options.log ?? silentLogger,
      // Small shared buffers: a test's cluster holds little, and a start then clears 16 MB of
      // them instead of PGlite's 160 MB (decision 457). The project's [db.settings] still win.
      override: { logRequests: false, dbSettingDefaults: { shared_buffers: '16MB' }, ...template, ...options.override },
    });
    server = mode.socket
      ? await listenOn(booted)
      : {
          url: booted.config.publicUrl,
          app: booted.app,
          config: booted.config,
          keys: booted.keys,
          db: booted.db,
          close: () => booted.close(),
        };
  } catch (error: unknown) {
    await cleanUp();
    throw error;
  }
  const closed = serverOpened(`${backend} server at ${server.url} (data dir ${dataDir})`);
  // An in-process server that also listens still takes the test's own HTTP in-process.
  const serverFetch = mode.inProcess ? inProcessFetch(booted.inject, new URL(server.url).origin) : fetch;
  const client = (key = server.keys.anonKey, clientOptions: { persistSession?: boolean } = {}) =>
    createClient(server.url, key, {
      auth: { persistSession: clientOptions.persistSession ?? false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { fetch: serverFetch },
    });
  return {
    ...server,
    backend,
    anonKey: server.keys.anonKey,
    serviceRoleKey: server.keys.serviceRoleKey,
    fetch: serverFetch,
    listening: mode.socket,
    client,
    admin: () => client(server.keys.serviceRoleKey),
    close: async () => {
      await server.close();
      await cleanUp();
      closed();
    },
  };
}
