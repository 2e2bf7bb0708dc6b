import { Worker } from 'node:worker_threads';
import type { Logger } from '../../lib/log.ts';
import { siblingModule } from '../../lib/package-paths.ts';
import type { FromWorker, ResponseHead, SerializedRequest, WorkerSetup } from './protocol.ts';

export type Outcome =
  | { kind: 'response'; head: ResponseHead; body: ReadableStream<Uint8Array> }
  | { kind: 'boot-error' }
  | { kind: 'handler-error' }
  | { kind: 'timeout' }
  | { kind: 'crashed' };

interface Pending {
  resolve: (outcome: Outcome) => void;
  timer: NodeJS.Timeout;
  /** Set once the head arrived: the body stream being fed. */
  body: ReadableStreamDefaultController<Uint8Array> | null;
}

/**
 * A function running in its own worker thread (the edge runtime's user worker): isolated
 * globals, and a handler that hangs or spins is terminated without touching the server.
 * The wall-clock limit covers the whole response, streamed body included.
 */
export class FunctionRunner {
  readonly #worker: Worker;
  readonly #ready: Promise<boolean>;
  readonly #pending = new Map<number, Pending>();
  readonly #log: Logger;
  readonly #name: string;
  #nextId = 1;
  #dead = false;
  onDead: () => void = () => undefined;

  constructor(name: string, setup: WorkerSetup, log: Logger) {
    this.#name = name;
    this.#log = log;
    // 256 MB of heap, the hosted per-function memory limit.
    this.#worker = new Worker(siblingModule(import.meta.url, 'worker'), {
      workerData: setup,
      env: setup.env,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    this.#ready = new Promise<boolean>((resolve) => {
      this.#worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') resolve(true);
        else if (message.type === 'boot-error') {
          this.#log.error(`function ${name} failed to boot: ${message.stack}`);
          resolve(false);
          this.#kill();
        } else this.#onMessage(message);
      });
      this.#worker.on('error', (error) => {
        this.#log.error(`function ${name} crashed`, error);
        resolve(false);
        const outOfMemory = typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        this.#kill(outOfMemory ? 'timeout' : 'crashed');
      });
      this.#worker.on('exit', () => {
        resolve(false);
        this.#kill();
      });
    });
  }

  get dead(): boolean {
    return this.#dead;
  }

  #onMessage(message: FromWorker): void {
    if (message.type === 'ready' || message.type === 'boot-error' || message.type === 'log') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    switch (message.type) {
      case 'head': {
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            pending.body = controller;
          },
          // The client went away (a cancelled body, a closed connection): what the function
          // still sends has nowhere to go, and a closed controller throws on enqueue or close.
          cancel: () => {
            pending.body = null;
          },
        });
        pending.resolve({ kind: 'response', head: message.head, body });
        return;
      }
      case 'chunk':
        pending.body?.enqueue(new Uint8Array(message.data));
        return;
      case 'end':
        this.#settle(message.id);
        if (message.error) pending.body?.error(new Error(message.error));
        else pending.body?.close();
        return;
      case 'handler-error':
        this.#settle(message.id);
        this.#log.error(`function ${this.#name} threw: ${message.stack}`);
        pending.resolve({ kind: 'handler-error' });
    }
  }

  #settle(id: number): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
  }

  /** Stops the worker; requests still waiting get `outcome` (a resource limit answers like a timeout). */
  #kill(outcome: 'crashed' | 'timeout' = 'crashed'): void {
    if (this.#dead) return;
    this.#dead = true;
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      if (pending.body) pending.body.error(new Error('the function worker stopped'));
      else pending.resolve({ kind: outcome });
    }
    this.#pending.clear();
    void this.#worker.terminate();
    this.onDead();
  }

  async fetch(request: SerializedRequest, timeoutMs: number): Promise<Outcome> {
    if (!(await this.#ready) || this.#dead) return { kind: 'boot-error' };
    const id = this.#nextId++;
    return new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        this.#log.error(`function ${this.#name} exceeded its wall clock limit (${timeoutMs} ms); worker terminated`);
        if (pending?.body) pending.body.error(new Error('wall clock limit'));
        else resolve({ kind: 'timeout' });
        this.#kill();
      }, timeoutMs);
      this.#pending.set(id, { resolve, timer, body: null });
      this.#worker.postMessage({ id, request }, request.body ? [request.body] : []);
    });
  }

  terminate(): Promise<void> {
    this.#kill();
    return this.#worker.terminate().then(() => undefined);
  }
}
