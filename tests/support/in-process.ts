import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../../server/src/lib/config.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { bootServer, type BootedServer } from '../../server/src/server.ts';
import type { TestBackend } from './backends.ts';
import { createTestDatabase } from './databases.ts';

export interface InProcessServer {
  /** The whole server's routes, answered by `app.request()` — no port, no socket. */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  anonKey: string;
  serviceRoleKey: string;
  /** The booted server (its database, keys and configuration), for fixtures. */
  booted: BootedServer;
  close(): Promise<void>;
}

export interface InProcessOptions {
  /** Supabase project folder; defaults to the app's own `supabase/`. */
  project?: string;
  /** PGlite (the default) needs only the template; postgres needs `npm test`'s cluster. */
  backend?: TestBackend;
  override?: Partial<ServerConfig>;
}

/**
 * Boots the server without listening (as hono tests its handlers): every service on a fresh
 * database, requests go straight into the composed Hono app. For tests that need no socket —
 * WebSockets and streamed uploads (which read node's own request) need `startTestServer`.
 */
export async function openInProcessServer(options: InProcessOptions = {}): Promise<InProcessServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-app-'));
  const database = options.backend === 'postgres' ? await createTestDatabase() : null;
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database?.url ?? '' };
  try {
    const booted = await bootServer({
      projectDir: options.project ?? path.resolve(import.meta.dirname, '../../supabase'),
      port: 0,
      dataDir,
      webDist: null,
      env,
      log: silentLogger,
      override: { logRequests: false, watchFunctions: false, ...options.override },
    });
    return {
      request: async (pathAndQuery, init) => booted.app.request(pathAndQuery, init),
      anonKey: booted.keys.anonKey,
      serviceRoleKey: booted.keys.serviceRoleKey,
      booted,
      close: async () => {
        await booted.close();
        await database?.drop().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error: unknown) {
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
