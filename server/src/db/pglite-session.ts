import type { PGlite } from '@electric-sql/pglite';
import { DbError } from './errors.ts';
import { readBackendMessages, WireWriter, type BackendMessage, type WireField } from './pg-wire.ts';

/**
 * Runs statements on PGlite's one session as named prepared statements, each batch sent as
 * one wire-protocol buffer. PGlite's `query()` makes six calls into the WebAssembly module
 * per statement and parses and plans it every time; planning dominates a primary-key read
 * (measured: 1.7 ms for BEGIN + settings + read + COMMIT through `query()`, 0.16 ms as
 * prepared statements in two buffers). PostgREST prepares its statements too
 * (`db-prepared-statements`, on by default).
 *
 * PostgreSQL re-plans a prepared statement itself when a table, the role (RLS) or the
 * search_path changes; what it refuses is a different result shape ("cached plan must not
 * change result type"), so after any DDL every statement is deallocated before the next
 * transaction.
 */
export interface Notification {
  channel: string;
  payload: string;
}

export interface SessionResult {
  rows: Record<string, unknown>[];
  rowCount: number;
  fields: WireField[];
}

/** How a transaction starts (see settingsStatement: both variants bind the same values). */
export interface Opening {
  readOnly: boolean;
  settings: { checkedSql: string; directSql: string; params: string[] } | null;
  /** The request's role (null for system transactions). */
  role: string | null;
  unknownRole: string;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: WireField[];
}

/** A PostgreSQL ErrorResponse's fields (C, M, D, …) as the error every database path throws. */
function wireError(fields: Record<string, string>): DbError {
  return new DbError({
    code: fields.C ?? 'XX000',
    message: fields.M ?? 'database error',
    detail: fields.D,
    hint: fields.H,
    table: fields.t,
    column: fields.c,
    constraint: fields.n,
    schema: fields.s,
  });
}

/** Command tags after which no cached statement is trusted any more (anything but DML and session chatter). */
const plainTags = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SET',
  'SHOW',
  'FETCH',
  'MOVE',
  'COPY',
  'NOTIFY',
  'LISTEN',
  'UNLISTEN',
  'SAVEPOINT',
  'RELEASE',
  'DECLARE',
  'CLOSE',
  'EXPLAIN',
  'DISCARD',
  'DEALLOCATE',
]);
const maxStatements = 256;

function concat(chunks: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

export class PgliteSession {
  readonly #db: PGlite;
  readonly #notify: (note: Notification) => void;
  readonly #statements = new Map<string, Prepared>();
  readonly #allowedRoles = new Set<string>();
  #nextName = 1;
  #flush = false;

  constructor(db: PGlite, notify: (note: Notification) => void) {
    this.#db = db;
    this.#notify = notify;
  }

  /** Something outside this class changed the schema (a simple-protocol exec): start afresh. */
  schemaMayHaveChanged(): void {
    this.#flush = true;
  }

  /**
   * BEGIN, the settings and (when given) the first statement — and COMMIT for a
   * single-statement transaction, which PostgreSQL turns into ROLLBACK after an error. A
   * role is checked against pg_roles the first time (the checked statement returns no row
   * for a role authenticator may not use, and the first statement waits for the answer);
   * once it passed, until the next DDL, everything goes in one buffer.
   */
  async open(opening: Opening, first: { sql: string; params: readonly unknown[] } | null, commit: boolean): Promise<SessionResult | null> {
    if (this.#flush) await this.#deallocateAll();
    const writer = new WireWriter();
    const fields = [await this.#bind(writer, opening.readOnly ? 'begin read only' : 'begin', [])];
    const trusted = opening.settings !== null && opening.role !== null && this.#allowedRoles.has(opening.role);
    if (opening.settings && !trusted) {
      fields.push(await this.#bind(writer, opening.settings.checkedSql, opening.settings.params));
      const results = await this.#run(writer.sync(), fields);
      if ((results[1]?.rowCount ?? 0) === 0) throw Object.assign(new Error(opening.unknownRole), { code: '22023' });
      if (opening.role !== null) this.#allowedRoles.add(opening.role);
      if (!first) return null;
      return this.#first(new WireWriter(), [], first, commit);
    }
    if (opening.settings) fields.push(await this.#bind(writer, opening.settings.directSql, opening.settings.params));
    if (!first) {
      await this.#run(writer.sync(), fields);
      return null;
    }
    return this.#first(writer, fields, first, commit);
  }

  async #first(
    writer: WireWriter,
    fields: WireField[][],
    first: { sql: string; params: readonly unknown[] },
    commit: boolean,
  ): Promise<SessionResult> {
    const index = fields.length;
    fields.push(await this.#bind(writer, first.sql, first.params));
    writer.sync();
    if (commit) writer.query('commit');
    const results = await this.#run(writer, fields);
    return results[index] ?? { rows: [], rowCount: 0, fields: [] };
  }

  async query(sql: string, params: readonly unknown[]): Promise<SessionResult> {
    const writer = new WireWriter();
    const fields = await this.#bind(writer, sql, params);
    const results = await this.#run(writer.sync(), [fields]);
    return results[0] ?? { rows: [], rowCount: 0, fields: [] };
  }

  /** COMMIT or ROLLBACK (simple protocol); notifications of the commit are delivered. */
  async end(sql: 'commit' | 'rollback'): Promise<void> {
    await this.#run(new WireWriter().query(sql), []);
  }

  async #deallocateAll(): Promise<void> {
    this.#flush = false;
    this.#statements.clear();
    // GRANT, REVOKE and DROP ROLE are DDL too: roles are checked afresh.
    this.#allowedRoles.clear();
    await this.#run(new WireWriter().query('deallocate all'), []);
  }

  /** Adds Bind + Execute for sql, preparing it first (one extra call) when it is new; returns its result fields. */
  async #bind(writer: WireWriter, sql: string, params: readonly unknown[]): Promise<WireField[]> {
    let prepared = this.#statements.get(sql);
    if (prepared) {
      // Most recently used last: the first entry is the one to evict.
      this.#statements.delete(sql);
      this.#statements.set(sql, prepared);
    } else {
      prepared = await this.#prepare(sql);
    }
    writer.bind(prepared.name, this.#serialize(prepared.paramTypes, params)).execute();
    return prepared.fields;
  }

  async #prepare(sql: string): Promise<Prepared> {
    if (this.#statements.size >= maxStatements) {
      const [oldestSql, oldest] = this.#statements.entries().next().value ?? [];
      if (oldestSql !== undefined && oldest) {
        this.#statements.delete(oldestSql);
        await this.#exchange(new WireWriter().close(oldest.name).sync().toBytes());
      }
    }
    const name = `pinstar_${this.#nextName++}`;
    const messages = await this.#exchange(new WireWriter().parse(name, sql).describe('S', name).sync().toBytes());
    const error = messages.find((m) => m.kind === 'error');
    if (error?.kind === 'error') throw wireError(error.fields);
    let paramTypes: number[] = [];
    let fields: WireField[] = [];
    for (const m of messages) {
      if (m.kind === 'parameterDescription') paramTypes = m.types;
      if (m.kind === 'rowDescription') fields = m.fields;
    }
    const prepared = { name, paramTypes, fields };
    this.#statements.set(sql, prepared);
    return prepared;
  }

  /** Values as PGlite's own `query()` sends them: its serializer for the parameter's type, else text. */
  #serialize(types: number[], params: readonly unknown[]): Array<string | null> {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#db.serializers[types[i] ?? 0];
      return serializer ? serializer(value) : String(value as string);
    });
  }

  /** Sends a batch; returns one result per Execute; throws the first error. */
  async #run(writer: WireWriter, fieldLists: WireField[][]): Promise<SessionResult[]> {
    const messages = await this.#exchange(writer.toBytes());
    const results: SessionResult[] = [];
    let rows: Record<string, unknown>[] = [];
    let error: DbError | null = null;
    for (const m of messages) {
      if (m.kind === 'dataRow') {
        rows.push(this.#row(fieldLists[results.length] ?? [], m.values));
      } else if (m.kind === 'commandComplete') {
        const parts = m.tag.split(' ');
        if (!plainTags.has(parts[0] ?? '')) this.#flush = true;
        const count = Number(parts[parts.length - 1]);
        results.push({ rows, rowCount: Number.isInteger(count) ? count : 0, fields: fieldLists[results.length] ?? [] });
        rows = [];
      } else if (m.kind === 'error' && !error) {
        error = wireError(m.fields);
        // A statement whose result shape changed under it is prepared afresh next time.
        if (error.code === '0A000') this.#flush = true;
      }
    }
    if (error) throw error;
    return results;
  }

  #row(fields: WireField[], values: Array<string | null>): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    const parsers = this.#db.parsers;
    for (let i = 0; i < values.length; i++) {
      const field = fields[i];
      const value = values[i] ?? null;
      if (!field) continue;
      const parser = parsers[field.dataTypeID];
      row[field.name] = value === null ? null : parser ? parser(value, field.dataTypeID) : value;
    }
    return row;
  }

  /**
   * One call into PGlite. The streaming variant hands the answer over as it is written,
   * without PGlite's own parsing (which would also deliver notifications and keep every
   * message); notifications in the answer go to the listener here, once.
   */
  async #exchange(bytes: Uint8Array): Promise<BackendMessage[]> {
    const chunks: Uint8Array[] = [];
    await this.#db.execProtocolRawStream(bytes, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const messages = readBackendMessages(chunks.length === 1 && chunks[0] ? chunks[0] : concat(chunks));
    for (const m of messages) if (m.kind === 'notification') this.#notify({ channel: m.channel, payload: m.payload });
    return messages;
  }
}
