import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.ts';
import { explainStartFailure } from './db/disk-space.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { applyProject } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { Database, PoolStats } from './db/types.ts';
import { loadConfig, servingUrl, tomlValue, type ConfigInput, type ServerConfig } from './lib/config.ts';
import { checkDemoKeys } from './lib/demo-keys.ts';
import { createKeys, type Keys } from './lib/keys.ts';
import { createLogger, logFormatOf, type Logger } from './lib/log.ts';
import { createServerMetrics, type ServerMetrics } from './lib/metrics.ts';
import type { Service } from './lib/service.ts';
import { drainHttp, trackInFlight } from './lib/shutdown.ts';
import { operationsRoutes } from './operations.ts';
import { createAuthService } from './services/auth/index.ts';
import { createFunctionsService } from './services/functions/index.ts';
import { createRealtimeService } from './services/realtime/index.ts';
import { createRestService } from './services/rest/index.ts';
import type { ServiceDeps } from './services/service-deps.ts';
import { createStaticService } from './services/static/index.ts';
import { createStorageService } from './services/storage/index.ts';

export interface RunningServer {
  url: string;
  /** The router, for reading the mounted routes (requests go through the envelope on the socket). */
  app: BootedServer['app'];
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

/** The server before it listens: the envelope, ready for a socket or for `inject()` (decision 300). */
export interface BootedServer {
  /** The router (Hono), for reading its routes; requests go through `listener` or `inject`. */
  app: ReturnType<typeof createApp>['app'];
  /** The services as mounted, the operations endpoints included. */
  services: ReturnType<typeof createApp>['services'];
  /** The one Node-level function every HTTP request passes. */
  listener: ReturnType<typeof createApp>['listener'];
  upgrade: ReturnType<typeof createApp>['upgrade'];
  /** A Fetch `Request` through the same envelope without a socket. */
  inject: ReturnType<typeof createApp>['inject'];
  config: ServerConfig;
  keys: Keys;
  db: Database;
  log: Logger;
  metrics: ServerMetrics;
  /** True once shutdown began: readiness answers 503. (A listening server's HTTP connections: `lib/shutdown.ts`.) */
  draining(): boolean;
  /**
   * Starts draining, closes the WebSocket services (their clients are told to reconnect), then
   * `stopListening` (a listening server's own close), then the other services and the database,
   * and releases the data dir.
   */
  close(stopListening?: () => Promise<void>): Promise<void>;
}

/** The database, timing each transaction (waiting for a connection included) for the metrics. */
function instrumentDatabase(db: Database, metrics: ReturnType<typeof createServerMetrics>): Database {
  const poolStats = 'poolStats' in db && typeof db.poolStats === 'function' ? (db.poolStats as () => PoolStats[]).bind(db) : null;
  let active = 0;
  metrics.gauge(
    'pinstar_db_transactions_in_progress',
    'Database transactions asked for and not finished (waiting for a connection included).',
    () => [{ value: active }],
  );
  if (poolStats) {
    metrics.gauge('pinstar_db_pool_connections', 'PostgreSQL pool connections, by pool and state.', () =>
      poolStats().flatMap((p) => [
        { labels: { pool: p.pool, state: 'total' }, value: p.total },
        { labels: { pool: p.pool, state: 'idle' }, value: p.idle },
      ]),
    );
    metrics.gauge('pinstar_db_pool_waiting', 'Callers waiting for a PostgreSQL pool connection, by pool.', () =>
      poolStats().map((p) => ({ labels: { pool: p.pool }, value: p.waiting })),
    );
  }
  return {
    backend: db.backend,
    listen: (channel, listener) => db.listen(channel, listener),
    ...(db.notify ? { notify: (channel: string, payloads: readonly string[]) => db.notify?.(channel, payloads) ?? Promise.resolve() } : {}),
    ...(db.forgetPrepared ? { forgetPrepared: () => db.forgetPrepared?.() } : {}),
    close: () => db.close(),
    async transaction(who, fn, options) {
      const started = performance.now();
      active += 1;
      try {
        return await db.transaction(who, fn, options);
      } finally {
        active -= 1;
        metrics.dbTransactions.observe({ kind: who.kind }, (performance.now() - started) / 1000);
      }
    },
  };
}

/** Boots everything but the socket: lock, database, migrations, seed, services, the app. */
export async function bootServer(options: StartOptions = {}): Promise<BootedServer> {
  const config = { ...loadConfig(options, options.env ?? process.env), ...options.override };
  const log = options.log ?? createLogger(config.logRequests, logFormatOf(options.env ?? process.env));
  const metrics = createServerMetrics();
  // PGlite's files allow one process; on PostgreSQL the data dir holds only files that
  // several server processes may share (storage), so it is not locked (decision 160).
  // Keys first: a reachable server with the CLI's public keys stops here, before it opens anything (decision 301).
  const keys = await createKeys(config);
  checkDemoKeys(config, keys.signing.signer.kid, (message) => log.warn(message));
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  let db: Database | null = null;
  const services: Service[] = [];
  if (config.configFile && config.ignoredConfigKeys.length > 0)
    log.info(`${path.basename(config.configFile)}: not used by this server, ignored: ${config.ignoredConfigKeys.join(', ')}`);
  if (config.databaseUrl && Object.keys(config.dbSettings).length > 0)
    log.info(
      `[db.settings] ${Object.keys(config.dbSettings).sort().join(', ')}: the embedded database's; on PostgreSQL set them in the database server's own configuration`,
    );
  try {
    const opened = await openDatabase(config);
    db = instrumentDatabase(opened.db, metrics);
    const report = await applyProject(db, config.projectDir, {
      seed: config.seed && opened.created,
      autoExposeNewTables: tomlValue(config.toml, 'api.auto_expose_new_tables', true),
    });
    for (const file of report.applied) log.info(`applied migration ${file}`);
    if (report.seeded) log.info('applied seed.sql');
    if (keys.generatedKeyFile) log.info(`auth: wrote a new ES256 signing key set to ${keys.generatedKeyFile} (signing_keys_path)`);
    const deps: ServiceDeps = { config, db, keys, log, metrics, freshDatabase: opened.created };
    const factories = [
      createAuthService,
      createRestService,
      createStorageService,
      createFunctionsService,
      createRealtimeService,
      createStaticService,
    ];
    for (const factory of factories) services.push(...[await factory(deps)].flat());
    for (const service of services) await service.start?.();
    let draining = false;
    const operations = operationsRoutes({ config, db, keys, metrics, draining: () => draining });
    const composed = createApp(services, { config, log, metrics, operations });
    const database = db;
    return {
      app: composed.app,
      services: composed.services,
      listener: composed.listener,
      upgrade: composed.upgrade,
      inject: composed.inject,
      config,
      keys,
      db: database,
      log,
      metrics,
      draining: () => draining,
      close: async (stopListening) => {
        draining = true;
        // WebSocket sessions first: they are no longer HTTP connections, so a listening
        // server's close() would wait for them forever.
        for (const service of services)
          if (service.upgrade) await service.close?.().catch((e: unknown) => log.error('closing a service', e));
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
    // PGlite on a full disk fails without naming the disk: say so, and how much it needs.
    throw config.databaseUrl ? error : explainStartFailure(config.dataDir, error);
  }
}

/** Boots everything, then listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  return listenOn(await bootServer(options));
}

/** Puts a booted server on its socket (`config.port`, 0 for a free one); closing it closes the server. */
export async function listenOn(booted: BootedServer): Promise<RunningServer> {
  const { listener, upgrade, config, keys, db, metrics } = booted;
  try {
    const server = createServer();
    // Counted (and told to close once the drain begins) before any answer can be written.
    const inFlight = trackInFlight(server);
    server.on('request', listener);
    metrics.gauge('pinstar_http_requests_in_flight', 'HTTP requests being answered now.', () => [{ value: inFlight.count() }]);
    server.on('upgrade', upgrade);
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const url = servingUrl(config.host, port);
    if (!config.publicUrlFromEnv) config.publicUrl = url;
    let closing: Promise<void> | null = null;
    return {
      url,
      app: booted.app,
      config,
      keys,
      db,
      close: () => {
        // Graceful: stop accepting, tell realtime clients to reconnect elsewhere (their
        // services close the sockets as Phoenix's drainer does), let in-flight HTTP finish
        // (up to SHUTDOWN_TIMEOUT_MS), then close the services and the database.
        closing ??= (async () => {
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          // Now, not once the WebSocket services have closed: an answer written while they
          // close (the database work of realtime's shutdown) would still say keep-alive.
          inFlight.beginDrain();
          await booted.close(async () => {
            await drainHttp(server, inFlight, config.shutdownTimeoutMs);
            await stopped;
          });
        })();
        return closing;
      },
    };
  } catch (error: unknown) {
    await booted.close().catch(() => undefined);
    throw error;
  }
}
