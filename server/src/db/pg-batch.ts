import { createRequire } from 'node:module';
import pg from 'pg';

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/** One statement of a batch: by name once the connection has parsed it, else parsed unnamed. */
export interface BatchStep {
  text: string;
  /** A statement this connection has already parsed under this name (`connection.parsedStatements`). */
  name?: string;
  values?: readonly unknown[];
  /** Its rows are read (Describe): at most one step of a batch. */
  rows?: boolean;
}

/** The described step's result, and how many rows each step returned. */
export interface BatchResult {
  rows: Record<string, unknown>[];
  rowCount: number;
  fields: pg.FieldDef[];
  /** Rows per step (DataRow messages). */
  stepRows: number[];
}

/** An error of a batch, with the index of the step the server reported it for. */
export interface BatchError extends Error {
  batchStep?: number;
}

/** What node-postgres' `Query` has that its type declarations leave out. */
interface QueryInternals {
  _result: { addFields(fields: unknown): void; parseRow(fields: unknown[]): Record<string, unknown> };
  callback?: (error: Error | null) => void;
}

const QueryBase = pg.Query as unknown as new (config: { text: string }) => QueryInternals;

interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[]; binary?: boolean }): void;
  describe(msg: { type: 'P' | 'S'; name?: string }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
}

/**
 * Several statements under one Sync of the extended protocol (decision 262): Parse (unnamed
 * ones only), Bind and Execute for each, Describe for the step whose rows are read, then one
 * Sync. PostgreSQL answers them all with one ReadyForQuery and one flush, where one query
 * each costs a ReadyForQuery, a flush and a wake-up of its own. After an error the server
 * skips the rest up to the Sync; the error carries the failing step's index.
 *
 * A subclass of node-postgres' `Query`, so that a pipelined client takes it, and given no
 * name, so that the client's own prepared-statement bookkeeping never sees it: the caller
 * only names statements the connection has already parsed.
 */
export class BatchQuery extends QueryBase {
  readonly #steps: readonly BatchStep[];
  readonly #done: (error: BatchError | null, result?: BatchResult) => void;
  #step = 0;
  readonly #stepRows: number[];
  #fields: pg.FieldDef[] = [];
  readonly #rows: Record<string, unknown>[] = [];
  #rowCount = 0;
  #parser: ((fields: unknown[]) => Record<string, unknown>) | null = null;
  #failed: BatchError | null = null;

  constructor(steps: readonly BatchStep[], done: (error: BatchError | null, result?: BatchResult) => void) {
    super({ text: '' });
    this.#steps = steps;
    this.#done = done;
    this.#stepRows = steps.map(() => 0);
    // node-postgres calls `callback` for errors it raises itself (a lost connection).
    this.callback = (error) => {
      if (error) this.#finish(error);
    };
  }

  requiresPreparation(): boolean {
    return true;
  }

  submit(connection: unknown): Error | null {
    const con = connection as Connection;
    // Values are converted before anything is written: a value that cannot be sent fails the batch unsent.
    let values: unknown[][];
    try {
      values = this.#steps.map((s) => (s.values ?? []).map((v) => prepareValue(v)));
    } catch (error: unknown) {
      return error instanceof Error ? error : new Error(String(error));
    }
    con.stream.cork?.();
    try {
      for (const [index, step] of this.#steps.entries()) {
        if (!step.name) con.parse({ text: step.text, types: [] });
        con.bind({ statement: step.name ?? '', values: values[index] });
        if (step.rows) con.describe({ type: 'P', name: '' });
        con.execute({ portal: '' });
      }
      con.sync();
    } finally {
      con.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: pg.FieldDef[] }): void {
    this.#fields = msg.fields;
    const result = this._result;
    result.addFields(msg.fields);
    this.#parser = (fields) => result.parseRow(fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    this.#stepRows[this.#step] = (this.#stepRows[this.#step] ?? 0) + 1;
    if (!this.#steps[this.#step]?.rows || !this.#parser || this.#failed) return;
    try {
      this.#rows.push(this.#parser(msg.fields));
    } catch (error: unknown) {
      this.#failed = error instanceof Error ? error : new Error(String(error));
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    if (this.#steps[this.#step]?.rows) {
      const count = /(\d+)$/.exec(msg.text)?.[1];
      this.#rowCount = count === undefined ? this.#rows.length : Number(count);
    }
    this.#step++;
  }

  handleEmptyQuery(): void {
    this.#step++;
  }

  handleError(error: Error): void {
    const failed = error as BatchError;
    failed.batchStep ??= this.#step;
    this.#finish(failed);
  }

  handleReadyForQuery(): void {
    if (this.#failed) this.#finish(this.#failed);
    else this.#finish(null);
  }

  #settled = false;

  #finish(error: BatchError | null): void {
    if (this.#settled) return;
    this.#settled = true;
    if (error) this.#done(error);
    else this.#done(null, { rows: this.#rows, rowCount: this.#rowCount, fields: this.#fields, stepRows: this.#stepRows });
  }
}

/** Sends the batch on a client (pipelined or not) and resolves with its result. */
export function runBatch(client: pg.ClientBase, steps: readonly BatchStep[]): Promise<BatchResult> {
  return new Promise((resolve, reject) => {
    const query = new BatchQuery(steps, (error, result) => (error ? reject(error) : resolve(result as BatchResult)));
    // A submittable is returned as it is, not as a promise: its callback settles this one.
    void client.query(query as unknown as pg.QueryConfig);
  });
}

/** Whether the client has parsed `name` as `text` (a batch may then bind it without a Parse). */
export function parsedOn(client: pg.ClientBase, name: string, text: string): boolean {
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
  return parsed?.[name] === text;
}
