import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, QueryOptions, TxIdentity, TxOptions } from '../../server/src/db/types.ts';

/**
 * The floor of a REST request on this stack (decision 420): a plain `node:http` handler, no
 * framework on either side, running the very transaction the REST service ran for the same
 * request — its identity and settings, its statement text, its parameters with the
 * iteration's values, its query and transaction options (a prepared statement stays prepared,
 * a single statement leaves under one Sync) — through the server's own database handle, and
 * writing the statement's answer as REST writes it: one `writeHead` with REST's own header list
 * and `Content-Length`, one `end`. What is left between REST and the floor is REST's work: reading
 * the request, the key and the URL grammar, the schema cache, building the SQL, the metrics.
 */
export interface Captured {
  who: TxIdentity;
  options: TxOptions;
  sql: string;
  params: unknown[];
  queryOptions: QueryOptions | undefined;
  /** REST's answer to the captured request: status, header list (no Date, no connection headers), body. */
  status: number;
  headers: string[];
  body: string;
  /** The value that changes with the iteration, as captured (set by the bench). */
  token?: string;
}

/** Header names Node writes itself, or that change from one answer to the next. */
const ownHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A statement the server ran, in the transaction it ran in. */
export interface SeenQuery {
  who: TxIdentity;
  options: TxOptions;
  sql: string;
  params: unknown[];
  queryOptions: QueryOptions | undefined;
}

/**
 * Runs `run` with every statement `db` runs in a transaction reported to `seen`, then puts the
 * database's own `transaction` back (the REST benches read what REST sends to the database).
 */
export async function whileSeeingQueries<T>(db: Database, seen: (query: SeenQuery) => void, run: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(db, 'transaction');
  const original = db.transaction.bind(db);
  db.transaction = (who, fn, options) =>
    original(
      who,
      (tx) =>
        fn({
          ...tx,
          query: (sql, params, queryOptions) => {
            seen({ who, options: options ?? {}, sql, params: [...(params ?? [])], queryOptions });
            return tx.query(sql, params, queryOptions);
          },
        }),
      options,
    );
  try {
    return await run();
  } finally {
    if (own) Object.defineProperty(db, 'transaction', own);
    else Reflect.deleteProperty(db, 'transaction');
  }
}

/**
 * Runs `send` (one request to the REST service) and keeps the last transaction it ran, and the
 * answer `send` returns as raw response bytes.
 */
export async function captureRest(db: Database, send: () => Promise<Buffer>): Promise<Captured> {
  let main: SeenQuery | null = null;
  const raw = await whileSeeingQueries(
    db,
    (query) => {
      main = query;
    },
    send,
  );
  const captured = main as Omit<Captured, 'status' | 'headers' | 'body'> | null;
  if (!captured) throw new Error('the REST request ran no statement');
  const headEnd = raw.indexOf('\r\n\r\n');
  const lines = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(lines[0]?.slice(9, 12));
  const headers: string[] = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    if (!ownHeaders.has(name.toLowerCase())) headers.push(name, line.slice(colon + 1).trim());
  }
  return { ...captured, status, headers, body: raw.subarray(headEnd + 4).toString('utf8') };
}

/** A captured transaction and how its parameters change with the iteration. */
export interface FloorStatement {
  captured: Captured;
  /** The statement for iteration i (the captured one with i's values). */
  statement: (i: number) => { sql: string; params: unknown[]; headers: string[] };
}

/** The body REST reads from its main statement's row (`readRow` in the REST service). */
export function bodyOf(row: Record<string, unknown> | undefined): string {
  return typeof row?.body === 'string' ? row.body : '';
}

/** `/floor/<scenario>/<i>` runs scenario's captured transaction for iteration i. */
export async function startFloor(db: Database, statements: FloorStatement[]): Promise<{ url: string; close: () => Promise<void> }> {
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const [, , scenario, i] = (req.url ?? '').split('/');
    const statement = statements[Number(scenario)];
    if (!statement) {
      res.writeHead(404, ['Content-Length', '0']);
      res.end();
      return;
    }
    const { captured } = statement;
    const { sql, params, headers } = statement.statement(Number(i));
    const { rows } = await db.transaction(captured.who, (tx) => tx.query(sql, params, captured.queryOptions), captured.options);
    const body = bodyOf(rows[0]);
    if (captured.status !== 204) headers.push('Content-Length', String(Buffer.byteLength(body)));
    res.writeHead(captured.status, headers);
    res.end(body);
  };
  const server = createServer((req, res) => {
    // The request carries the same body as REST's (an insert's row, a call's arguments): read
    // to its end as REST reads it, not parsed — the floor's values come with the URL.
    const chunks: Buffer[] = [];
    const run = () =>
      answer(req, res).catch((error: unknown) => {
        process.stderr.write(`floor: ${String(error)}\n`);
        if (!res.headersSent) res.writeHead(500, ['Content-Length', '0']);
        res.end();
      });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void run());
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
