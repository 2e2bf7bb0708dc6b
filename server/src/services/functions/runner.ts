import { Worker } from 'node:worker_threads';
import type { Logger } from '../../lib/log.ts';
import type { FromWorker, SerializedRequest, SerializedResponse, WorkerSetup } from './protocol.ts';

export type Outcome =
  | { kind: 'response'; response: SerializedResponse }
  | { kind: 'boot-error' }
  | { kind: 'handler-error' }
  | { kind: 'timeout' }
  | { kind: 'crashed' };

interface Pending {
  resolve: (outcome: Outcome) => void;
  timer: NodeJS.Timeout;
}

/**
 * A function running in its own worker thread (the edge runtime's user worker): isolated
 * globals, and a handler that hangs or spins can be terminated without touching the server.
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
    this.#worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: setup, env: setup.env, stdout: false, stderr: false });
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
        this.#kill();
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
    if (message.type !== 'response' && message.type !== 'handler-error') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if (message.type === 'response') pending.resolve({ kind: 'response', response: message.response });
    else {
      this.#log.error(`function ${this.#name} threw: ${message.stack}`);
      pending.resolve({ kind: 'handler-error' });
    }
  }

  #kill(): void {
    if (this.#dead) return;
    this.#dead = true;
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.resolve({ kind: 'crashed' });
    }
    this.#pending.clear();
    void this.#worker.terminate();
    this.onDead();
  }

  async fetch(request: SerializedRequest, timeoutMs: number): Promise<Outcome> {
    if (!(await this.#ready)) return this.#dead ? { kind: 'boot-error' } : { kind: 'crashed' };
    if (this.#dead) return { kind: 'crashed' };
    const id = this.#nextId++;
    return new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        this.#log.error(`function ${this.#name} exceeded its wall clock limit (${timeoutMs} ms); worker terminated`);
        resolve({ kind: 'timeout' });
        this.#kill();
      }, timeoutMs);
      this.#pending.set(id, { resolve, timer });
      this.#worker.postMessage({ id, request }, request.body ? [request.body] : []);
    });
  }

  terminate(): Promise<void> {
    this.#kill();
    return this.#worker.terminate().then(() => undefined);
  }
}
