import { planRead } from '../build/plan.ts';
import { countSql, nodeSql } from '../build/read-sql.ts';
import { ident, Params, qualified } from '../build/sql.ts';
import { bodySql, readStatement } from '../build/statement.ts';
import { errors, type RestError } from '../errors.ts';
import { appliedPreferences, negotiate, parsePrefer } from '../parse/headers.ts';
import { emptyLevel, parseQuery } from '../parse/query.ts';
import type { RestRequest } from '../request.ts';
import { respond } from '../respond.ts';
import { closest, type Routine } from '../schema-cache.ts';
import { hasPlan, needsPlan, runExplain, runMainStatement } from './main-tx.ts';
import { pageRange, readResponse } from './read.ts';
import { planContext, type RestDeps } from './rest-deps.ts';
import { parsePayload } from './write.ts';

const jsonTypes = new Set(['json', 'jsonb']);

function describeRoutine(r: Routine): string {
  return `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
}

function notFound(deps: RestDeps, ctx: RestRequest, name: string, keys: string[], candidates: Routine[], post: boolean): RestError {
  const sorted = [...keys].sort();
  const fn = `${ctx.schema}.${name}`;
  let hint: string | null = null;
  if (candidates.length > 0) {
    const lists = candidates.map(
      (r) =>
        `(${r.params
          .map((p) => p.name)
          .sort()
          .join(', ')})`,
    );
    const best = closest(`(${sorted.join(', ')})`, lists, 0.33) ?? lists[0] ?? null;
    if (best) hint = `Perhaps you meant to call the function ${fn}${best}`;
  } else {
    const names = [...deps.cache.routines.keys()].filter((k) => k.startsWith(`${ctx.schema}.`)).map((k) => k.slice(ctx.schema.length + 1));
    const best = closest(name, names, 0.75);
    if (best) hint = `Perhaps you meant to call the function ${ctx.schema}.${best}`;
  }
  return errors.functionNotFound(fn, sorted, post, hint);
}

/** Overload resolution by argument names (PostgREST `Plan.hs` findProc): PGRST202 none, PGRST203 several. */
function chooseRoutine(
  deps: RestDeps,
  ctx: RestRequest,
  name: string,
  keys: string[],
  post: boolean,
): { routine: Routine; singleJson: boolean } {
  const candidates = deps.cache.routines.get(`${ctx.schema}.${name}`) ?? [];
  const fits = candidates.filter((r) => {
    const names = new Set(r.params.map((p) => p.name));
    return keys.every((k) => names.has(k)) && r.params.every((p) => p.hasDefault || keys.includes(p.name));
  });
  if (fits.length === 1 && fits[0]) return { routine: fits[0], singleJson: false };
  if (fits.length > 1) {
    const exact = fits.filter((r) => r.params.length === keys.length);
    if (exact.length === 1 && exact[0]) return { routine: exact[0], singleJson: false };
    throw errors.ambiguousFunction(fits.map(describeRoutine));
  }
  if (post) {
    const single = candidates.find((r) => r.params.length === 1 && r.params[0]?.name === '' && jsonTypes.has(r.params[0].type));
    if (single) return { routine: single, singleJson: true };
  }
  throw notFound(deps, ctx, name, keys, candidates, post);
}

/** The call as a FROM item: arguments bound as one JSON object, typed by `json_to_record`. */
function callFrom(routine: Routine, args: Record<string, unknown>, singleJson: boolean, rawBody: string, params: Params): string {
  const fn = qualified(routine.schema, routine.name);
  if (singleJson) return `${fn}(${params.bind(rawBody)}::${routine.params[0]?.type ?? 'json'})`;
  const used = routine.params.filter((p) => p.name in args);
  if (used.length === 0) return `${fn}()`;
  const record = used.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  const call = used.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_args.${ident(p.name)}`).join(', ');
  return `json_to_record(${params.bind(JSON.stringify(args))}::json) as pgrst_args(${record}) cross join lateral ${fn}(${call})`;
}

/** POST/GET/HEAD /rpc/fn (PostgREST `Plan.hs` callPlan + `Statements.hs` mainCall). */
export async function handleRpc(deps: RestDeps, ctx: RestRequest, name: string, text: string | null): Promise<Response> {
  const post = ctx.method === 'POST';
  const head = ctx.method === 'HEAD';
  const candidates = deps.cache.routines.get(`${ctx.schema}.${name}`) ?? [];
  const paramNames = new Set(candidates.flatMap((r) => r.params.map((p) => p.name)));
  const parsed = parseQuery(ctx.search, post ? () => false : (key) => paramNames.has(key));
  let args: Record<string, unknown> = {};
  if (post) {
    const payload = text && text.trim() !== '' ? parsePayload(text) : {};
    if (Array.isArray(payload)) throw errors.invalidBody('Empty or invalid json');
    args = payload;
  } else {
    for (const [key, value] of parsed.raw) {
      const existing = args[key];
      args[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  const { routine, singleJson } = chooseRoutine(deps, ctx, name, Object.keys(args), post);
  const media = negotiate(ctx.headers.get('accept'), deps.config.plan);
  const prefs = parsePrefer(ctx.headers.get('prefer'), deps.config.txAllowOverride);
  const rootLevel = parsed.levels.get('') ?? emptyLevel();
  const range = routine.returnsSet ? pageRange(deps, ctx, rootLevel) : { limit: null, offset: 0 };
  if (!routine.returnRelation) {
    const addressed = [...parsed.levels.keys()].filter((k) => k !== '' || rootLevel.filters.length > 0);
    if (addressed.length > 0) throw errors.notEmbedded(addressed[0] || name);
  }
  const build = (params: Params) => {
    const from = callFrom(routine, args, singleJson, text ?? '', params);
    if (routine.returnRelation) {
      const root = planRead(planContext(deps), routine.returnRelation, from, parsed.select ?? [{ kind: 'star' }], parsed.levels);
      return {
        source: () => nodeSql(root, params, range),
        count: () => countSql(root, params),
        body: routine.returnsSet ? bodySql(media, null) : `coalesce((json_agg(_postgrest_t)->0)::text, 'null')`,
      };
    }
    const page = `${range.limit !== null ? ` limit ${range.limit}` : ''}${range.offset > 0 ? ` offset ${range.offset}` : ''}`;
    return {
      source: () => `select pgrst_call.pgrst_scalar from ${from} as pgrst_call(pgrst_scalar)${page}`,
      count: () => `select 1 from ${from} as pgrst_call(pgrst_scalar)`,
      body: routine.returnsSet
        ? `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text`
        : `coalesce((json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null')`,
    };
  };
  const params = new Params();
  const built = build(params);
  const source = built.source();
  const wantsCount = prefs.count === 'exact' || prefs.count === 'estimated';
  const sql = readStatement(source, wantsCount ? built.count() : null, built.body);
  if (hasPlan(media)) return runExplain(deps, ctx, prefs, media, sql, params.values, !post);
  const { main, total } = await runMainStatement(
    deps,
    ctx,
    prefs,
    {
      sql,
      params: params.values,
      check: (result) => {
        if (media.kind === 'object' && result.pageTotal !== 1 && routine.returnsSet) throw errors.singular(result.pageTotal);
      },
      countPlanSql: () => {
        const p = new Params();
        return { sql: build(p).count(), params: p.values };
      },
    },
    // A second statement (EXPLAIN) or the singular check may follow the call; otherwise BEGIN, the call and COMMIT go at once.
    { readOnly: !post, single: !needsPlan(prefs) && !(media.kind === 'object' && routine.returnsSet) },
  );
  if (routine.returnsVoid) {
    const applied = appliedPreferences(prefs, { resolution: false, missing: false, return: false, maxAffected: false });
    return respond(204, null, { 'Content-Range': `0-0/*`, ...(applied ? { 'Preference-Applied': applied } : {}) });
  }
  return readResponse(ctx, null, media, prefs, range, main, total, head);
}
