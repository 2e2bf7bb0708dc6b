import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { applyProject } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { Database } from './db/types.ts';
import { type ConfigInput, loadConfig, type ServerConfig } from './lib/config.ts';
import { createKeys, type Keys } from './lib/keys.ts';
import { createLogger, type Logger } from './lib/log.ts';
import type { Service } from './lib/service.ts';
import type { ServiceDeps } from './services/service-deps.ts';
import { createAuthService } from './services/auth/index.ts';
import { createFunctionsService } from './services/functions/index.ts';
import { createRealtimeService } from './services/realtime/index.ts';
import { createRestService } from './services/rest/index.ts';
import { createStaticService } from './services/static/index.ts';
import { createStorageService } from './services/storage/index.ts';

export interface RunningServer {
  url: string;
  config: ServerConfig;
  keys: Keys;
  db: Database;
  close(): Promise<void>;
}

export interface StartOptions extends ConfigInput {
  env?: NodeJS.ProcessEnv;
  log?: Logger;
  /** Replaces the configured settings (tests). */
  override?: Partial<ServerConfig>;
}

export { DataDirLockedError };

/** The server before it listens: the composed app, ready for `app.request()` or a socket. */
export interface BootedServer {
  app: ReturnType<typeof createApp>['app'];
  upgrade: ReturnType<typeof createApp>['upgrade'];
  config: ServerConfig;
  keys: Keys;
  db: Database;
  log: Logger;
  /**
   * Closes the WebSocket services, then `stopListening` (a listening server's own close), then
   * the other services and the database, and releases the data dir.
   */
  close(stopListening?: () => Promise<void>): Promise<void>;
}

/** Boots everything but the socket: lock, database, migrations, seed, services, the app. */
export async function bootServer(options: StartOptions = {}): Promise<BootedServer> {
  const config = { ...loadConfig(options, options.env ?? process.env), ...options.override };
  const log = options.log ?? createLogger(config.logRequests);
  const unlock = lockDataDir(config.dataDir);
  let db: Database | null = null;
  const services: Service[] = [];
  try {
    const opened = await openDatabase(config);
    db = opened.db;
    const report = await applyProject(db, config.projectDir, { seed: config.seed && opened.created });
    for (const file of report.applied) log.info(`applied migration ${file}`);
    if (report.seeded) log.info('applied seed.sql');
    const keys = await createKeys(config);
    const deps: ServiceDeps = { config, db, keys, log, freshDatabase: opened.created };
    const factories = [createAuthService, createRestService, createStorageService, createFunctionsService, createRealtimeService, createStaticService];
    for (const factory of factories) services.push(...[await factory(deps)].flat());
    for (const service of services) await service.start?.();
    const { app, upgrade } = createApp(services, log, config.logRequests);
    const database = db;
    return {
      app,
      upgrade,
      config,
      keys,
      db: database,
      log,
      close: async (stopListening) => {
        // WebSocket sessions first: they are no longer HTTP connections, so a listening
        // server's close() would wait for them forever.
        for (const service of services) if (service.upgrade) await service.close?.().catch((e: unknown) => log.error('closing a service', e));
        await stopListening?.();
        for (const service of [...services].reverse()) await service.close?.().catch((e: unknown) => log.error('closing a service', e));
        await database.close();
        unlock();
      },
    };
  } catch (error: unknown) {
    for (const service of services.reverse()) await service.close?.().catch(() => undefined);
    await db?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

/** Boots everything, then listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const booted = await bootServer(options);
  const { app, upgrade, config, keys, db } = booted;
  try {
    const server = createAdaptorServer({ fetch: app.fetch }) as Server;
    server.on('upgrade', upgrade);
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    if (config.port === 0) config.publicUrl = url;
    let closing: Promise<void> | null = null;
    return {
      url,
      config,
      keys,
      db,
      close: () => {
        closing ??= booted.close(async () => {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        });
        return closing;
      },
    };
  } catch (error: unknown) {
    await booted.close().catch(() => undefined);
    throw error;
  }
}
