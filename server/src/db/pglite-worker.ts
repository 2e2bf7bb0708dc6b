import { cpSync, readlinkSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { typeParsers } from './parsers.ts';
import { selectExtensions } from './pglite-extensions.ts';
import type { SerializedError, WorkerRequest, WorkerResponse } from './pglite-protocol.ts';
import { PgliteSession, type Opening } from './pglite-session.ts';

/**
 * Owns the PGlite instance, off the main thread: PGlite runs every query synchronously and
 * ignores statement_timeout, so the server keeps answering while a query runs here and can
 * stop a runaway one by terminating this thread. The main thread sends one transaction at a
 * time; this side only executes.
 */
if (!parentPort) throw new Error('pglite-worker must run as a worker thread');
const port = parentPort;
/** The id of the message being handled, for the main thread to read after a kill. */
const data = workerData as { started?: Float64Array; standby?: boolean } | null;
const started = data?.started ?? new Float64Array(2);
// This thread's id on Linux (the second slot), so the main thread can read the CPU time it has
// used (/proc/self/task/<id>/schedstat) and time statements by it on a busy machine.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && started.length > 1) started[1] = tid;
} catch {
  // not Linux: statements are timed by the clock
}

/**
 * PGlite's compiled WebAssembly and its file-system bundle, read once a thread and given to
 * every instance it opens: a thread opens the next database of its process once its own has
 * closed (decision 465). A standby thread (started after a runaway statement was stopped, to
 * replace the next one) prepares them while it waits, so taking over costs only opening the
 * data dir (decision 111).
 */
let prepared = data?.standby ? prepare() : null;
prepared?.catch(() => undefined);

/** PGlite's type for its compiled module (the TypeScript lib here declares no WebAssembly namespace). */
type CompiledModule = PGliteOptions['pgliteWasmModule'];
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledModule> };

async function prepare(): Promise<{ pgliteWasmModule: CompiledModule; fsBundle: Blob }> {
  const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([readFile(new URL('pglite.wasm', dist)), readFile(new URL('pglite.data', dist))]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
}
/**
 * A new cluster from its template: a tarball is handed to PGlite to unpack; a cluster folder is
 * copied into the data dir as it is, which costs a file copy instead of PGlite writing every
 * file of the archive through its own file system (decision 446). The copy is Node's native
 * `cpSync`, which blocks only this thread, and nothing else runs here before the database
 * opens: a cluster's 1,305 files took 43 ms of CPU that way against 157–212 ms for the
 * promise-based `cp`, which makes several calls through the thread pool for each file.
 */
async function fromTemplate(templatePath: string, dataDir: string): Promise<Blob | undefined> {
  if (!(await stat(templatePath)).isDirectory()) return new Blob([await readFile(templatePath)]);
  if (dataDir.includes('://')) throw new Error(`a cluster folder template needs a data dir on disk, not ${dataDir}`);
  cpSync(templatePath, dataDir, { recursive: true });
  return undefined;
}

let db: PGlite | null = null;
let session: PgliteSession | null = null;
const listening = new Set<string>();

function serialize(error: unknown): SerializedError {
  if (typeof error === 'object' && error !== null) {
    const e = error as Record<string, unknown>;
    const text = (key: string): string | null => (typeof e[key] === 'string' ? (e[key] as string) : null);
    return {
      code: text('code') ?? undefined,
      message: text('message') ?? String(error),
      detail: text('detail'),
      hint: text('hint'),
      table: text('table'),
      column: text('column'),
      constraint: text('constraint'),
      schema: text('schema'),
    };
  }
  return { message: String(error) };
}

function need(): PGlite {
  if (!db) throw new Error('database is not open');
  return db;
}

function needSession(): PgliteSession {
  if (!session) throw new Error('database is not open');
  return session;
}

function postNotification(channel: string, payload: string): void {
  const note: WorkerResponse = { id: -1, notify: { channel, payload } };
  port.postMessage(note);
}

async function handle(message: WorkerRequest): Promise<unknown> {
  switch (message.op) {
    case 'open': {
      if (!message.dataDir.includes('://')) await mkdir(message.dataDir, { recursive: true });
      const template = message.templatePath ? await fromTemplate(message.templatePath, message.dataDir) : undefined;
      prepared ??= prepare();
      const ready = await prepared.catch(() => null);
      db = await PGlite.create(message.dataDir, {
        ...ready,
        extensions: selectExtensions(message.extensions),
        parsers: typeParsers,
        // After PGlite's own start parameters, so that a setting named in both is the project's.
        startParams: [
          ...PGlite.defaultStartParams,
          ...Object.entries(message.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
        ],
        ...(template ? { loadDataDir: template } : {}),
      });
      db.onNotification(postNotification);
      session = new PgliteSession(db, (note) => postNotification(note.channel, note.payload));
      return null;
    }
    case 'query':
      return needSession().query(message.sql, message.params);
    case 'exec':
      if (message.sql === 'commit' || message.sql === 'rollback') {
        await needSession().end(message.sql);
      } else {
        await need().exec(message.sql);
        needSession().schemaMayHaveChanged();
      }
      return null;
    case 'begin':
      return open(message.opening, null, false);
    case 'begin-query':
      return open(message.opening, { sql: message.sql, params: message.params }, message.commit ?? false);
    case 'listen':
      if (!listening.has(message.channel)) {
        await need().exec(`listen ${quoteIdent(message.channel)}`);
        listening.add(message.channel);
      }
      return null;
    case 'unlisten':
      if (listening.delete(message.channel)) await need().exec(`unlisten ${quoteIdent(message.channel)}`);
      return null;
    case 'dump': {
      const blob = await need().dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      if (db && !db.closed) await db.close();
      db = null;
      session = null;
      listening.clear();
      return null;
  }
}

/** Starts a transaction; any error ends it at once (the caller sends nothing more for it). */
async function open(opening: Opening, first: { sql: string; params: readonly unknown[] } | null, commit: boolean) {
  const current = needSession();
  try {
    return await current.open(opening, first, commit);
  } catch (error: unknown) {
    await current.end('rollback');
    throw error;
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// One message at a time, in arrival order: a batch never interleaves with PGlite's own calls.
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (message: WorkerRequest) => {
  queue = queue
    .then(() => {
      // Quiet messages (id 0) are nobody's answer and are never sent again.
      if (message.id > 0) started[0] = message.id;
      return handle(message);
    })
    .then(
      (result) => {
        if (message.op === 'exec' && message.quiet) return;
        const reply: WorkerResponse = { id: message.id, ok: true, result };
        port.postMessage(reply);
      },
      (error: unknown) => {
        if (message.op === 'exec' && message.quiet) return;
        const reply: WorkerResponse = { id: message.id, ok: false, error: serialize(error) };
        port.postMessage(reply);
      },
    );
});
