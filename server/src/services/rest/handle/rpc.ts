import { planRead } from '../build/plan.ts';
import { countSql, nodeSql } from '../build/read-sql.ts';
import { ident, Params, qualified } from '../build/sql.ts';
import { bodySql, readStatement } from '../build/statement.ts';
import { errors } from '../errors.ts';
import { appliedPreferences, negotiate, parsePrefer } from '../parse/headers.ts';
import { isJsonPayload, mediaEssence, readPayload } from '../parse/payload.ts';
import { emptyLevel, parseQuery } from '../parse/query.ts';
import type { RestRequest } from '../request.ts';
import { respond, type RestAnswer } from '../respond.ts';
import type { Routine, SchemaCache } from '../schema-cache.ts';
import { hasPlan, needsPlan, runExplain, runMainStatement } from './main-tx.ts';
import { pageRange, readResponse } from './read.ts';
import { refuseBackReferences } from './regex-guard.ts';
import { planContext, type RestDeps } from './rest-deps.ts';
import { callableOverloads, isCallable, resolveRoutine, takesBodyWhole, type RpcBodyKind } from './rpc-resolve.ts';

/** The body's media type, as far as choosing the overload goes (PostgREST `findProc`). */
function bodyKind(contentType: string | null): RpcBodyKind {
  const mime = mediaEssence(contentType);
  if (mime === 'text/plain') return 'text';
  if (mime === 'text/xml') return 'xml';
  return 'json';
}

/** A function's callable overloads in PostgREST's order, and every parameter name they take. */
interface Callable {
  overloads: Routine[];
  paramNames: Set<string>;
}

/**
 * Per schema cache, so per reload: what a function name resolves to before its arguments are
 * looked at depends on nothing else, and sorting the overloads on every call cost each request.
 */
const callableBySchemaCache = new WeakMap<SchemaCache, Map<string, Callable>>();

function callable(cache: SchemaCache, key: string): Callable {
  let byKey = callableBySchemaCache.get(cache);
  if (!byKey) {
    byKey = new Map();
    callableBySchemaCache.set(cache, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    const overloads = callableOverloads(cache.routines.get(key) ?? []);
    found = { overloads, paramNames: new Set(overloads.flatMap((r) => r.params.map((p) => p.name))) };
    // Names are the client's (the URL): an unknown one is not kept, so they cannot fill the map.
    if (overloads.length > 0) byKey.set(key, found);
  }
  return found;
}

function namesInSchema(deps: RestDeps, schema: string): string[] {
  const names: string[] = [];
  for (const [key, overloads] of deps.cache.routines) {
    if (key.startsWith(`${schema}.`) && overloads.some(isCallable)) names.push(key.slice(schema.length + 1));
  }
  return names;
}

/** The call's arguments by name, and the JSON object the client sent them in, when it did. */
interface CallArgs {
  values: Record<string, unknown>;
  /** A JSON body as sent: `json_to_record` reads it as PostgREST passes it on (numbers keep every digit). */
  sent: string | null;
}

/** The call's arguments as a FROM item (none, or one JSON object typed by `json_to_record`), and the call itself. */
function callParts(routine: Routine, callArgs: CallArgs, wholeBody: string | null, params: Params): { from: string | null; call: string } {
  const args = callArgs.values;
  const fn = qualified(routine.schema, routine.name);
  // A single unnamed parameter takes the whole body (PostgREST `OnePosParam`).
  if (takesBodyWhole(routine)) return { from: null, call: `${fn}(${params.bind(wholeBody)}::${routine.params[0]?.type ?? 'json'})` };
  const used = routine.params.filter((p) => p.name in args);
  if (used.length === 0) return { from: null, call: `${fn}()` };
  const record = used.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  const call = used.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_args.${ident(p.name)}`).join(', ');
  return {
    from: `json_to_record(${params.bind(callArgs.sent ?? JSON.stringify(args))}::json) as pgrst_args(${record})`,
    call: `${fn}(${call})`,
  };
}

/** A function returning rows of a relation, called as a FROM item. */
function callFrom(routine: Routine, args: CallArgs, wholeBody: string | null, params: Params): string {
  const { from, call } = callParts(routine, args, wholeBody, params);
  return from ? `${from} cross join lateral ${call}` : call;
}

/** A function returning a scalar (or a set of them), called in a select list as PostgREST does (`callPlanToQuery` callIt). */
function scalarCallFrom(routine: Routine, args: CallArgs, wholeBody: string | null, params: Params): string {
  const { from, call } = callParts(routine, args, wholeBody, params);
  const called = `(select ${call} as pgrst_scalar) as pgrst_call`;
  return from ? `${from} cross join lateral ${called}` : called;
}

/** POST/GET/HEAD /rpc/fn (PostgREST `Plan.hs` callPlan + `Statements.hs` mainCall). */
export async function handleRpc(deps: RestDeps, ctx: RestRequest, name: string, text: string | null): Promise<RestAnswer> {
  const post = ctx.method === 'POST';
  const head = ctx.method === 'HEAD';
  const { overloads, paramNames } = callable(deps.cache, `${ctx.schema}.${name}`);
  const parsed = parseQuery(ctx.search, post ? () => false : (key) => paramNames.has(key));
  refuseBackReferences(parsed, deps.db.backend);
  const contentType = ctx.headers.get('content-type');
  const body = post ? bodyKind(contentType) : 'json';
  // A POST's body, unless it is blank.
  const bodyText = post && text !== null && text.trim() !== '' ? text : null;
  let args: Record<string, unknown> = {};
  // A JSON object body goes to the database as sent (numbers keep every digit), as PostgREST does.
  let sentJson: string | null = null;
  if (post && body !== 'json') {
    args = {};
  } else if (post) {
    const payload = bodyText !== null ? readPayload(bodyText, contentType) : {};
    if (Array.isArray(payload)) throw errors.invalidBody('Empty or invalid json');
    args = payload;
    if (bodyText !== null && isJsonPayload(contentType)) sentJson = bodyText;
  } else {
    for (const [key, value] of parsed.raw) {
      const existing = args[key];
      args[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  const routine = resolveRoutine({ schema: ctx.schema, name, keys: Object.keys(args), post, body }, overloads, () =>
    namesInSchema(deps, ctx.schema),
  );
  const wholeBody = post ? bodyText : JSON.stringify(args);
  const media = negotiate(ctx.headers.get('accept'), deps.config.plan);
  const prefs = parsePrefer(ctx.headers.get('prefer'), deps.config.txAllowOverride);
  // PostgREST checks max-affected on calls too: a single value is refused up front, a set after the call (rolled back).
  const affectedCheck = prefs.handling === 'strict' && prefs.maxAffected !== null;
  if (affectedCheck && !routine.returnsSet) throw errors.maxAffectedRpc();
  const rootLevel = parsed.levels.get('') ?? emptyLevel();
  const range = routine.returnsSet ? pageRange(deps, ctx, rootLevel) : { limit: null, offset: 0 };
  if (!routine.returnRelation) {
    const addressed = [...parsed.levels.keys()].filter((k) => k !== '' || rootLevel.filters.length > 0);
    if (addressed.length > 0) throw errors.notEmbedded(addressed[0] || name);
  }
  const callArgs: CallArgs = { values: args, sent: sentJson };
  const build = (params: Params) => {
    if (routine.returnRelation) {
      const from = callFrom(routine, callArgs, wholeBody, params);
      const root = planRead(planContext(deps), routine.returnRelation, from, parsed.select ?? [{ kind: 'star' }], parsed.levels);
      return {
        source: () => nodeSql(root, params, range),
        count: () => countSql(root, params),
        body: routine.returnsSet ? bodySql(media, null) : `coalesce((json_agg(_postgrest_t)->0)::text, 'null')`,
      };
    }
    const from = scalarCallFrom(routine, callArgs, wholeBody, params);
    const page = `${range.limit !== null ? ` limit ${range.limit}` : ''}${range.offset > 0 ? ` offset ${range.offset}` : ''}`;
    return {
      source: () => `select pgrst_call.pgrst_scalar from ${from}${page}`,
      count: () => `select 1 from ${from}`,
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
  // PostgREST's transaction mode for a call (`Plan.hs` callReadPlan): read-only unless a POST calls a
  // volatile function. A read-only transaction also costs PostgreSQL less to begin and end.
  const readOnly = !post || routine.volatility !== 'v';
  if (hasPlan(media)) return runExplain(deps, ctx, prefs, media, sql, params.values, readOnly);
  const { main, total } = await runMainStatement(
    deps,
    ctx,
    prefs,
    {
      sql,
      params: params.values,
      check: (result) => {
        if (media.kind === 'object' && result.pageTotal !== 1 && routine.returnsSet) throw errors.singular(result.pageTotal);
        if (affectedCheck && prefs.maxAffected !== null && result.pageTotal > prefs.maxAffected) throw errors.maxAffected(result.pageTotal);
      },
      countPlanSql: () => {
        const p = new Params();
        return { sql: build(p).count(), params: p.values };
      },
    },
    // A second statement (EXPLAIN) or the singular check may follow the call; otherwise BEGIN, the call and COMMIT go at once.
    { readOnly, single: !needsPlan(prefs) && !(media.kind === 'object' && routine.returnsSet) && !affectedCheck },
  );
  if (routine.returnsVoid) {
    const applied = appliedPreferences(prefs, { resolution: false, missing: false, return: false, maxAffected: true });
    return respond(204, null, { 'Content-Range': `0-0/*`, ...(applied ? { 'Preference-Applied': applied } : {}) });
  }
  return readResponse(ctx, null, media, prefs, range, main, total, head, { maxAffected: true });
}
