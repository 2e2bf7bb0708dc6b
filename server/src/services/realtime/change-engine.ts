import { becomeSubscriber } from './authorization.ts';
import { filterCondition, filterValidation } from './change-filter-sql.ts';
import { buildChangeData, type CapturedChange, deliverChanges, type Verdict } from './change-payload.ts';
import type { ChangeEngine, ChangeSubscription } from './change-subscription.ts';
import type { Hub } from './hub.ts';
import { quoteIdent, TableCatalog, type TableInfo, trimOld } from './table-catalog.ts';

type Obj = Record<string, unknown>;

function describe(sub: ChangeSubscription): string {
  const p = sub.params;
  const filters = `[${p.filters.map((f) => `{"${f.column}", "${f.op}", "${f.value}", ${f.negate}}`).join(', ')}]`;
  return `event: ${p.event}, schema: ${p.schema}, table: ${p.table}, filters: ${filters}, select: ${p.select ? JSON.stringify(p.select) : 'nil'}`;
}

/**
 * postgres_changes without logical replication (upstream `postgres_cdc_rls` + SQL
 * `realtime.apply_rls`): capture triggers on published tables NOTIFY each committed row
 * change; here each change is matched to subscriptions by table, event and filters, checked
 * against each subscriber's RLS (by primary key, batched per role and claims), and pushed.
 */
export function createChangeEngine(hub: Hub): ChangeEngine {
  const catalog = new TableCatalog(hub.db);
  const subscriptions = new Set<ChangeSubscription>();
  const queue: string[] = [];
  let draining: Promise<void> | null = null;
  const stops: Array<() => Promise<void>> = [];

  async function subscribe(subs: ChangeSubscription[]): Promise<string | null> {
    await catalog.ready();
    for (const sub of subs) {
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
        let problem = check.error;
        if (!problem && check.sql) {
          problem = await hub.db
            .transaction({ kind: 'system' }, (tx) => tx.query(check.sql, check.params), { readOnly: true })
            .then(() => null)
            .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
        }
        if (problem) {
          return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(sub)}]. Exception: ${problem}`;
        }
      }
    }
    for (const sub of subs) subscriptions.add(sub);
    return null;
  }

  function enqueue(raw: string): void {
    if (subscriptions.size === 0 && !raw.startsWith('{"parked"')) return;
    queue.push(raw);
    draining ??= drain().finally(() => {
      draining = null;
    });
  }

  async function drain(): Promise<void> {
    while (queue.length) {
      const batch = queue.splice(0, 500);
      try {
        await process(await parse(batch));
      } catch (error: unknown) {
        hub.log.error('realtime: delivering database changes', error);
      }
    }
  }

  async function parse(batch: string[]): Promise<CapturedChange[]> {
    const notices = batch.map((raw) => JSON.parse(raw) as Obj);
    const parked = notices.filter((n) => typeof n.parked === 'number').map((n) => n.parked as number);
    const bodies = new Map<number, Obj>();
    if (parked.length) {
      await hub.db.transaction({ kind: 'system' }, async (tx) => {
        const { rows } = await tx.query<{ id: number; body: Obj }>(`delete from _server.realtime_changes where id = any($1::int8[]) returning id, body`, [parked]);
        for (const r of rows) bodies.set(Number(r.id), r.body);
      });
    }
    return notices
      .map((n) => (typeof n.parked === 'number' ? bodies.get(n.parked) : n))
      .filter((n): n is Obj => n !== undefined)
      .map((n) => n as unknown as CapturedChange);
  }

  function candidates(change: CapturedChange): ChangeSubscription[] {
    const out: ChangeSubscription[] = [];
    for (const sub of subscriptions) {
      const p = sub.params;
      if ((p.schema === '*' || p.schema === change.schema) && (p.table === '*' || p.table === change.table) && (p.event === '*' || p.event === change.type)) out.push(sub);
    }
    return out;
  }

  async function process(changes: CapturedChange[]): Promise<void> {
    if (!subscriptions.size) return;
    const verdicts: Verdict[][] = changes.map(() => []);
    const byTable = new Map<string, number[]>();
    changes.forEach((c, i) => {
      const key = `${c.schema}.${c.table}`;
      byTable.set(key, [...(byTable.get(key) ?? []), i]);
    });
    for (const indexes of byTable.values()) {
      const first = changes[indexes[0] ?? 0];
      if (!first) continue;
      let info = await catalog.table(first.schema, first.table);
      // A column the cached shape does not know means the table was altered: read it again.
      const known = new Set(info?.columns.map((c) => c.name));
      if (info && indexes.some((i) => Object.keys(changes[i]?.record ?? changes[i]?.old_record ?? {}).some((k) => !known.has(k)))) {
        catalog.forget(first.schema, first.table);
        info = await catalog.table(first.schema, first.table);
      }
      if (!info) continue;
      await judgeTable(info, changes, indexes, verdicts);
    }
    deliverChanges(changes, verdicts);
  }

  /** Filters, privileges and RLS for one table's changes; fills `verdicts`. */
  async function judgeTable(info: TableInfo, changes: CapturedChange[], indexes: number[], verdicts: Verdict[][]): Promise<void> {
    const pending: Array<{ sub: ChangeSubscription; index: number }> = [];
    for (const index of indexes) {
      const change = changes[index];
      if (!change) continue;
      for (const sub of candidates(change)) pending.push({ sub, index });
    }
    if (!pending.length) return;
    const passed = await applyFilters(info, changes, pending);
    const rlsNeeded = new Map<string, Array<{ sub: ChangeSubscription; index: number }>>();
    const byRole = new Map<string, Set<string>>();
    for (const item of passed) {
      const change = changes[item.index];
      if (!change) continue;
      const role = item.sub.channel.role;
      let selectable = byRole.get(role);
      if (!selectable) byRole.set(role, (selectable = await catalog.selectable(info, role)));
      const verdict = (errors: string[] | null) => verdicts[item.index]?.push({ sub: item.sub, data: buildChangeData(change, info, selectable, item.sub.params.select, errors) });
      if (change.type !== 'DELETE' && info.pkey.length === 0) verdict(['Error 400: Bad Request, no primary key']);
      else if (change.type !== 'DELETE' && !info.pkey.every((c) => selectable.has(c))) verdict(['Error 401: Unauthorized']);
      else if (change.type === 'DELETE' || !info.rls) verdict(null);
      else {
        const group = rlsNeeded.get(item.sub.channel.identityKey);
        if (group) group.push(item);
        else rlsNeeded.set(item.sub.channel.identityKey, [item]);
      }
    }
    if (rlsNeeded.size) await applyRls(info, changes, rlsNeeded, verdicts, byRole);
  }

  async function applyFilters(info: TableInfo, changes: CapturedChange[], pending: Array<{ sub: ChangeSubscription; index: number }>) {
    const plain = pending.filter((p) => p.sub.params.filters.length === 0);
    const groups = new Map<string, Array<{ sub: ChangeSubscription; index: number }>>();
    for (const p of pending) {
      if (!p.sub.params.filters.length) continue;
      const key = JSON.stringify(p.sub.params.filters);
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    if (!groups.size) return plain;
    const out = [...plain];
    await hub.db.transaction(
      { kind: 'system' },
      async (tx) => {
        for (const items of groups.values()) {
          const filters = items[0]?.sub.params.filters ?? [];
          const params: unknown[] = [];
          const bind = (v: string) => (params.push(v), `$${params.length + 1}`);
          const cond = filterCondition(info, filters, bind);
          const records = items.map((p) => {
            const c = changes[p.index];
            return c?.type === 'DELETE' ? trimOld(info, c.old_record) : (c?.record ?? null);
          });
          // One subscriber's filter failing at runtime must not cost the others their changes.
          await tx.query('savepoint realtime_filter');
          try {
            const { rows } = await tx.query<{ i: number }>(
              `select (x.i - 1)::int as i from jsonb_array_elements($1::jsonb) with ordinality x(v, i)
               cross join lateral jsonb_populate_record(null::${info.qualified}, x.v) r where ${cond}`,
              [JSON.stringify(records), ...params],
            );
            await tx.query('release savepoint realtime_filter');
            for (const r of rows) {
              const item = items[r.i];
              if (item) out.push(item);
            }
          } catch (error: unknown) {
            hub.log.warn(`realtime: a filter on ${info.qualified} failed: ${error instanceof Error ? error.message : String(error)}`);
            await tx.query('rollback to savepoint realtime_filter');
          }
        }
      },
      { readOnly: true },
    );
    return out;
  }

  async function applyRls(
    info: TableInfo,
    changes: CapturedChange[],
    groups: Map<string, Array<{ sub: ChangeSubscription; index: number }>>,
    verdicts: Verdict[][],
    selectableByRole: Map<string, Set<string>>,
  ) {
    const match = info.pkey.map((c) => `t.${quoteIdent(c)} = (x.v->>${literal(c)})::${info.columns.find((col) => col.name === c)?.sqlType ?? 'text'}`).join(' and ');
    const sql = `select (x.i - 1)::int as i from jsonb_array_elements($1::jsonb) with ordinality x(v, i) where exists (select 1 from ${info.qualified} t where ${match})`;
    const visibleByGroup = new Map<string, Set<number>>();
    // One group (the common case) needs no savepoint: a failure ends the transaction anyway.
    const several = groups.size > 1;
    try {
      await hub.db.transaction(
        { kind: 'system' },
        async (tx) => {
          for (const [key, items] of groups) {
            const sample = items[0];
            if (!sample) continue;
            const indexes = [...new Set(items.map((p) => p.index))];
            if (several) await tx.query('savepoint realtime_rls');
            try {
              if (await becomeSubscriber(tx, { role: sample.sub.channel.role, claims: sample.sub.channel.claims })) {
                const { rows } = await tx.query<{ i: number }>(sql, [JSON.stringify(indexes.map((i) => changes[i]?.record ?? {}))]);
                visibleByGroup.set(key, new Set(rows.map((r) => indexes[r.i] ?? -1)));
              }
              if (several) await tx.query('release savepoint realtime_rls');
            } catch (error: unknown) {
              if (!several) throw error;
              hub.log.warn(`realtime: RLS check failed on ${info.qualified}: ${error instanceof Error ? error.message : String(error)}`);
              await tx.query('rollback to savepoint realtime_rls');
            }
            if (several) await tx.query('reset role');
          }
        },
        { readOnly: true },
      );
    } catch (error: unknown) {
      hub.log.warn(`realtime: RLS check failed on ${info.qualified}: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const [key, items] of groups) {
      const visible = visibleByGroup.get(key);
      if (!visible) continue;
      for (const item of items) {
        const change = changes[item.index];
        const selectable = selectableByRole.get(item.sub.channel.role);
        if (!change || !selectable || !visible.has(item.index)) continue;
        verdicts[item.index]?.push({ sub: item.sub, data: buildChangeData(change, info, selectable, item.sub.params.select, null) });
      }
    }
  }

  return {
    subscribe,
    unsubscribe: (subs) => {
      for (const sub of subs) subscriptions.delete(sub);
    },
    start: async () => {
      await catalog.refresh();
      stops.push(await hub.db.listen('realtime:changes', enqueue));
      // PostgREST's schema reload signal follows migrations: the publication may have changed.
      stops.push(await hub.db.listen('pgrst', () => void catalog.refresh().catch((e: unknown) => hub.log.error('realtime: refreshing tables', e))));
    },
    close: async () => {
      for (const stop of stops.splice(0)) await stop();
      await draining;
    },
  };
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
