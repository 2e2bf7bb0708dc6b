import type { RoleTimeouts } from '../lib/config.ts';

/**
 * The database contract every service builds on. The raw driver handle never leaves
 * this folder: services get a `Tx` inside `Database.transaction`, which has already set
 * the role, claims and request settings locally (PostgREST's order, see
 * PostgREST `Query/PreQuery.hs`), and commits or rolls back when the callback settles.
 */
export type Backend = 'pglite' | 'postgres';

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows returned by a SELECT or changed by INSERT/UPDATE/DELETE (the command tag's count). */
  rowCount: number;
  fields: Field[];
}

export interface Tx {
  /** One statement, values bound as parameters ($1, $2, …). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
  /** Several statements without parameters (migrations, seed). */
  exec(sql: string): Promise<void>;
}

export interface QueryOptions {
  /**
   * The statement's text recurs (only its values change) and its result columns do not depend
   * on the schema: the backend may keep it prepared on the connection, so that PostgreSQL
   * parses and plans it once per connection instead of once per request (decision 260).
   */
  prepare?: boolean;
}

/** Who a transaction runs as. `system` is the database owner (boot, migrations, internal writes). */
export type TxIdentity =
  | { kind: 'system' }
  | {
      kind: 'request';
      /** Database role to switch to (must be one granted to `authenticator`). */
      role: string;
      /** JWT claims, stored in `request.jwt.claims` with `role` inserted. */
      claims?: Record<string, unknown> | null;
      /** Further local settings, applied in order after role and claims (e.g. request.method). */
      settings?: ReadonlyArray<readonly [string, string]>;
      /** `search_path` for the transaction; applied first, as PostgREST does. */
      searchPath?: string;
    };

export interface TxOptions {
  readOnly?: boolean;
  /**
   * The callback runs one statement, and nothing after it asks for a rollback: the backend
   * may send BEGIN, the settings, the statement and COMMIT at once (one round trip). The
   * transaction is committed when the statement's result arrives; a second statement throws.
   */
  single?: boolean;
  /** Statement timeout in ms; defaults per role (see roleTimeoutsMs), system none. */
  timeoutMs?: number;
  /** Who the embedded database queues this under (see callerOf); derived from the request when unset. */
  caller?: string;
}

export type NotificationListener = (payload: string) => void;

/** A connection pool's state, for the metrics (PostgreSQL's pools; PGlite has none). */
export interface PoolStats {
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  readonly backend: Backend;
  transaction<T>(who: TxIdentity, fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T>;
  /** LISTEN on a channel; notifications arrive after the sending transaction commits. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * NOTIFYs each payload on `channel`, in order, in one statement outside any transaction
   * (PostgreSQL only: the embedded database has no other process to tell). The statement is
   * written to the connection before the returned promise is first awaited.
   */
  notify?(channel: string, payloads: readonly string[]): Promise<void>;
  /**
   * Statements prepared so far are not used again (after a schema change their parameter
   * types may be stale); PostgreSQL only, a no-op elsewhere.
   */
  forgetPrepared?(): void;
  close(): Promise<void>;
}

/** Statement timeouts per role in ms; `default` applies to any other request role. */
export type { RoleTimeouts };

/** As hosted Supabase sets them (`ALTER ROLE anon SET statement_timeout = '3s'`, authenticator 8 s). */
export const roleTimeoutsMs: RoleTimeouts = { anon: 3000, authenticated: 8000, default: 8000 };

/**
 * The embedded database's fair limits (decision 111). PGlite runs one statement at a time and
 * can only stop one by replacing its worker, so a statement is stopped at this limit when
 * another caller is waiting for the engine, and at hosted's (roleTimeoutsMs) otherwise.
 */
export const embeddedRoleTimeoutsMs: RoleTimeouts = { anon: 500, authenticated: 3000, service_role: 8000, default: 8000 };

export function timeoutFor(who: TxIdentity, options?: TxOptions, table: RoleTimeouts = roleTimeoutsMs): number | undefined {
  if (options?.timeoutMs !== undefined) return options.timeoutMs;
  if (who.kind === 'system') return undefined;
  return table[who.role] ?? table.default;
}
