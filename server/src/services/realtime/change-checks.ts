import type { Database } from '../../db/types.ts';
import type { Logger } from '../../lib/log.ts';
import { filterCondition } from './change-filter-sql.ts';
import { buildChangeData, type CapturedChange, type Verdict } from './change-payload.ts';
import type { SubscriptionRegistry } from './change-registry.ts';
import type { ChangeSubscription } from './change-subscription.ts';
import { quoteIdent, trimOld, type TableCatalog, type TableInfo } from './table-catalog.ts';

/**
 * Which subscribers may see each change of one table (upstream `apply_rls`): the subscription's
 * filters, the role's column privileges and, for tables with RLS, a lookup of the row as the
 * subscriber. The outcome is a verdict per (change, subscriber) with the `data` it receives.
 */
export interface CheckEnv {
  db: Database;
  log: Logger;
  catalog: TableCatalog;
  registry: SubscriptionRegistry;
}

/** One subscription that may receive the change at `index`. */
type Pending = { sub: ChangeSubscription; index: number };

/** Filters, privileges and RLS for one table's changes; fills `verdicts`. */
export async function judgeTable(
  env: CheckEnv,
  info: TableInfo,
  changes: CapturedChange[],
  indexes: number[],
  verdicts: Verdict[][],
): Promise<void> {
  const pending: Pending[] = [];
  for (const index of indexes) {
    const change = changes[index];
    if (!change) continue;
    for (const sub of env.registry.matching(change)) pending.push({ sub, index });
  }
  if (!pending.length) return;
  const passed = await applyFilters(env, info, changes, pending);
  const rlsNeeded = new Map<string, Pending[]>();
  const byRole = new Map<string, Set<string>>();
  for (const item of passed) {
    const change = changes[item.index];
    if (!change) continue;
    const role = item.sub.channel.role;
    let selectable = byRole.get(role);
    if (!selectable) byRole.set(role, (selectable = await env.catalog.selectable(info, role)));
    const verdict = (errors: string[] | null) =>
      verdicts[item.index]?.push({ sub: item.sub, data: buildChangeData(change, info, selectable, item.sub.params.select, errors) });
    if (change.type !== 'DELETE' && info.pkey.length === 0) verdict(['Error 400: Bad Request, no primary key']);
    else if (change.type !== 'DELETE' && !info.pkey.every((c) => selectable.has(c))) verdict(['Error 401: Unauthorized']);
    else if (change.type === 'DELETE' || !info.rls) verdict(null);
    else {
      const group = rlsNeeded.get(item.sub.channel.identityKey);
      if (group) group.push(item);
      else rlsNeeded.set(item.sub.channel.identityKey, [item]);
    }
  }
  if (rlsNeeded.size) await applyRls(env, info, changes, rlsNeeded, verdicts, byRole);
}

/** Each filter group runs as one query over the changed rows; a filter failing at run time drops only its own subscribers. */
async function applyFilters(env: CheckEnv, info: TableInfo, changes: CapturedChange[], pending: Pending[]): Promise<Pending[]> {
  const plain = pending.filter((p) => p.sub.params.filters.length === 0);
  const groups = new Map<string, Pending[]>();
  for (const p of pending) {
    if (!p.sub.params.filters.length) continue;
    const key = JSON.stringify(p.sub.params.filters);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  if (!groups.size) return plain;
  const out = [...plain];
  await env.db.transaction(
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
          env.log.warn(`realtime: a filter on ${info.qualified} failed: ${error instanceof Error ? error.message : String(error)}`);
          await tx.query('rollback to savepoint realtime_filter');
        }
      }
    },
    { readOnly: true },
  );
  return out;
}

/** Identities checked per call: a call stays short, and its statement timeout bounds one chunk. */
const identitiesPerCall = 250;

/**
 * The RLS check per subscriber identity (role + claims), as upstream `apply_rls`: the changed
 * rows are looked up by primary key as that identity, `identitiesPerCall` identities to a
 * read-only database call (`_server.realtime_rls_visible`): the database changes identity and
 * runs the lookup for each, with no round trip between them. An identity whose check fails
 * costs only its own subscribers.
 */
async function applyRls(
  env: CheckEnv,
  info: TableInfo,
  changes: CapturedChange[],
  groups: Map<string, Pending[]>,
  verdicts: Verdict[][],
  selectableByRole: Map<string, Set<string>>,
): Promise<void> {
  const match = info.pkey
    .map((c) => `t.${quoteIdent(c)} = (x.v->>${literal(c)})::${info.columns.find((col) => col.name === c)?.sqlType ?? 'text'}`)
    .join(' and ');
  const lookup = `select (x.i - 1)::int from jsonb_array_elements($1) with ordinality x(v, i)
    where (x.i - 1)::int = any($2) and exists (select 1 from ${info.qualified} t where ${match})`;
  // The rows any identity waits for, once; each identity names its own among them.
  const indexes = [...new Set([...groups.values()].flatMap((items) => items.map((p) => p.index)))];
  const position = new Map(indexes.map((index, at) => [index, at]));
  const records = JSON.stringify(indexes.map((i) => changes[i]?.record ?? {}));
  const keys = [...groups.keys()];
  const identities = keys.map((key) => {
    const sample = groups.get(key)?.[0]?.sub.channel;
    const own = [...new Set(groups.get(key)?.map((p) => position.get(p.index) ?? -1))];
    return {
      role: sample?.role ?? '',
      claims: JSON.stringify({ ...sample?.claims, role: sample?.role }),
      sub: typeof sample?.claims.sub === 'string' ? sample.claims.sub : '',
      indexes: own,
    };
  });
  const visibleByGroup = new Map<string, Set<number>>();
  // A transaction per call: on PGlite, where a transaction holds the one connection, the
  // requests waiting meanwhile (REST's writes among them) go between two calls.
  for (let from = 0; from < identities.length; from += identitiesPerCall) {
    try {
      const rows = await env.db.transaction(
        { kind: 'system' },
        async (tx) => {
          await tx.query(`select set_config('statement_timeout', '8000', true)`);
          const result = await tx.query<{ identity: number; record: number | null; problem: string | null }>(
            'select identity, record, problem from _server.realtime_rls_visible($1, $2::jsonb, $3::jsonb)',
            [lookup, records, JSON.stringify(identities.slice(from, from + identitiesPerCall))],
          );
          return result.rows;
        },
        { readOnly: true },
      );
      for (const row of rows) {
        const key = keys[from + row.identity];
        if (key === undefined) continue;
        if (row.problem !== null) {
          env.log.warn(`realtime: RLS check failed on ${info.qualified}: ${row.problem}`);
          continue;
        }
        let visible = visibleByGroup.get(key);
        if (!visible) visibleByGroup.set(key, (visible = new Set()));
        visible.add(indexes[row.record ?? -1] ?? -1);
      }
    } catch (error: unknown) {
      env.log.warn(`realtime: RLS check failed on ${info.qualified}: ${error instanceof Error ? error.message : String(error)}`);
    }
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

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
