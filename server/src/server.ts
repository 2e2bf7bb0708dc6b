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

/** Boots everything: lock, database, migrations, seed, services, then listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
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
    const database = db;
    let closing: Promise<void> | null = null;
    return {
      url,
      config,
      keys,
      db: database,
      close: () => {
        closing ??= (async () => {
          // WebSocket sessions are no longer HTTP connections: their services end them first,
          // or server.close() would wait for them forever.
          for (const service of services) if (service.upgrade) await service.close?.().catch((e: unknown) => log.error('closing a service', e));
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          for (const service of services.reverse()) await service.close?.().catch((e: unknown) => log.error('closing a service', e));
          await database.close();
          unlock();
        })();
        return closing;
      },
    };
  } catch (error: unknown) {
    for (const service of services.reverse()) await service.close?.().catch(() => undefined);
    await db?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}
