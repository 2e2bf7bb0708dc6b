import type { Database } from '../../db/types.ts';
import { hasBackReference } from '../../lib/regex-back-reference.ts';
import { filterValidation } from './change-filter-sql.ts';
import type { CapturedChange } from './change-payload.ts';
import type { ChangeSubscription } from './change-subscription.ts';
import type { TableCatalog } from './table-catalog.ts';

function describe(sub: ChangeSubscription): string {
  const p = sub.params;
  const filters = `[${p.filters.map((f) => `{"${f.column}", "${f.op}", "${f.value}", ${f.negate}}`).join(', ')}]`;
  return `event: ${p.event}, schema: ${p.schema}, table: ${p.table}, filters: ${filters}, select: ${p.select ? JSON.stringify(p.select) : 'nil'}`;
}

/**
 * Every live postgres_changes subscription. A join's subscriptions are accepted together or not
 * at all: each must name a published table, and its filters must fit the table's columns and
 * types (upstream checks them with a trial query, as here).
 */
export class SubscriptionRegistry {
  readonly #db: Database;
  readonly #catalog: TableCatalog;
  readonly #subscriptions = new Set<ChangeSubscription>();
  /** Registrations under way: changes captured meanwhile wait for them (see `settled`). */
  readonly #pending = new Set<Promise<string | null>>();

  constructor(db: Database, catalog: TableCatalog) {
    this.#db = db;
    this.#catalog = catalog;
  }

  /** Live subscriptions plus registrations under way (the capture keeps changes while > 0). */
  get size(): number {
    return this.#subscriptions.size + this.#pending.size;
  }

  /**
   * Registers `subs`; resolves to the `system` message that refuses them, or null. The
   * registration counts as pending from the moment this is called, synchronously.
   */
  add(subs: ChangeSubscription[]): Promise<string | null> {
    const registering = this.#add(subs);
    this.#pending.add(registering);
    const done = () => void this.#pending.delete(registering);
    registering.then(done, done);
    return registering;
  }

  /** Resolves once every registration started so far has succeeded or failed. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  async #add(subs: ChangeSubscription[]): Promise<string | null> {
    await this.#catalog.ready();
    for (const sub of subs) {
      const problem = await this.#check(sub);
      if (problem) return problem;
    }
    for (const sub of subs) this.#subscriptions.add(sub);
    return null;
  }

  remove(subs: ChangeSubscription[]): void {
    for (const sub of subs) this.#subscriptions.delete(sub);
  }

  /** The subscriptions whose schema, table and event match a change (filters are checked later). */
  matching(change: CapturedChange): ChangeSubscription[] {
    const out: ChangeSubscription[] = [];
    for (const sub of this.#subscriptions) {
      const p = sub.params;
      if (
        (p.schema === '*' || p.schema === change.schema) &&
        (p.table === '*' || p.table === change.table) &&
        (p.event === '*' || p.event === change.type)
      )
        out.push(sub);
    }
    return out;
  }

  /**
   * On the embedded database a `match`/`imatch` filter with a back-reference is refused at join,
   * as REST refuses it (decision 307): every change would run it once per subscriber, one
   * statement at a time, and hold every other caller.
   */
  #refusedRegex(sub: ChangeSubscription): string | null {
    if (this.#db.backend !== 'pglite') return null;
    const refused = sub.params.filters.some((f) => (f.op === 'match' || f.op === 'imatch') && hasBackReference(f.value));
    return refused
      ? 'invalid regular expression: back-references are not available on the embedded database (run on PostgreSQL with DATABASE_URL)'
      : null;
  }

  async #check(sub: ChangeSubscription): Promise<string | null> {
    const catalog = this.#catalog;
    let tables = catalog.matching(sub.params.schema, sub.params.table);
    if (tables.length === 0) {
      await catalog.refresh();
      tables = catalog.matching(sub.params.schema, sub.params.table);
    }
    if (tables.length === 0) {
      return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describe(sub)}]`;
    }
    if (sub.params.filters.length && sub.params.table !== '*' && sub.params.schema !== '*') {
      const info = await catalog.table(sub.params.schema, sub.params.table);
      const check = info ? filterValidation(info, sub.params.filters) : { error: 'table not found', sql: '', params: [] };
      let problem = check.error ?? this.#refusedRegex(sub);
      if (!problem && check.sql) {
        problem = await this.#db
          .transaction({ kind: 'system' }, (tx) => tx.query(check.sql, check.params), { readOnly: true })
          .then(() => null)
          .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      }
      if (problem) {
        return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(sub)}]. Exception: ${problem}`;
      }
    }
    return null;
  }
}
