/**
 * The embedded database's driver: PGlite in a worker thread, one transaction at a time.
 *
 * Over 300 lines: it is one class whose private state — the worker, its unanswered messages in
 * order, the running statement's clock, the standby thread and the restart in progress — every
 * method reads and changes; a split would have to expose that state to the other file and keep
 * it consistent across both. The pieces that stand alone already live beside it
 * (fair-scheduler.ts, pglite-protocol.ts, pglite-session.ts, pglite-threads.ts, pglite-worker.ts).
 */
import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { callerOf } from './caller.ts';
import { diskFullDbError, embeddedStartBytes, embeddedWriteReserveBytes, freeBytes } from './disk-space.ts';
import { DbError, statementTimeoutError } from './errors.ts';
import { FairScheduler, type FairSchedulerOptions } from './fair-scheduler.ts';
import type { SerializedError, WorkerRequest, WorkerResponse } from './pglite-protocol.ts';
import type { Opening } from './pglite-session.ts';
import { parkThread, spawnThread, takeThread, type EngineThread } from './pglite-threads.ts';
import { settingsStatement, unknownRoleMessage } from './settings.ts';
import {
  embeddedRoleTimeoutsMs,
  roleTimeoutsMs,
  timeoutFor,
  type Database,
  type NotificationListener,
  type QueryResult,
  type RoleTimeouts,
  type Tx,
  type TxIdentity,
  type TxOptions,
} from './types.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Request = DistributiveOmit<WorkerRequest, 'id'>;
/**
 * When a statement is stopped (decision 111): at `fairMs` if another caller is waiting for
 * the engine by then, else at `fullMs` (hosted's timeout for the role).
 */
type Limits = { fairMs: number; fullMs: number };
/** When the running statement's CPU time starts being read (it counts in full before). */
const engineBaseMs = 25;
/** A statement starved of CPU is still stopped once this many times its limit has passed. */
const wallBackstop = 4;
const minRecheckMs = 10;
type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  limits: Limits | undefined;
  request: Request;
  caller: string;
};

/** How the embedded database shares its one session: statement timeouts per role and the scheduler's limits. */
export interface PgliteOptions {
  timeouts?: RoleTimeouts;
  /** PostgreSQL settings the engine starts with (`[db.settings]`), names and values as validated by the config schema. */
  settings?: Record<string, string>;
  scheduler?: Omit<FairSchedulerOptions, 'engineLoad' | 'now'>;
}

/** Internal work (LISTEN, dumps, close) queues under this caller. */
const serverCaller = 'server';
/** Messages outside transactions (open, LISTEN, dump) are not charged to anyone. */
const uncharged = '';

/**
 * A write-ahead-log file the engine could not write: PostgreSQL PANICs there, and PGlite's
 * instance answers nothing after it (measured: the next query never returns), so the worker
 * is replaced and the data dir reopened (WAL replay) — at once when the disk has room again,
 * else on the next transaction (see #recover).
 */
function isLogWriteFailure(error: SerializedError): boolean {
  return error.code === '53100' && /pg_wal\//.test(error.message);
}

function toError(error: SerializedError): Error {
  if (error.code && /^[0-9A-Z]{5}$/.test(error.code)) return new DbError({ ...error, code: error.code });
  return new Error(error.message);
}

/**
 * PGlite behind a worker thread. One transaction at a time (PGlite is one session), whose
 * turn a fair scheduler hands out per caller (decision 110); a statement that outlives its
 * timeout terminates the worker, which is reopened on the same data dir — PGlite survives a
 * kill like PostgreSQL survives a crash (WAL replay).
 */
export class PgliteDatabase implements Database {
  readonly backend = 'pglite' as const;
  readonly #dataDir: string;
  readonly #extensions: string[];
  readonly #timeouts: RoleTimeouts;
  readonly #settings: Record<string, string>;
  readonly #scheduler: FairScheduler;
  /** When the oldest unanswered message became the one running. */
  #headSince = 0;
  readonly #listeners = new Map<string, Set<NotificationListener>>();
  #worker: Worker | null = null;
  #pending = new Map<number, Pending>();
  /** Unanswered messages in the order the worker will take them. */
  #order: number[] = [];
  #timer: NodeJS.Timeout | null = null;
  #started: Float64Array<ArrayBufferLike> = new Float64Array(2);
  #nextId = 1;
  /** A runaway statement is being stopped: nothing may be granted until the restart is under way. */
  #stopping = false;
  #closed = false;

  private constructor(dataDir: string, extensions: string[], options: PgliteOptions) {
    this.#dataDir = dataDir;
    this.#extensions = extensions;
    this.#timeouts = options.timeouts ?? embeddedRoleTimeoutsMs;
    this.#settings = options.settings ?? {};
    this.#scheduler = new FairScheduler({
      ...options.scheduler,
      engineLoad: () => this.#engineLoad(),
      onWait: (caller) => this.#onWait(caller),
    });
  }

  /** Messages the engine has not answered; none can be sent while it restarts. */
  #engineLoad(): number {
    if (this.#closed) return 0;
    if (this.#restarting || this.#stopping) return Infinity;
    return this.#order.length;
  }

  /**
   * Opens (or creates) the cluster in dataDir; a new cluster is unpacked from templatePath when
   * given (a tarball), or copied from it (a stopped cluster's folder, on disk only). `extensions` names the contrib extensions the SQL may create (see selectExtensions).
   */
  static async open(
    dataDir: string,
    templatePath: string | null = null,
    extensions: string[] = [],
    options: PgliteOptions = {},
  ): Promise<PgliteDatabase> {
    const database = new PgliteDatabase(dataDir, extensions, options);
    try {
      await database.#start(templatePath);
    } catch (error: unknown) {
      // A start that failed (a full disk, a damaged data dir) leaves no thread behind to keep the process up.
      const worker = database.#worker;
      database.#worker = null;
      await worker?.terminate();
      throw error;
    }
    return database;
  }

  /**
   * A thread that replaces the current one after a runaway statement is stopped, already
   * holding PGlite's compiled WebAssembly (see pglite-worker). Only kept once statements
   * were stopped twice: callers that send runaway statements tend to send more.
   */
  #standby: EngineThread | null = null;
  #wantStandby = false;
  #stops = 0;

  #spawn(standby: boolean): EngineThread {
    const thread = spawnThread(standby);
    if (standby) {
      thread.worker.on('error', () => undefined);
      thread.worker.on('exit', () => {
        if (this.#standby?.worker === thread.worker) this.#standby = null;
      });
    }
    return thread;
  }

  async #start(templatePath: string | null): Promise<void> {
    const { worker, started } = this.#standby ?? takeThread() ?? this.#spawn(false);
    this.#standby = null;
    this.#started = started;
    this.#worker = worker;
    worker.on('message', (message: WorkerResponse) => this.#onMessage(message));
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', () => {
      if (this.#worker === worker) {
        this.#worker = null;
        this.#failAll(new Error('the database worker stopped'));
      }
    });
    await this.#send({ op: 'open', dataDir: this.#dataDir, templatePath, extensions: this.#extensions, settings: this.#settings });
    for (const channel of this.#listeners.keys()) await this.#send({ op: 'listen', channel });
  }

  #onMessage(message: WorkerResponse): void {
    if ('notify' in message) {
      for (const listener of this.#listeners.get(message.notify.channel) ?? []) listener(message.notify.payload);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#settle(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(toError(message.error));
    if (!message.ok && isLogWriteFailure(message.error)) void this.#restart(uncharged).catch(() => undefined);
  }

  /**
   * Forgets an answered (or abandoned) message; the next in line is the one now running.
   * The engine time of the one that was running is charged to its caller.
   */
  #settle(id: number): void {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    const index = this.#order.indexOf(id);
    if (index >= 0) this.#order.splice(index, 1);
    if (index === 0) {
      const now = performance.now();
      if (pending && pending.caller !== uncharged) this.#scheduler.charge(pending.caller, now - this.#headSince);
      this.#headSince = now;
      this.#arm();
    }
    if (this.#wantStandby && this.#order.length === 0 && !this.#restarting && !this.#standby && !this.#closed) {
      this.#wantStandby = false;
      this.#standby = this.#spawn(true);
    }
    this.#scheduler.pump();
  }

  /**
   * The worker handles messages in order, so only the oldest unanswered one is running: its
   * statement timeout is counted from when the one before it was answered, not from when it
   * was queued. At its fair limit it is stopped if another caller is waiting; otherwise it
   * may run on to its full limit, unless another caller starts waiting first (#onWait).
   */
  #arm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#engineBase = null;
    const head = this.#order[0];
    const pending = head === undefined ? undefined : this.#pending.get(head);
    if (head === undefined || !pending?.limits) return;
    const { fairMs, fullMs } = pending.limits;
    const check = () => {
      const used = this.#engineMs();
      if (used >= fullMs || performance.now() - this.#headSince >= fullMs * wallBackstop) this.#stopHead(head, pending);
      else if (used >= fairMs && this.#othersWait(pending.caller)) this.#stopHead(head, pending);
      else this.#timer = setTimeout(check, Math.max(minRecheckMs, (used < fairMs ? fairMs : fullMs) - used));
    };
    // Most statements end before the first timer: the CPU time is only read for those that do not.
    const baseAt = Math.min(engineBaseMs, fairMs);
    this.#timer = setTimeout(() => {
      const cpu = this.#threadCpuMs();
      this.#engineBase = cpu === null ? null : { cpu, wall: performance.now() };
      this.#timer = setTimeout(check, fairMs - baseAt);
    }, baseAt);
  }

  /** Where the running statement's engine time is counted from (see #engineMs). */
  #engineBase: { cpu: number; wall: number } | null = null;

  /**
   * How long the running statement has had the engine: the CPU time its worker thread used
   * since the statement's first moments (counted in full) on Linux, else the time since it
   * started. On a machine busy with other work a statement waits for a core without using
   * its limit, as a database server's backend would on a machine of its own.
   */
  #engineMs(): number {
    const wall = performance.now() - this.#headSince;
    const base = this.#engineBase;
    if (!base) return wall;
    const cpu = this.#threadCpuMs();
    return cpu === null ? wall : base.wall - this.#headSince + (cpu - base.cpu);
  }

  /** The CPU time the worker thread has used (ms), from /proc; null where there is none. */
  #threadCpuMs(): number | null {
    const tid = this.#started[1];
    if (!tid) return null;
    try {
      return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return null;
    }
  }

  /** Whether another caller waits for its turn or has a message queued behind the running one. */
  #othersWait(caller: string): boolean {
    if (this.#scheduler.hasWaitingOtherThan(caller)) return true;
    return this.#order.some((id, index) => {
      const other = index > 0 ? this.#pending.get(id)?.caller : undefined;
      return other !== undefined && other !== caller && other !== uncharged;
    });
  }

  /** Another caller started waiting: the running statement goes if it is past its fair limit. */
  #onWait(caller: string): void {
    const head = this.#order[0];
    const pending = head === undefined ? undefined : this.#pending.get(head);
    if (head === undefined || !pending?.limits || pending.caller === caller) return;
    if (this.#engineMs() >= pending.limits.fairMs) this.#stopHead(head, pending);
  }

  /** Stops the running statement: it fails with 57014 and the worker is replaced. */
  #stopHead(head: number, pending: Pending): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#stopping = true;
    this.#settle(head);
    pending.reject(statementTimeoutError());
    void this.#restart(pending.caller);
    this.#stopping = false;
  }

  #failAll(error: unknown): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.#order = [];
    this.#arm();
    for (const p of pending) p.reject(error);
    this.#scheduler.pump();
  }

  #send(request: Request, limits?: Limits, caller = uncharged): Promise<unknown> {
    const worker = this.#worker;
    if (!worker) return Promise.reject(new Error(this.#closed ? 'the database is closed' : 'the database is restarting'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, limits, request, caller });
      this.#order.push(id);
      worker.postMessage({ ...request, id } as WorkerRequest);
      if (this.#order.length === 1) {
        this.#headSince = performance.now();
        this.#arm();
      } else if (caller !== uncharged) {
        this.#onWait(caller);
      }
    });
  }

  #restarting: Promise<void> | null = null;
  /** Single-statement transactions sent and not yet answered (see transaction). */
  readonly #inFlight = new Set<Promise<void>>();

  async #drainInFlight(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /**
   * Stops a runaway statement: kill the worker thread, reopen the data dir in a new one.
   * Messages queued behind the runaway one that the old worker never started (it records
   * each start in shared memory) are sent again to the new worker, in order; one it did
   * start (it finished as the timer fired) fails like the runaway one, never runs twice.
   */
  #restart(stoppedCaller: string): Promise<void> {
    if (!this.#restarting) {
      const worker = this.#worker;
      this.#worker = null;
      const waiting = this.#order.splice(0).flatMap((id) => {
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        return pending ? [[id, pending] as const] : [];
      });
      this.#arm();
      const started = this.#started;
      const stoppedAt = performance.now();
      this.#restarting = (async () => {
        if (worker) await worker.terminate();
        // Read once the thread is gone: nothing can start any more.
        const lastStarted = started[0] ?? 0;
        if (this.#closed) {
          for (const [, p] of waiting) p.reject(new Error('the database is closed'));
          return;
        }
        try {
          await this.#start(null);
          // A standby costs a thread and a compile that competes for the CPU: keep one only once
          // statements keep being stopped, and start it when the engine is next idle.
          this.#stops++;
          this.#wantStandby = !this.#closed && this.#stops >= 2;
        } catch (error: unknown) {
          // A data dir that cannot be opened now (a full disk): no thread stays without a database;
          // the next transaction tries again (#recover).
          const failed = this.#worker;
          this.#worker = null;
          await failed?.terminate();
          for (const [, p] of waiting) p.reject(error);
          throw error;
        }
        for (const [id, p] of waiting) {
          if (id > lastStarted) this.#send(p.request, p.limits, p.caller).then(p.resolve, p.reject);
          else p.reject(statementTimeoutError());
        }
      })().finally(() => {
        this.#restarting = null;
        // The engine was out of use until the worker was replaced: that time is the stopped caller's too.
        if (stoppedCaller !== uncharged) this.#scheduler.charge(stoppedCaller, performance.now() - stoppedAt);
        this.#scheduler.pump();
      });
    }
    return this.#restarting;
  }

  /**
   * A write is refused with 53100 while the data dir's disk has less than the reserve free
   * (decision 308): the engine keeps room for its log, reads go on, and the next write after
   * space comes back runs.
   */
  #checkWriteRoom(): void {
    if (this.#dataDir.includes('://')) return;
    const free = freeBytes(this.#dataDir);
    if (free !== null && free < embeddedWriteReserveBytes) throw diskFullDbError(free, embeddedWriteReserveBytes);
  }

  /**
   * Waits for the worker being replaced; when the engine stopped and could not be reopened
   * (its disk was full), tries again now. A disk still too full to open it is answered with
   * 53100 rather than a worker's start-up error.
   */
  async #recover(): Promise<void> {
    try {
      await (this.#restarting ?? this.#restart(uncharged));
    } catch (error: unknown) {
      const free = this.#dataDir.includes('://') ? null : freeBytes(this.#dataDir);
      if (free !== null && free < embeddedStartBytes) throw diskFullDbError(free, embeddedStartBytes);
      throw error;
    }
  }

  async transaction<T>(who: TxIdentity, fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T> {
    const caller = callerOf(who, options);
    const turn = await this.#scheduler.acquire(caller);
    const release = () => turn.release();
    try {
      if (this.#restarting || (!this.#worker && !this.#closed)) await this.#recover();
      if (!(options?.readOnly ?? false)) this.#checkWriteRoom();
      const fairMs = timeoutFor(who, options, this.#timeouts);
      const fullMs =
        options?.timeoutMs ?? (fairMs === undefined ? undefined : Math.max(fairMs, timeoutFor(who, undefined, roleTimeoutsMs) ?? fairMs));
      const limits = fairMs === undefined || fullMs === undefined ? undefined : { fairMs, fullMs };
      const timeoutMs = fullMs;
      const checked = settingsStatement(who, timeoutMs);
      const direct = settingsStatement(who, timeoutMs, 'server');
      const readOnly = options?.readOnly ?? false;
      const opening: Opening = {
        readOnly,
        settings: checked && direct ? { checkedSql: checked.sql, directSql: direct.sql, params: checked.params } : null,
        role: who.kind === 'request' ? who.role : null,
        unknownRole: who.kind === 'request' ? unknownRoleMessage(who.role) : '',
      };
      // BEGIN travels with the first statement: one round trip to the worker instead of two.
      let begun = false;
      let open = true;
      const ensureOpen = () => {
        if (!open) throw new Error('query after the transaction ended');
      };
      const single = options?.single ?? false;
      let committed = false;
      const tx: Tx = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) => {
          ensureOpen();
          if (single && begun) throw new Error('a single-statement transaction ran a second statement');
          if (!begun) {
            begun = true;
            // With `single` the worker ends the transaction itself: COMMIT, or ROLLBACK on an error.
            committed = single;
            const answer = this.#send({ op: 'begin-query', opening, sql, params, commit: single }, limits, caller);
            if (single) {
              // Nothing else of this transaction will be sent and the worker keeps message order:
              // the next transaction may queue its messages behind this one right away.
              const settled = answer.then(
                () => undefined,
                () => undefined,
              );
              this.#inFlight.add(settled);
              void settled.then(() => this.#inFlight.delete(settled));
              release();
            }
            return (await answer) as QueryResult<Row>;
          }
          return (await this.#send({ op: 'query', sql, params }, limits, caller)) as QueryResult<Row>;
        },
        exec: async (sql: string) => {
          ensureOpen();
          if (!begun) {
            begun = true;
            await this.#send({ op: 'begin', opening }, limits, caller);
          }
          await this.#send({ op: 'exec', sql }, limits, caller);
        },
      };
      try {
        const result = await fn(tx);
        open = false;
        if (!begun || committed) return result;
        if (readOnly) {
          // A read-only COMMIT cannot fail for a reason the caller could act on, and the worker
          // handles messages in order, so the next transaction queues behind it: don't wait.
          this.#worker?.postMessage({ op: 'exec', sql: 'commit', quiet: true, id: 0 } satisfies WorkerRequest);
        } else {
          await this.#send({ op: 'exec', sql: 'commit' }, limits, caller);
        }
        return result;
      } catch (error: unknown) {
        open = false;
        if (begun && !committed && this.#worker && !this.#restarting)
          await this.#send({ op: 'exec', sql: 'rollback' }, undefined, caller).catch(() => undefined);
        throw error;
      }
    } finally {
      // After a timeout the next transaction waits for the reopened worker; this caller doesn't.
      release();
    }
  }

  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      const turn = await this.#scheduler.acquire(serverCaller, true);
      const release = () => turn.release();
      try {
        await this.#drainInFlight();
        await this.#send({ op: 'listen', channel });
      } finally {
        release();
      }
    }
    set.add(listener);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.#listeners.delete(channel);
      const turn = await this.#scheduler.acquire(serverCaller, true);
      const release = () => turn.release();
      try {
        await this.#drainInFlight();
        await this.#send({ op: 'unlisten', channel }).catch(() => undefined);
      } finally {
        release();
      }
    };
  }

  /** A gzip tarball of the whole cluster (PGlite's dumpDataDir), for backups and templates. */
  async dump(): Promise<Uint8Array> {
    const turn = await this.#scheduler.acquire(serverCaller, true);
    const release = () => turn.release();
    try {
      await this.#drainInFlight();
      return (await this.#send({ op: 'dump' })) as Uint8Array;
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const turn = await this.#scheduler.acquire(serverCaller, true);
    const release = () => turn.release();
    try {
      await this.#drainInFlight();
      this.#closed = true;
      const standby = this.#standby;
      this.#standby = null;
      if (standby) await standby.worker.terminate();
      const worker = this.#worker;
      if (worker) {
        const closed = await this.#send({ op: 'close' }).then(
          () => true,
          () => false,
        );
        this.#worker = null;
        // A thread whose database closed cleanly opens the process's next one (decision 465).
        if (!(closed && this.#order.length === 0 && parkThread({ worker, started: this.#started }))) await worker.terminate();
      }
    } finally {
      release();
    }
  }
}
