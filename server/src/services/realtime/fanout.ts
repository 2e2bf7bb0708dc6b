import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/types.ts';
import type { Logger } from '../../lib/log.ts';

/** What one server process tells the others on `realtime:fanout`. */
export type FanoutMessage =
  | {
      kind: 'broadcast';
      key: string;
      topic: string;
      event: string;
      payload: unknown;
      /** Base64 of a binary payload. */
      binary: string | null;
      meta: Record<string, unknown> | null;
    }
  | { kind: 'presence_diff'; key: string; diff: PresenceDiff }
  | { kind: 'presence_state'; topics: Record<string, PresenceMetas> }
  | { kind: 'hello' | 'alive' | 'bye' };

export type PresenceMetas = Record<string, { metas: Array<Record<string, unknown> & { phx_ref: string }> }>;
export interface PresenceDiff {
  joins: PresenceMetas;
  leaves: PresenceMetas;
}

interface Envelope {
  origin: string;
  /** Makes every notice unique: PostgreSQL folds identical payloads sent in one transaction. */
  seq: number;
  /** Set instead of the message when it was too big for a NOTIFY: read `_server.realtime_fanout`. */
  parked?: number;
  message?: FanoutMessage;
}

/** Under PostgreSQL's 8000-byte NOTIFY payload limit, with room for the envelope. */
const notifyLimit = 7500;

/**
 * Realtime across server processes on one PostgreSQL (decision 160): what a process would
 * only deliver to its own sockets — client broadcasts, presence — is NOTIFYed on
 * `realtime:fanout` and every other process delivers it to its subscribers. Messages leave in
 * order, batched into one statement; each carries the sender's `origin` so a process skips
 * its own. The embedded database has no other process and gets no fan-out.
 */
export class Fanout {
  readonly origin = randomUUID();
  readonly #db: Database;
  readonly #log: Logger;
  readonly #receive: (origin: string, message: FanoutMessage) => void;
  readonly #outbox: FanoutMessage[] = [];
  #seq = 0;
  #sending: Promise<void> | null = null;
  /** Incoming messages in NOTIFY order, parked ones read before the next is delivered. */
  #inbound: Promise<void> = Promise.resolve();
  #stop: (() => Promise<void>) | null = null;
  #closed = false;

  constructor(db: Database, log: Logger, receive: (origin: string, message: FanoutMessage) => void) {
    this.#db = db;
    this.#log = log;
    this.#receive = receive;
  }

  async start(): Promise<void> {
    this.#stop = await this.#db.listen('realtime:fanout', (raw) => this.#onNotify(raw));
  }

  /** Queues a message for the other processes; sent with whatever else is queued. */
  publish(message: FanoutMessage): void {
    if (this.#closed) return;
    this.#outbox.push(message);
    this.#sending ??= this.#flush().finally(() => {
      this.#sending = null;
    });
  }

  /** Sends what is queued, then stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#sending;
    await this.#stop?.();
    await this.#inbound;
  }

  async #flush(): Promise<void> {
    while (this.#outbox.length) {
      const batch = this.#outbox.splice(0, 200);
      try {
        await this.#send(batch);
      } catch (error: unknown) {
        this.#log.error('realtime: sending to the other server processes', error);
      }
    }
  }

  /**
   * One statement, no transaction, on the database's NOTIFY connection: the batch leaves
   * before the caller goes on to deliver to its own sockets. Only a message too big for a
   * NOTIFY costs a transaction first, to park it.
   */
  async #send(batch: FanoutMessage[]): Promise<void> {
    const bodies = batch.map((message) => JSON.stringify({ origin: this.origin, seq: this.#seq++, message } satisfies Envelope));
    const notices = bodies.some((body) => body.length * 3 > notifyLimit && Buffer.byteLength(body) > notifyLimit)
      ? await this.#park(bodies)
      : bodies;
    const notify = this.#db.notify;
    if (!notify) throw new Error('this database cannot notify other server processes');
    await notify.call(this.#db, 'realtime:fanout', notices);
  }

  /** Parks the bodies too big for a NOTIFY in `_server.realtime_fanout`; returns what to notify instead. */
  async #park(bodies: string[]): Promise<string[]> {
    return this.#db.transaction({ kind: 'system' }, async (tx) => {
      const notices: string[] = [];
      for (const body of bodies) {
        if (Buffer.byteLength(body) <= notifyLimit) {
          notices.push(body);
          continue;
        }
        const { rows } = await tx.query<{ id: string }>(`insert into _server.realtime_fanout (body) values ($1) returning id::text`, [
          body,
        ]);
        notices.push(JSON.stringify({ origin: this.origin, seq: this.#seq++, parked: Number(rows[0]?.id) } satisfies Envelope));
      }
      await tx.query(`delete from _server.realtime_fanout where created_at < now() - interval '1 minute'`);
      return notices;
    });
  }

  #onNotify(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.origin) return;
    const { origin, parked, message } = envelope;
    if (parked === undefined) {
      if (message) this.#inbound = this.#inbound.then(() => this.#deliver(origin, message));
      return;
    }
    const read = this.#readParked(parked);
    this.#inbound = this.#inbound.then(async () => {
      const body = await read;
      if (body?.message) this.#deliver(origin, body.message);
    });
  }

  #deliver(origin: string, message: FanoutMessage): void {
    try {
      this.#receive(origin, message);
    } catch (error: unknown) {
      this.#log.error('realtime: delivering a message from another server process', error);
    }
  }

  async #readParked(id: number): Promise<Envelope | null> {
    try {
      const { rows } = await this.#db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ body: string }>(`select body from _server.realtime_fanout where id = $1`, [id]),
      );
      return rows[0] ? (JSON.parse(rows[0].body) as Envelope) : null;
    } catch (error: unknown) {
      this.#log.error('realtime: reading a message from another server process', error);
      return null;
    }
  }
}
