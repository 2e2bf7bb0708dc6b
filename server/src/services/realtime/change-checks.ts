import type { Database } from '../../db/types.ts';
import type { Logger } from '../../lib/log.ts';
import { filterCondition } from './change-filter-sql.ts';
import { buildChangeData, type CapturedChange, type Verdict } from './change-payload.ts';
import type { SubscriptionRegistry } from './change-registry.ts';
import type { ChangeSubscription } from './change-subscription.ts';
import { writeCheckFunction } from './rls-check-function.ts';
import { trimOld, type TableCatalog, type TableInfo } from './table-catalog.ts';

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

/** The check functions each database has, by name (they are made on first use). */
const madeChecks = new WeakMap<Database, Map<string, Promise<void>>>();

/**
 * The RLS check of one table (upstream `realtime.apply_rls`), a PL/pgSQL function made for it
 * on first use: for each identity ({role, claims, sub, indexes}) it becomes that role with those
 * claims and looks up, by primary key, the changed rows (`records`, a jsonb array) the identity
 * waits for, answering one row per visible one. Its lookup is written in the function, so
 * PostgreSQL plans it once per role and runs the plan for each identity (no planning per
 * identity, no round trip between identities). An identity whose check fails answers its error
 * alone (a subtransaction) and costs the others nothing. No SET clause: a function with one may
 * not change the role. The name carries a hash of the body, so a changed key makes a new one.
 */
function checkFunction(info: TableInfo): { name: string; sql: string } {
  let check = checkFunctions.get(info);
  if (!check) checkFunctions.set(info, (check = writeCheckFunction(info)));
  return check;
}

/** The check function of each table as the catalog describes it now (a refresh makes new TableInfos). */
const checkFunctions = new WeakMap<TableInfo, { name: string; sql: string }>();

/** Makes the table's check function unless this database has it (two processes may race: a lock orders them). */
function ensureCheck(db: Database, check: { name: string; sql: string }): Promise<void> {
  let made = madeChecks.get(db);
  if (!made) madeChecks.set(db, (made = new Map()));
  let ready = made.get(check.name);
  if (!ready) {
    ready = db.transaction({ kind: 'system' }, async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [check.name]);
      const { rows } = await tx.query<{ missing: boolean }>('select to_regprocedure($1) is null as missing', [
        `${check.name}(jsonb, jsonb)`,
      ]);
      if (rows[0]?.missing ?? true) await tx.exec(check.sql);
    });
    made.set(check.name, ready);
    ready.catch(() => made.delete(check.name));
  }
  return ready;
}

/**
 * The RLS check per subscriber identity (role + claims): the changed rows are looked up by
 * primary key as that identity, by the table's check function (`checkFunction`),
 * `identitiesPerCall` identities to a call, in a read-only transaction each, the calls at once:
 * on PostgreSQL each has a connection; on PGlite, where a transaction holds the one connection,
 * requests waiting meanwhile go between two calls.
 */
async function applyRls(
  env: CheckEnv,
  info: TableInfo,
  changes: CapturedChange[],
  groups: Map<string, Pending[]>,
  verdicts: Verdict[][],
  selectableByRole: Map<string, Set<string>>,
): Promise<void> {
  const check = checkFunction(info);
  try {
    await ensureCheck(env.db, check);
  } catch (error: unknown) {
    env.log.warn(`realtime: could not make the RLS check of ${info.qualified}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  // The rows any identity waits for, once; each identity names its own among them.
  const indexes = [...new Set([...groups.values()].flatMap((items) => items.map((p) => p.index)))];
  const position = new Map(indexes.map((index, at) => [index, at]));
  const records = JSON.stringify(indexes.map((i) => changes[i]?.record ?? {}));
  // By role: the lookup's plan is made again only where the role changes.
  const keys = [...groups.keys()].sort((a, b) => {
    const ra = groups.get(a)?.[0]?.sub.channel.role ?? '';
    const rb = groups.get(b)?.[0]?.sub.channel.role ?? '';
    return ra < rb ? -1 : ra > rb ? 1 : 0;
  });
  const identities = keys.map((key) => {
    const sample = groups.get(key)?.[0]?.sub.channel;
    return {
      role: sample?.role ?? '',
      claims: JSON.stringify({ ...sample?.claims, role: sample?.role }),
      sub: typeof sample?.claims.sub === 'string' ? sample.claims.sub : '',
      indexes: [...new Set(groups.get(key)?.map((p) => position.get(p.index) ?? -1))],
    };
  });
  const visibleByGroup = new Map<string, Set<number>>();
  // The calls go at once: on PostgreSQL each has a connection of its own.
  const starts = Array.from({ length: Math.ceil(identities.length / identitiesPerCall) }, (_, k) => k * identitiesPerCall);
  const answers = await Promise.all(
    starts.map(async (from) => {
      try {
        const rows = await env.db.transaction(
          { kind: 'system' },
          async (tx) => {
            await tx.query(`select set_config('statement_timeout', '8000', true)`);
            const result = await tx.query<{ identity: number; record: number | null; problem: string | null }>(
              `select identity, record, problem from ${check.name}($1::jsonb, $2::jsonb)`,
              [records, JSON.stringify(identities.slice(from, from + identitiesPerCall))],
            );
            return result.rows;
          },
          { readOnly: true },
        );
        return { from, rows };
      } catch (error: unknown) {
        env.log.warn(`realtime: RLS check failed on ${info.qualified}: ${error instanceof Error ? error.message : String(error)}`);
        return { from, rows: [] };
      }
    }),
  );
  for (const { from, rows } of answers) {
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
