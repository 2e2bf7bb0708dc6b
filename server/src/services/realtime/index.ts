import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import { tomlValue } from '../../lib/config.ts';
import { jsonAnswer, type AppEnv, type Service } from '../../lib/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { authenticateConnect } from './auth.ts';
import { createChangeEngine } from './change-engine.ts';
import { Connection } from './connection.ts';
import { startCrossProcess } from './cross-process.ts';
import { listenForDbMessages } from './db-broadcast.ts';
import { ConnectError, connectErrors, renderConnectError } from './errors.ts';
import { broadcastRoutes } from './http.ts';
import { Hub, readSettings } from './hub.ts';
import type { Vsn } from './protocol.ts';

/** Phoenix's 413 over the body limit, rendered by RealtimeWeb.ErrorView as the status message. */
const realtimeBase = {
  prefix: '/realtime/v1',
  name: 'realtime',
  bodyTooLarge: () => jsonAnswer(413, 'Content Too Large'),
};

/**
 * Supabase Realtime at /realtime/v1: the Phoenix socket at `/websocket` (vsn 1.0.0 and 2.0.0)
 * with broadcast, presence and postgres_changes, and the REST broadcast API.
 */
export function createRealtimeService(deps: ServiceDeps): Service {
  // `[realtime] enabled = false` in config.toml: the CLI does not start the service at all.
  if (!tomlValue(deps.config.toml, 'realtime.enabled', true)) return { ...realtimeBase, routes: new Hono<AppEnv>() };
  const hub = new Hub({
    db: deps.db,
    keys: deps.keys,
    log: deps.log,
    settings: readSettings(process.env),
    messages: deps.metrics.realtimeMessages,
    // Several server processes may share a PostgreSQL; the embedded database has one.
    shared: deps.db.backend === 'postgres',
  });
  const changes = createChangeEngine(hub);
  const connections = new Set<Connection>();
  deps.metrics.gauge('pinstar_realtime_connections', 'Open realtime sockets.', () => [{ value: connections.size }]);
  // Frames up to twice the payload limit pass the transport; the limit itself is checked per message.
  const wss = new WebSocketServer({ noServer: true, maxPayload: hub.settings.maxPayloadBytes * 2 + 64 * 1024, perMessageDeflate: false });
  let stopListening: (() => Promise<void>) | null = null;
  let stopCrossProcess: (() => Promise<void>) | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  let closing: Promise<void> | null = null;

  function refuse(socket: Duplex, error: ConnectError): void {
    socket.end(renderConnectError(error));
  }

  async function accept(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const header = request.headers['x-api-key'];
    const apikey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey');
    let token;
    try {
      token = await authenticateConnect(deps.keys, apikey);
      if (connections.size >= hub.settings.maxConnections) throw connectErrors.tooManyConnections();
    } catch (error: unknown) {
      if (error instanceof ConnectError) return refuse(socket, error);
      throw error;
    }
    const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, vsn, token, hub, changes);
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    });
  }

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') return false;
    socket.on('error', () => undefined);
    accept(request, socket, head, url).catch((error: unknown) => {
      deps.log.error('realtime: upgrade failed', error);
      refuse(socket, connectErrors.internal());
    });
    return true;
  }

  /** Drops sockets that stopped sending (Phoenix's transport timeout). */
  function sweep(): void {
    const deadline = Date.now() - hub.settings.heartbeatTimeoutMs;
    for (const connection of connections) {
      if (connection.lastSeen < deadline) {
        connections.delete(connection);
        connection.terminate(1000, 'heartbeat timeout');
      }
    }
  }

  return {
    ...realtimeBase,
    routes: broadcastRoutes(hub),
    upgrade,
    start: async () => {
      // Hosted keeps three days of broadcast history (Realtime.Messages.delete_old_messages).
      await upgradeDatabaseSide(deps);
      // Changes parked while no server listened have nobody to go to any more.
      await deps.db.transaction({ kind: 'system' }, async (tx) => {
        await tx.query(`delete from realtime.messages where inserted_at < now()::timestamp - interval '72 hours'`);
        // Other processes on this database may still be reading recent ones.
        await tx.query(`delete from _server.realtime_changes where created_at < now() - interval '1 minute'`);
      });
      await changes.start();
      stopListening = await listenForDbMessages(hub);
      stopCrossProcess = await startCrossProcess(hub);
      sweeper = setInterval(sweep, Math.max(50, Math.min(1000, hub.settings.heartbeatTimeoutMs / 4)));
      sweeper.unref();
    },
    close: () => {
      closing ??= shutdown();
      return closing;
    },
  };

  /**
   * Ends every socket with 1012 Service Restart, as Phoenix's socket drainer does on shutdown:
   * realtime-js reconnects (here or at another instance) and rejoins its channels. Then stops
   * listening to the database.
   */
  async function shutdown(): Promise<void> {
    if (sweeper) clearInterval(sweeper);
    for (const connection of connections) connection.terminate(1012, 'service restart');
    connections.clear();
    wss.close();
    await stopCrossProcess?.();
    await stopListening?.();
    await changes.close();
  }
}

/**
 * A data dir bootstrapped before the change-capture objects existed gets them now: the
 * realtime bootstrap file is idempotent, so it is simply applied again.
 */
async function upgradeDatabaseSide(deps: ServiceDeps): Promise<void> {
  const missing = await deps.db.transaction({ kind: 'system' }, async (tx) => {
    const { rows } = await tx.query<{ missing: boolean }>(`select to_regprocedure('_server.realtime_sync_capture()') is null as missing`);
    return rows[0]?.missing ?? true;
  });
  if (!missing) return;
  const sql = await readFile(new URL('../../db/sql/0004-realtime.sql', import.meta.url), 'utf8');
  await deps.db.transaction({ kind: 'system' }, (tx) => tx.exec(sql));
  deps.log.info('realtime: added the change-capture objects to this database');
}
