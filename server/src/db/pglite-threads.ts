import { Worker } from 'node:worker_threads';
import { siblingModule } from '../lib/package-paths.ts';

/** A thread that runs a PGlite instance (pglite-worker), and the memory it records each message it starts in. */
export interface EngineThread {
  worker: Worker;
  /** [the id of the message it started last, its thread id on Linux] (see PgliteDatabase). */
  started: Float64Array<ArrayBufferLike>;
}

/**
 * The threads of databases closed cleanly, kept for the next database this process opens
 * (decision 465). A thread costs a Node environment, PGlite's modules and its compiled
 * WebAssembly before it opens anything; a thread that has closed its database keeps all three,
 * and opens the next data dir in about half the CPU (measured: 360 → 190 ms an open, the thread
 * start and the compile skipped). A process opens databases in turn when it runs test suites,
 * one server after another. One thread is kept: more would hold memory for
 * databases opened side by side, which start their threads together anyway.
 */
const parked: EngineThread[] = [];
const maxParked = 1;

/** How many threads are kept now (0 or 1). */
export function keptThreads(): number {
  return parked.length;
}

/** A new thread; `standby` compiles PGlite's WebAssembly before it is asked to open anything. */
export function spawnThread(standby: boolean): EngineThread {
  // The worker writes the id of each message it starts here: after a kill, what it never
  // started can be sent again without running anything twice.
  // The second slot gets the thread's id on Linux (its CPU time is read by #engineMs).
  const started = new Float64Array(new SharedArrayBuffer(16));
  const worker = new Worker(siblingModule(import.meta.url, 'pglite-worker'), { workerData: { started, standby } });
  return { worker, started };
}

/**
 * Removes the listeners a database or the pool added. Not `removeAllListeners()`: the Worker's
 * own `newListener` and `removeListener` hooks start its message port when a 'message' listener
 * is added, and without them a new database would never hear its answers.
 */
function forget(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

/** A kept thread, with no listener left from its last database; null when none is kept. */
export function takeThread(): EngineThread | null {
  const thread = parked.pop();
  if (!thread) return null;
  forget(thread.worker);
  thread.worker.ref();
  return thread;
}

/**
 * Keeps the thread of a database that closed cleanly (its PGlite instance closed, no message
 * left) for the next one, if none is kept yet; returns whether it was kept, else the caller
 * ends it. A kept thread does not hold the process open, and leaves the pool if it exits.
 */
export function parkThread(thread: EngineThread): boolean {
  if (parked.length >= maxParked) return false;
  const { worker } = thread;
  forget(worker);
  // Ids start again at 1 with the next database: a stale "last started" would count its first
  // messages as started if the thread were killed before it ran any.
  thread.started[0] = 0;
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const index = parked.indexOf(thread);
    if (index >= 0) parked.splice(index, 1);
  });
  worker.unref();
  parked.push(thread);
  return true;
}
