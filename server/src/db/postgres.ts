/**
 * PostgreSQL through node-postgres, as hosted Supabase runs requests (decisions 003, 260–262).
 *
 * Over 300 lines: `transaction()` is one ordered exchange with the connection — BEGIN, the
 * settings, prepared or unnamed statements, COMMIT in one batch, then what each failure leaves
 * the connection able to do — and reads like the protocol only in one piece; the batch itself
 * (pg-batch.ts) and the settings statement (settings.ts) live beside it.
 */
import pg from 'pg';
import { DbError, toDbError } from './errors.ts';
import { typeParsers } from './parsers.ts';
import { parsedOn, runBatch, type BatchError, type BatchStep } from './pg-batch.ts';
import { isRoleKeyword, settingsStatement, unknownRoleMessage } from './settings.ts';
import {
  roleTimeoutsMs,
  timeoutFor,
  type Database,
  type NotificationListener,
  type PoolStats,
  type QueryOptions,
  type QueryResult,
  type RoleTimeouts,
  type Tx,
  type TxIdentity,
  type TxOptions,
} from './types.ts';

const types = {
  getTypeParser(oid: number, format?: string) {
    const custom = typeParsers[oid];
    if (custom && format !== 'binary') return custom;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/**
 * node-postgres corks its socket per statement; corking around a transaction's first sends
 * (BEGIN, settings, the first statement, COMMIT of a single-statement transaction) makes
 * them one system call instead of four. Returns the idempotent uncork.
 */
function cork(client: pg.PoolClient): () => void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return () => undefined;
  stream.cork();
  let corked = true;
  return () => {
    if (corked) {
      corked = false;
      stream.uncork?.();
    }
  };
}

const statementNames = new Map<string, string>();

/**
 * The settings statement runs first in every request transaction and has a few shapes only:
 * prepared once per connection (its result is always text, so no DDL can change it).
 */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < 100) {
    name = `pinstar_settings_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

interface NamedStatement {
  name: string;
  text: string;
}

/** BEGIN and COMMIT of request transactions, named so that a batch binds them without a Parse (decision 262). */
const beginReadWrite: NamedStatement = { name: 'pinstar_begin', text: 'begin' };
const beginReadOnly: NamedStatement = { name: 'pinstar_begin_read_only', text: 'begin read only' };
const commitStatement: NamedStatement = { name: 'pinstar_commit', text: 'commit' };
const rollback = 'rollback';

/** "permission denied to set role" from the settings statement: one answer for every role authenticator may not use. */
function settingsError(error: unknown, who: TxIdentity): unknown {
  if (error instanceof Error && 'code' in error && (error.code === '42501' || error.code === '22023')) {
    return new DbError({ code: '22023', message: unknownRoleMessage(who.kind === 'request' ? who.role : '') });
  }
  return error;
}

/** Prepared request statements one connection keeps; past them it is closed when released. */
const preparedPerConnection = 200;
/** Statement texts remembered to tell a recurring shape from a one-off; cleared when full. */
const shapesRemembered = 5000;

/**
 * Names for request statements that recur (decision 260): a text is prepared from its second
 * use on, under a name that is never reused for another text. `forget` starts over with new
 * names, so statements prepared before a schema change are not run again.
 */
class PreparedNames {
  #next = 1;
  readonly #shapes = new Map<string, string | null>();

  name(sql: string): string | undefined {
    const known = this.#shapes.get(sql);
    if (known) return known;
    if (known === undefined) {
      if (this.#shapes.size >= shapesRemembered) this.#shapes.clear();
      this.#shapes.set(sql, null);
      return undefined;
    }
    const name = `pinstar_rest_${this.#next++}`;
    this.#shapes.set(sql, name);
    return name;
  }

  forget(): void {
    this.#shapes.clear();
  }
}

/**
 * PostgreSQL through node-postgres. As on hosted Supabase, API requests run on connections
 * of the non-superuser `authenticator` role, which switches to the request's role; `system`
 * transactions (boot, migrations, auth and storage internals) use the owner's DATABASE_URL.
 */
export class PostgresDatabase implements Database {
  readonly backend = 'postgres' as const;
  readonly #owner: pg.Pool;
  #requests: pg.Pool | null = null;
  #listenClient: pg.Client | null = null;
  /** A connection of its own for `notify`, so that NOTIFYs leave in order and at once. */
  #notifyClient: pg.Client | null = null;
  #notifyConnecting: Promise<pg.Client> | null = null;
  readonly #listeners = new Map<string, Set<NotificationListener>>();
  readonly #url: string;
  readonly #timeouts: RoleTimeouts;
  readonly #prepared = new PreparedNames();
  /** The request statements each authenticator connection has been asked to prepare. */
  readonly #preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

  constructor(url: string, timeouts: RoleTimeouts = roleTimeoutsMs) {
    this.#url = url;
    this.#timeouts = timeouts;
    this.#owner = new pg.Pool({ connectionString: url, max: 4, types });
    this.#owner.on('error', () => undefined);
  }

  /** The owner's and the request role's pools, for the metrics. */
  poolStats(): PoolStats[] {
    const of = (pool: string, p: pg.Pool | null): PoolStats[] =>
      p ? [{ pool, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount }] : [];
    return [...of('owner', this.#owner), ...of('authenticator', this.#requests)];
  }

  /** Called after bootstrap created the authenticator role with this password. */
  useAuthenticator(password: string): void {
    this.#requests = new pg.Pool({ connectionString: withUser(this.#url, 'authenticator', password), max: 10, types, pipeline: true });
    this.#requests.on('error', () => undefined);
  }

  /**
   * Request transactions run on `authenticator` connections in node-postgres' pipeline mode:
   * BEGIN, the settings statement and the first statement leave in one write and cost one
   * round trip; the server itself refuses a role authenticator may not switch to, and that
   * error aborts the transaction before anything sent behind it runs. Results are handed
   * out only once BEGIN and the settings succeeded.
   */
  async transaction<T>(who: TxIdentity, fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T> {
    const requests = who.kind === 'request' ? this.#requests : null;
    if (who.kind === 'request' && isRoleKeyword(who.role)) throw new DbError({ code: '22023', message: unknownRoleMessage(who.role) });
    const client = await (requests ?? this.#owner).connect();
    let broken = false;
    // A connection at its prepared-statement limit runs new texts unnamed and is then closed:
    // the pool opens a fresh one, which prepares from scratch (node-postgres' public API only).
    let retire = false;
    try {
      const timeoutMs = timeoutFor(who, options, this.#timeouts);
      // Everything sent before the callback's first await leaves in one write (writev).
      const flush = cork(client);
      const prepared = requests ? this.#preparedSet(client) : null;
      const begin = options?.readOnly ? beginReadOnly : beginReadWrite;
      let ready: Promise<unknown> | null = null;
      /** BEGIN and the settings, each a query of its own (named on authenticator connections, so a later batch can bind them). */
      const start = (): Promise<unknown> => {
        if (ready) return ready;
        const begun = requests ? client.query(begin) : client.query(begin.text);
        const prelude = requests ? this.#settings(client, who, timeoutMs, 'server') : this.#settings(client, who, timeoutMs, 'query');
        ready = Promise.all([begun, prelude]);
        ready.catch(() => undefined);
        return ready;
      };
      // A single statement on an authenticator connection may leave with BEGIN, the settings and
      // COMMIT under one Sync (decision 262): nothing is sent before the statement is known.
      const batchable = requests !== null && options?.single === true && who.kind === 'request';
      if (!batchable) void start();
      let ended = false;
      try {
        // Without pipelining (the owner's pool), nothing is sent before the role check passed.
        if (!requests) {
          flush();
          await ready;
        }
        const after = async <R>(pending: Promise<R>): Promise<R> => {
          pending.catch(() => undefined);
          // A settings error wins over the "transaction is aborted" errors that follow it.
          await start();
          return pending;
        };
        const tx: Tx = {
          query: async <Row>(sql: string, params: readonly unknown[] = [], queryOptions?: QueryOptions) => {
            if (ended) throw new Error('a single-statement transaction ran a second statement');
            let name = prepared && queryOptions?.prepare ? this.#prepared.name(sql) : undefined;
            if (name && !prepared?.has(name)) {
              if ((prepared?.size ?? 0) >= preparedPerConnection) {
                name = undefined;
                retire = true;
              } else prepared?.add(name);
            }
            if (batchable && !ready) {
              const batch = this.#batch(client, who, timeoutMs, begin, { text: sql, values: params, name, rows: true });
              if (batch) {
                ended = true;
                try {
                  const result = await runBatch(client, batch);
                  return { rows: result.rows as Row[], rowCount: result.rowCount, fields: result.fields } satisfies QueryResult<Row>;
                } catch (error: unknown) {
                  // The transaction may be open and aborted (an error before COMMIT): end it before the
                  // connection is reused. After a failed COMMIT there is none, and ROLLBACK only warns.
                  await client.query(rollback).catch(() => {
                    broken = true;
                  });
                  throw (error as BatchError).batchStep === 1 ? settingsError(error, who) : error;
                }
              }
            }
            void start();
            const pending = name ? client.query({ name, text: sql, values: params as unknown[] }) : client.query(sql, params as unknown[]);
            if (options?.single) {
              // COMMIT leaves with the statement; after an error the server answers it with ROLLBACK.
              ended = true;
              const commit = requests ? client.query(commitStatement) : client.query(commitStatement.text);
              commit.catch(() => undefined);
              const result = await after(pending);
              await commit;
              return {
                rows: result.rows as Row[],
                rowCount: result.rowCount ?? result.rows.length,
                fields: result.fields,
              } satisfies QueryResult<Row>;
            }
            const result = await after(pending);
            return {
              rows: result.rows as Row[],
              rowCount: result.rowCount ?? result.rows.length,
              fields: result.fields,
            } satisfies QueryResult<Row>;
          },
          exec: async (sql: string) => {
            void start();
            await after(client.query(sql));
          },
        };
        const running = fn(tx);
        flush();
        const result = await running;
        if (ended) {
          await ready;
          return result;
        }
        // No statement ran: the role is still checked and the transaction committed.
        await start();
        if (options?.readOnly) {
          // node-postgres sends statements per connection in order, so whoever takes this
          // connection next runs after the COMMIT; a read-only COMMIT has nothing to report.
          client.query(commitStatement.text).catch(() => undefined);
        } else {
          await client.query(commitStatement.text);
        }
        return result;
      } catch (error: unknown) {
        flush();
        if (!ended && ready) {
          await client.query(rollback).catch(() => {
            broken = true;
          });
        }
        throw error;
      }
    } catch (error: unknown) {
      throw toDbError(error);
    } finally {
      client.release(broken || retire);
    }
  }

  /**
   * BEGIN, the settings, the statement and COMMIT as one batch, when the connection has already
   * parsed BEGIN, COMMIT and the settings' text (the first transaction of a connection sends
   * them one by one, named) and the statement is unnamed or parsed too; null otherwise.
   */
  #batch(
    client: pg.PoolClient,
    who: TxIdentity,
    timeoutMs: number | undefined,
    begin: NamedStatement,
    main: BatchStep,
  ): BatchStep[] | null {
    const settings = settingsStatement(who, timeoutMs, 'server');
    const settingsName = settings ? statementName(settings.sql) : undefined;
    if (!settings || !settingsName || !parsedOn(client, settingsName, settings.sql)) return null;
    if (!parsedOn(client, begin.name, begin.text) || !parsedOn(client, commitStatement.name, commitStatement.text)) return null;
    if (main.name && !parsedOn(client, main.name, main.text)) return null;
    return [begin, { name: settingsName, text: settings.sql, values: settings.params }, main, commitStatement];
  }

  /** The request statements this connection has prepared. */
  #preparedSet(client: pg.PoolClient): Set<string> {
    let names = this.#preparedOn.get(client);
    if (!names) {
      names = new Set();
      this.#preparedOn.set(client, names);
    }
    return names;
  }

  forgetPrepared(): void {
    this.#prepared.forget();
  }

  /** The request settings (or the system statement timeout); rejects as PostgREST for a role authenticator may not use. */
  async #settings(client: pg.PoolClient, who: TxIdentity, timeoutMs: number | undefined, roleCheck: 'query' | 'server'): Promise<void> {
    const settings = settingsStatement(who, timeoutMs, roleCheck);
    if (settings && who.kind === 'request') {
      let applied: pg.QueryResult;
      try {
        applied = await client.query({ name: statementName(settings.sql), text: settings.sql, values: settings.params });
      } catch (error: unknown) {
        throw roleCheck === 'server' ? settingsError(error, who) : error;
      }
      if (applied.rowCount === 0) throw new DbError({ code: '22023', message: unknownRoleMessage(who.role) });
    } else if (timeoutMs !== undefined) {
      await client.query(`select set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
    }
  }

  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    if (!this.#listenClient) {
      const client = new pg.Client({ connectionString: this.#url, types });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (message) => {
        for (const l of this.#listeners.get(message.channel) ?? []) l(message.payload ?? '');
      });
      this.#listenClient = client;
    }
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#listenClient.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    set.add(listener);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.#listeners.delete(channel);
      await this.#listenClient?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  notify(channel: string, payloads: readonly string[]): Promise<void> {
    const sql = `select pg_notify($1, n) from unnest($2::text[]) as n`;
    const run = async (client: pg.Client) => {
      await client.query(sql, [channel, payloads]);
    };
    // With the connection open, the statement is written now, before the caller's next await.
    if (this.#notifyClient) return run(this.#notifyClient);
    this.#notifyConnecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.#url, types });
      const lost = () => {
        if (this.#notifyClient === client) this.#notifyClient = null;
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (error: unknown) {
        this.#notifyConnecting = null;
        throw error;
      }
      this.#notifyClient = client;
      this.#notifyConnecting = null;
      return client;
    })();
    return this.#notifyConnecting.then(run);
  }

  async close(): Promise<void> {
    await this.#notifyClient?.end().catch(() => undefined);
    await this.#listenClient?.end().catch(() => undefined);
    await this.#requests?.end();
    await this.#owner.end();
  }
}
