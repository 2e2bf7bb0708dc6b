import type { Tx, TxOptions } from '../../../db/types.ts';
import type { RequestContext } from '../context.ts';
import type { Media, PlanMedia, Preferences } from '../parse/headers.ts';
import { ident } from '../build/sql.ts';
import { respond } from '../respond.ts';
import type { RestDeps } from './shared.ts';

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
export async function runMain<T>(deps: RestDeps, ctx: RequestContext, rollback: boolean, fn: (tx: Tx) => Promise<T>, options: TxOptions): Promise<T> {
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

/** `EXPLAIN (FORMAT …, options)` over the statement the request would run (`SqlFragment.hs` explainF). */
export function explainSql(plan: PlanMedia, sql: string): string {
  return `explain (${[`format ${plan.format}`, ...plan.options].join(', ')}) ${sql}`;
}

/**
 * The plan as PostgREST sends it: the output rows as lines (`Statements.hs` planRow, `unlines`),
 * 200 with the plan media type, nothing else. FORMAT JSON arrives parsed from the driver and is
 * printed again with PostgreSQL's two-space indentation.
 */
export async function runExplain(deps: RestDeps, ctx: RequestContext, prefs: Preferences, media: Media & { plan: PlanMedia }, sql: string, params: unknown[], readOnly: boolean): Promise<Response> {
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
