import { DbError } from './errors.ts';

/**
 * Decides whose transaction goes to the embedded database next (PGlite runs one statement
 * at a time). Each caller has its own FIFO queue; between callers the one that used the
 * engine least lately goes first — engine time is charged per statement and decays with a
 * half-life, so callers that keep the engine equally busy take turns (round-robin) and a
 * caller that has barely used it (a new one, or a member doing quick reads) is next after
 * what is running now.
 *
 * One transaction holds the turn at a time (a multi-statement transaction until it ends, as
 * the mutex it replaces). A single-statement transaction gives the turn back once its
 * message is posted, so cheap statements still pipeline — but the next transaction is only
 * posted behind unanswered ones when its caller is known to be cheap (the longest statement
 * it ran lately, decayed, is under `cheapMs`) and fewer than `pipelineDepth` messages are in
 * the engine. Anything else waits until the engine is idle, so a slow statement never sits
 * in the engine's queue in front of someone else's.
 */
export interface FairSchedulerOptions {
  /** Unanswered messages in the engine, or Infinity while it cannot take any (restarting). */
  engineLoad: () => number;
  now?: () => number;
  /** Half-life of the engine time charged to a caller. */
  halfLifeMs?: number;
  /** A caller whose longest recent statement (decayed) is under this may pipeline. */
  cheapMs?: number;
  /** Messages in the engine at most when posting behind them. */
  pipelineDepth?: number;
  /** Transactions one caller may have waiting; more are refused (53300, HTTP 503). */
  maxQueuedPerCaller?: number;
  /** Told each time a caller starts waiting. */
  onWait?: (caller: string) => void;
}

export interface Turn {
  /** Gives the turn back; safe to call more than once. */
  release(): void;
}

interface Waiter {
  seq: number;
  exclusive: boolean;
  grant: (turn: Turn) => void;
}

interface Account {
  /** Engine ms charged, decayed to `at`. */
  usage: number;
  /** Longest statement ms, decayed to `at`. */
  peak: number;
  at: number;
  /** Statements ever charged (a caller with none is not known to be cheap). */
  statements: number;
  queue: Waiter[];
}

export const defaultSchedulerLimits = { halfLifeMs: 30_000, cheapMs: 50, pipelineDepth: 32, maxQueuedPerCaller: 64 } as const;

export function queueFullError(): DbError {
  return new DbError({
    code: '53300',
    message: 'too many requests from this client are waiting for the database',
    hint: 'Wait for the earlier requests to finish.',
  });
}

export class FairScheduler {
  readonly #engineLoad: () => number;
  readonly #now: () => number;
  readonly #halfLifeMs: number;
  readonly #cheapMs: number;
  readonly #pipelineDepth: number;
  readonly #maxQueued: number;
  readonly #onWait: (caller: string) => void;
  readonly #accounts = new Map<string, Account>();
  #held = false;
  #seq = 0;
  #waiting = 0;

  constructor(options: FairSchedulerOptions) {
    this.#engineLoad = options.engineLoad;
    this.#now = options.now ?? (() => performance.now());
    this.#halfLifeMs = options.halfLifeMs ?? defaultSchedulerLimits.halfLifeMs;
    this.#cheapMs = options.cheapMs ?? defaultSchedulerLimits.cheapMs;
    this.#pipelineDepth = options.pipelineDepth ?? defaultSchedulerLimits.pipelineDepth;
    this.#maxQueued = options.maxQueuedPerCaller ?? defaultSchedulerLimits.maxQueuedPerCaller;
    this.#onWait = options.onWait ?? (() => undefined);
  }

  /**
   * Waits for the caller's turn. `exclusive` (dump, listen, close) also waits for an idle
   * engine. Rejects at once with 53300 when the caller already has too many waiting.
   */
  acquire(caller: string, exclusive = false): Promise<Turn> {
    const account = this.#account(caller);
    if (account.queue.length >= this.#maxQueued) return Promise.reject(queueFullError());
    return new Promise<Turn>((grant) => {
      account.queue.push({ seq: this.#seq++, exclusive, grant });
      this.#waiting++;
      this.pump();
      if (account.queue.length > 0) this.#onWait(caller);
    });
  }

  /** Whether a caller other than `caller` has a transaction waiting for its turn. */
  hasWaitingOtherThan(caller: string): boolean {
    for (const [other, account] of this.#accounts) if (other !== caller && account.queue.length > 0) return true;
    return false;
  }

  /** Charges a statement's engine time to its caller. */
  charge(caller: string, ms: number): void {
    const account = this.#account(caller);
    this.#decay(account);
    account.usage += ms;
    account.peak = Math.max(account.peak, ms);
    account.statements++;
  }

  /** Grants the next turn if the engine can take it; call when the engine answers or restarts. */
  pump(): void {
    if (this.#held || this.#waiting === 0) return;
    const next = this.#next();
    if (!next) return;
    const [caller, account] = next;
    const head = account.queue[0];
    if (!head) return;
    const load = this.#engineLoad();
    const pipelines = !head.exclusive && this.#isCheap(account) && load < this.#pipelineDepth;
    if (load > 0 && !pipelines) return;
    account.queue.shift();
    this.#waiting--;
    this.#held = true;
    let released = false;
    head.grant({
      release: () => {
        if (released) return;
        released = true;
        this.#held = false;
        this.#forgetIfIdle(caller, account);
        this.pump();
      },
    });
  }

  /** For tests and diagnostics: a caller's decayed engine ms and longest statement. */
  usage(caller: string): { usage: number; peak: number } {
    const account = this.#accounts.get(caller);
    if (!account) return { usage: 0, peak: 0 };
    this.#decay(account);
    return { usage: account.usage, peak: account.peak };
  }

  /**
   * The waiting caller with the least decayed usage; ties go to the one that queued first.
   * Usage under `cheapMs` counts as none: a member who ran a few quick reads is not put
   * behind callers that have not run anything yet, only behind those that queued earlier.
   */
  #next(): [string, Account] | null {
    let best: [string, Account] | null = null;
    for (const entry of this.#accounts) {
      const [caller, account] = entry;
      const head = account.queue[0];
      if (!head) {
        this.#forgetIfIdle(caller, account);
        continue;
      }
      this.#decay(account);
      if (!best) {
        best = entry;
        continue;
      }
      const other = best[1];
      const seq = other.queue[0]?.seq ?? Infinity;
      const mine = Math.max(account.usage, this.#cheapMs);
      const theirs = Math.max(other.usage, this.#cheapMs);
      if (mine < theirs || (mine === theirs && head.seq < seq)) best = entry;
    }
    return best;
  }

  #isCheap(account: Account): boolean {
    return account.statements > 0 && account.peak < this.#cheapMs;
  }

  #account(caller: string): Account {
    let account = this.#accounts.get(caller);
    if (!account) {
      account = { usage: 0, peak: 0, at: this.#now(), statements: 0, queue: [] };
      this.#accounts.set(caller, account);
    }
    return account;
  }

  #decay(account: Account): void {
    const now = this.#now();
    const factor = 2 ** (-(now - account.at) / this.#halfLifeMs);
    account.usage *= factor;
    account.peak *= factor;
    account.at = now;
  }

  /** Drops a caller with nothing waiting whose charges have faded (keeps the map small). */
  #forgetIfIdle(caller: string, account: Account): void {
    if (account.queue.length > 0) return;
    this.#decay(account);
    if (account.usage < 0.01 && account.peak < 0.01) this.#accounts.delete(caller);
  }
}
