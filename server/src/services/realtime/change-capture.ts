import type { Database } from '../../db/types.ts';
import type { Logger } from '../../lib/log.ts';
import type { CapturedChange } from './change-payload.ts';

type Obj = Record<string, unknown>;

/**
 * The capture side of postgres_changes: the capture triggers NOTIFY each committed row change
 * on `realtime:changes` (a change too large for NOTIFY is parked in `_server.realtime_changes`
 * and only its id is sent). Notices queue up and leave in commit order, in batches of up to
 * 500, to `process`; one batch failing is logged and does not stop the next.
 */
export class ChangeCapture {
  readonly #db: Database;
  readonly #log: Logger;
  readonly #process: (changes: CapturedChange[]) => Promise<void>;
  readonly #wanted: () => boolean;
  readonly #queue: string[] = [];
  #draining: Promise<void> | null = null;

  /** `wanted` is false while nobody subscribes: then notices are dropped (parked rows still get cleared). */
  constructor(db: Database, log: Logger, process: (changes: CapturedChange[]) => Promise<void>, wanted: () => boolean) {
    this.#db = db;
    this.#log = log;
    this.#process = process;
    this.#wanted = wanted;
  }

  /** The NOTIFY listener. */
  readonly enqueue = (raw: string): void => {
    if (!this.#wanted() && !raw.startsWith('{"parked"')) return;
    this.#queue.push(raw);
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = null;
    });
  };

  /** Resolves when every queued notice has been processed. */
  async idle(): Promise<void> {
    await this.#draining;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length) {
      const batch = this.#queue.splice(0, 500);
      try {
        await this.#process(await this.#decode(batch));
      } catch (error: unknown) {
        this.#log.error('realtime: delivering database changes', error);
      }
    }
  }

  /** Notices to changes: inline bodies as they are, parked ones fetched (and deleted) by id. */
  async #decode(batch: string[]): Promise<CapturedChange[]> {
    const notices = batch.map((raw) => JSON.parse(raw) as Obj);
    const parked = notices.filter((n) => typeof n.parked === 'number').map((n) => n.parked as number);
    const bodies = new Map<number, Obj>();
    if (parked.length) {
      await this.#db.transaction({ kind: 'system' }, async (tx) => {
        // Every server process on a shared PostgreSQL reads a parked change: it is pruned by age there.
        const { rows } = await tx.query<{ id: number; body: Obj }>(
          this.#db.backend === 'postgres'
            ? `select id, body from _server.realtime_changes where id = any($1::int8[])`
            : `delete from _server.realtime_changes where id = any($1::int8[]) returning id, body`,
          [parked],
        );
        if (this.#db.backend === 'postgres')
          await tx.query(`delete from _server.realtime_changes where created_at < now() - interval '1 minute'`);
        for (const r of rows) bodies.set(Number(r.id), r.body);
      });
    }
    return notices
      .map((n) => (typeof n.parked === 'number' ? bodies.get(n.parked) : n))
      .filter((n): n is Obj => n !== undefined)
      .map((n) => n as unknown as CapturedChange);
  }
}
