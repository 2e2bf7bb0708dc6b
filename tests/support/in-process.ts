import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../../server/src/lib/config.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { bootServer, type BootedServer } from '../../server/src/server.ts';
import { useQuickPasswordHashes } from '../../server/src/services/auth/passwords.ts';
import type { TestBackend } from './backends.ts';
import { createTestDatabase } from './databases.ts';
import { serverOpened } from './open-servers.ts';

// Passwords this process hashes cost bcrypt's least, as in GoTrue's own suites (decision 450).
useQuickPasswordHashes();

export interface InProcessServer {
  /**
   * The whole server, answered through the envelope's in-process entry (decision 300): the same
   * Node-level function a socket's request passes — host policy, CORS, body limits, the
   * local-only pages — with no port. `clientAddress` is the address the request comes from.
   */
  request(pathAndQuery: string, init?: RequestInit, clientAddress?: string): Promise<Response>;
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
 * Boots the server without listening (as hono tests its handlers with `app.request()`): every
 * service on a fresh database, requests injected into the envelope without a socket. For tests
 * that need no socket — WebSockets and chunked bodies need `startTestServer`.
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
    const closed = serverOpened(`in-process server (data dir ${dataDir})`);
    return {
      request: (pathAndQuery, init, clientAddress) => booted.inject(new Request(`http://localhost${pathAndQuery}`, init), clientAddress),
      anonKey: booted.keys.anonKey,
      serviceRoleKey: booted.keys.serviceRoleKey,
      booted,
      close: async () => {
        await booted.close();
        await database?.drop().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
        closed();
      },
    };
  } catch (error: unknown) {
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
