import type { QueryOptions, Tx, TxOptions } from '../../../db/types.ts';
import { ident } from '../build/sql.ts';
import type { Media, PlanMedia, Preferences } from '../parse/headers.ts';
import type { RestRequest } from '../request.ts';
import { respond, type RestAnswer } from '../respond.ts';
import type { RestDeps } from './rest-deps.ts';

/** The numbers PostgREST reads back from its main statement. */
export interface MainResult {
  total: number | null;
  pageTotal: number;
  body: string;
  inserted: number | null;
}

export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function readRow(row: Record<string, unknown> | undefined): MainResult {
  return {
    total: toNumber(row?.total),
    pageTotal: toNumber(row?.page_total) ?? 0,
    body: typeof row?.body === 'string' ? row.body : '',
    inserted: toNumber(row?.inserted),
  };
}

/** Carries the callback's result out of a transaction that must end in ROLLBACK. */
class RolledBack {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/** `optionalRollback` (PostgREST `Query.hs`): asked with `tx=rollback`, or db-tx-end rolls back unless `tx=commit`. */
export function endsInRollback(deps: RestDeps, prefs: Preferences): boolean {
  return prefs.tx === 'rollback' || (deps.config.txRollbackAll && prefs.tx !== 'commit');
}

/**
 * The request's transaction. When it must end in ROLLBACK, deferred constraints are checked
 * first (`SET CONSTRAINTS ALL IMMEDIATE`, as PostgREST does) so the response still reports
 * what a commit would have failed on, then the result leaves and nothing is kept.
 */
export async function runMain<T>(
  deps: RestDeps,
  ctx: RestRequest,
  rollback: boolean,
  fn: (tx: Tx) => Promise<T>,
  options: TxOptions,
): Promise<T> {
  const preRequest = deps.config.preRequest;
  const main = preRequest
    ? async (tx: Tx) => {
        // `runPreReq` (PostgREST `Query.hs`): after the request settings, before the statement.
        await tx.query(`select ${preRequest.schema === null ? '' : `${ident(preRequest.schema)}.`}${ident(preRequest.name)}()`);
        return fn(tx);
      }
    : fn;
  if (!rollback) return deps.db.transaction(ctx.identity, main, preRequest ? { ...options, single: false } : options);
  try {
    await deps.db.transaction(
      ctx.identity,
      async (tx) => {
        const value = await main(tx);
        await tx.query('set constraints all immediate');
        throw new RolledBack(value);
      },
      { ...options, single: false },
    );
  } catch (error: unknown) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: a rolled-back transaction returned');
}

/** The request's main statement and what may follow it in the same transaction. */
export interface MainStatement {
  sql: string;
  params: unknown[];
  /** Checks the statement's numbers; throwing rolls the transaction back. */
  check?: (main: MainResult) => void;
  /** The count statement to EXPLAIN when `Prefer: count=planned|estimated` asks for a plan's estimate. */
  countPlanSql?: () => { sql: string; params: unknown[] };
}

/** Whether countTotals may run EXPLAIN after the main statement. */
export function needsPlan(prefs: Preferences): boolean {
  return prefs.count === 'planned' || prefs.count === 'estimated';
}

/** Exact count in the statement; planned from EXPLAIN; estimated = exact up to max-rows, else planned. */
export async function countTotals(
  tx: Tx,
  main: MainResult,
  prefs: Preferences,
  planSql: () => { sql: string; params: unknown[] },
  maxRows: number,
): Promise<number | null> {
  if (prefs.count === 'exact' || prefs.count === null) return main.total;
  if (prefs.count === 'estimated' && main.total !== null && main.total <= maxRows) return main.total;
  const { sql, params } = planSql();
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  return toNumber(parsed[0]?.Plan?.['Plan Rows']);
}

/** The main statement's query options: one object for every request. */
const prepared: QueryOptions = Object.freeze({ prepare: true });

/** Runs the main statement in the request's transaction: its numbers, checked, and the total the `Prefer: count` asks for. */
export async function runMainStatement(
  deps: RestDeps,
  ctx: RestRequest,
  prefs: Preferences,
  statement: MainStatement,
  options: TxOptions,
): Promise<{ main: MainResult; total: number | null }> {
  return runMain(
    deps,
    ctx,
    endsInRollback(deps, prefs),
    async (tx) => {
      // The main statement's columns are the same for every request (total, page_total, body, …), so
      // its text, with the values bound, can stay prepared: PostgreSQL parses and plans a shape once
      // per connection, as PostgREST's prepared statements do (decision 260).
      const { rows } = await tx.query(statement.sql, statement.params, prepared);
      const main = readRow(rows[0]);
      statement.check?.(main);
      const total = statement.countPlanSql ? await countTotals(tx, main, prefs, statement.countPlanSql, deps.config.maxRows) : main.total;
      return { main, total };
    },
    options,
  );
}

/** `EXPLAIN (FORMAT …, options)` over the statement the request would run (`SqlFragment.hs` explainF). */
export function explainSql(plan: PlanMedia, sql: string): string {
  return `explain (${[`format ${plan.format}`, ...plan.options].join(', ')}) ${sql}`;
}

/**
 * The plan as PostgREST sends it: the output rows as lines (`Statements.hs` planRow, `unlines`),
 * 200 with the plan media type, nothing else. FORMAT JSON arrives parsed from the driver and is
 * printed again with PostgreSQL's two-space indentation.
 */
export async function runExplain(
  deps: RestDeps,
  ctx: RestRequest,
  prefs: Preferences,
  media: Media & { plan: PlanMedia },
  sql: string,
  params: unknown[],
  readOnly: boolean,
): Promise<RestAnswer> {
  const rows = await runMain(
    deps,
    ctx,
    endsInRollback(deps, prefs),
    async (tx) => (await tx.query<{ 'QUERY PLAN': unknown }>(explainSql(media.plan, sql), params)).rows,
    // The transaction mode of the statement itself: EXPLAIN ANALYZE of a write runs the write.
    { readOnly, single: true },
  );
  const lines = rows.map((r) => {
    const value = r['QUERY PLAN'];
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  });
  return respond(200, ctx.method === 'HEAD' ? null : lines.map((l) => `${l}\n`).join(''), { 'Content-Type': media.contentType });
}

export function hasPlan(media: Media): media is Media & { plan: PlanMedia } {
  return media.plan !== undefined;
}
