import pg from 'pg';
import { DbError, toDbError } from './errors.ts';
import { typeParsers } from './parsers.ts';
import { settingsStatement, unknownRoleMessage } from './settings.ts';
import type { Database, NotificationListener, QueryResult, Tx, TxIdentity, TxOptions } from './types.ts';
import { timeoutFor } from './types.ts';

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
  readonly #listeners = new Map<string, Set<NotificationListener>>();
  readonly #url: string;

  constructor(url: string) {
    this.#url = url;
    this.#owner = new pg.Pool({ connectionString: url, max: 4, types });
    this.#owner.on('error', () => undefined);
  }

  /** Called after bootstrap created the authenticator role with this password. */
  useAuthenticator(password: string): void {
    this.#requests = new pg.Pool({ connectionString: withUser(this.#url, 'authenticator', password), max: 10, types });
    this.#requests.on('error', () => undefined);
  }

  async transaction<T>(who: TxIdentity, fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T> {
    const pool = who.kind === 'system' || !this.#requests ? this.#owner : this.#requests;
    const client = await pool.connect();
    let broken = false;
    try {
      const timeoutMs = timeoutFor(who, options);
      await client.query(options?.readOnly ? 'begin read only' : 'begin');
      try {
        const settings = settingsStatement(who, timeoutMs);
        if (settings && who.kind === 'request') {
          const applied = await client.query({ name: statementName(settings.sql), text: settings.sql, values: settings.params });
          if (applied.rowCount === 0) throw new DbError({ code: '22023', message: unknownRoleMessage(who.role) });
        } else if (timeoutMs !== undefined) {
          await client.query(`select set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
        }
        const tx: Tx = {
          query: async <Row>(sql: string, params: readonly unknown[] = []) => {
            const result = await client.query(sql, params as unknown[]);
            return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length, fields: result.fields } satisfies QueryResult<Row>;
          },
          exec: async (sql: string) => {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        if (options?.readOnly) {
          // node-postgres queues statements per connection, so whoever takes this connection
          // next runs after the COMMIT; a read-only COMMIT has nothing to report: don't wait.
          client.query('commit').catch(() => undefined);
        } else {
          await client.query('commit');
        }
        return result;
      } catch (error: unknown) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      }
    } catch (error: unknown) {
      throw toDbError(error);
    } finally {
      client.release(broken);
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

  async close(): Promise<void> {
    await this.#listenClient?.end().catch(() => undefined);
    await this.#requests?.end();
    await this.#owner.end();
  }
}
