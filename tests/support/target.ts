import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startInProcessTestServer, startTestServer, testBackends } from './server.ts';

/**
 * What a conformance suite may know about the service it checks: a URL, the API keys, the JWT
 * secret (to mint a user's token as GoTrue would) and a SQL connection as the database owner
 * for fixtures and checks — what `supabase status` prints for a local stack, and what a hosted
 * project's settings give. Nothing of this server's internals.
 */
export interface ConformanceTarget {
  /** `pglite` / `postgres` for a server the suite started, `external` for CONFORMANCE_URL. */
  name: string;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  keys: { secret: Uint8Array; publishableKey: string; secretKey: string };
  /**
   * `fetch` for the target: the network's for CONFORMANCE_URL, the server's envelope in-process
   * for the default targets (no socket). Suites use it for every request they make by hand.
   */
  fetch: typeof fetch;
  /** Storage's S3 protocol: what `supabase status` prints as S3 Access Key, S3 Secret Key, S3 Region. */
  s3: { accessKeyId: string; secretAccessKey: string; region: string };
  /** The database URL the target's edge functions see as SUPABASE_DB_URL ('' for none). */
  databaseUrl: string;
  db: TargetDatabase;
  /** A supabase-js client as anon (or with `key`), with the ws transport for realtime. */
  client(key?: string, options?: { persistSession?: boolean }): SupabaseClient;
  admin(): SupabaseClient;
  close(): Promise<void>;
}

export interface SqlResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface SqlTx {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  exec(sql: string): Promise<void>;
}

/** As the database owner, or as an API role with JWT claims (what PostgREST sets per request). */
export type SqlIdentity = { kind: 'system' } | { kind: 'request'; role: string; claims?: Record<string, unknown> | null };

export interface TargetDatabase {
  /** One transaction: committed when `fn` resolves, rolled back when it throws. */
  transaction<T>(who: SqlIdentity, fn: (tx: SqlTx) => Promise<T>): Promise<T>;
}

export interface TargetStarter {
  name: string;
  /**
   * The target with `project` (a Supabase project folder: config.toml, migrations, seed) loaded.
   * An external target must already run that project; the suite cannot load it there.
   */
  start(project: string): Promise<ConformanceTarget>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required when CONFORMANCE_URL is set (see tests/conformance/COVERAGE.md)`);
  return value;
}

/** A SQL connection string as the target's database owner (`supabase status`: DB URL). */
function sqlDatabase(url: string): TargetDatabase {
  return {
    async transaction(who, fn) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('begin');
        if (who.kind === 'request') {
          await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
            who.role,
            JSON.stringify({ ...who.claims, role: who.role }),
          ]);
        }
        const tx: SqlTx = {
          query: async (sql, params) => {
            const result = await client.query(sql, params ? [...params] : undefined);
            return { rows: result.rows, rowCount: result.rowCount ?? 0 };
          },
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const value = await fn(tx);
        await client.query('commit');
        return value;
      } catch (error: unknown) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        await client.end();
      }
    },
  };
}

function clients(url: string, anonKey: string, serviceRoleKey: string): Pick<ConformanceTarget, 'client' | 'admin'> {
  const client = (key = anonKey, options: { persistSession?: boolean } = {}) =>
    createClient(url, key, {
      auth: { persistSession: options.persistSession ?? false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { fetch },
    });
  return { client, admin: () => client(serviceRoleKey) };
}

/** The target named by CONFORMANCE_* variables (e.g. `supabase start`, or a hosted project). */
function externalTarget(): ConformanceTarget {
  const url = required('CONFORMANCE_URL').replace(/\/+$/, '');
  const anonKey = required('CONFORMANCE_ANON_KEY');
  const serviceRoleKey = required('CONFORMANCE_SERVICE_ROLE_KEY');
  const dbUrl = required('CONFORMANCE_DB_URL');
  return {
    name: 'external',
    url,
    anonKey,
    serviceRoleKey,
    keys: {
      secret: new TextEncoder().encode(required('CONFORMANCE_JWT_SECRET')),
      publishableKey: process.env.CONFORMANCE_PUBLISHABLE_KEY ?? '',
      secretKey: process.env.CONFORMANCE_SECRET_KEY ?? '',
    },
    fetch,
    s3: {
      accessKeyId: process.env.CONFORMANCE_S3_ACCESS_KEY ?? '',
      secretAccessKey: process.env.CONFORMANCE_S3_SECRET_KEY ?? '',
      region: process.env.CONFORMANCE_S3_REGION ?? 'local',
    },
    databaseUrl: process.env.CONFORMANCE_FUNCTIONS_DB_URL ?? dbUrl,
    db: sqlDatabase(dbUrl),
    ...clients(url, anonKey, serviceRoleKey),
    close: async () => undefined,
  };
}

export interface TargetOptions {
  /**
   * The suite needs a socket as well (realtime's WebSocket; an edge function calling the API
   * back): the default targets then also listen, and the suite's own HTTP still goes in-process.
   */
  listen?: boolean;
}

/**
 * The targets a conformance suite runs against: the one CONFORMANCE_URL names, or else the
 * server booted in-process on each backend of TEST_BACKENDS (the default, decision 400): its
 * supabase-js clients and `fetch` go into the envelope without a socket.
 * `CONFORMANCE_TRANSPORT=socket` starts that server on a port and talks to it over HTTP instead,
 * to show a suite answers the same through a socket (and to time the difference).
 */
export function conformanceTargets(options: TargetOptions = {}): TargetStarter[] {
  if (process.env.CONFORMANCE_URL) return [{ name: 'external', start: async () => externalTarget() }];
  return testBackends().map((backend) => ({
    name: backend,
    start: async (project) => {
      const server =
        process.env.CONFORMANCE_TRANSPORT === 'socket'
          ? await startTestServer(backend, { project })
          : await startInProcessTestServer(backend, { project, listen: options.listen ?? false });
      return {
        name: backend,
        url: server.url,
        anonKey: server.anonKey,
        serviceRoleKey: server.serviceRoleKey,
        keys: server.keys,
        fetch: server.fetch,
        s3: server.config.s3,
        databaseUrl: server.config.databaseUrl ?? '',
        db: server.db,
        client: server.client,
        admin: server.admin,
        close: server.close,
      };
    },
  }));
}

/** The part of a target the fixture helpers use (a started `TestServer` has it too). */
export type TargetAccess = Pick<ConformanceTarget, 'url' | 'anonKey' | 'serviceRoleKey' | 'keys' | 'fetch' | 'client' | 'admin'>;
