import { planRead } from '../build/plan.ts';
import { nodeSql } from '../build/read-sql.ts';
import { Params } from '../build/sql.ts';
import { bodySql, writeStatement } from '../build/statement.ts';
import { deleteSql, insertSql, updateSql } from '../build/write-sql.ts';
import { errors } from '../errors.ts';
import { appliedPreferences, negotiate, parsePrefer } from '../parse/headers.ts';
import { readPayload } from '../parse/payload.ts';
import { emptyLevel, parseQuery } from '../parse/query.ts';
import type { RestRequest } from '../request.ts';
import { contentRange, respond, type RestAnswer } from '../respond.ts';
import { hasPlan, runExplain, runMainStatement, type MainResult } from './main-tx.ts';
import { findRelation } from './read.ts';
import { refuseBackReferences } from './regex-guard.ts';
import { planContext, type RestDeps } from './rest-deps.ts';

function payloadColumns(rows: Record<string, unknown>[], columns: string[] | null): string[] {
  if (columns) return columns;
  const first = Object.keys(rows[0] ?? {});
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || !keys.every((k) => first.includes(k))) throw errors.invalidBody('All object keys must match');
  }
  return first;
}

/** POST (insert/upsert), PATCH (update), DELETE on a table (PostgREST `Plan.hs` mutatePlan + `Response.hs`). */
export async function handleWrite(deps: RestDeps, ctx: RestRequest, name: string, text: string): Promise<RestAnswer> {
  const relation = findRelation(deps, ctx, name);
  const parsed = parseQuery(ctx.search);
  refuseBackReferences(parsed, deps.db.backend);
  const prefs = parsePrefer(ctx.headers.get('prefer'), deps.config.txAllowOverride);
  const media = negotiate(ctx.headers.get('accept'), deps.config.plan);
  const root = parsed.levels.get('') ?? emptyLevel();
  const params = new Params();
  const representation = prefs.return === 'representation';
  const headersOnly = prefs.return === 'headers-only' && ctx.method === 'POST';
  const returning = representation || headersOnly;
  let mutation: string;
  let upsert = false;
  if (ctx.method === 'POST') {
    const payload = readPayload(text || '', ctx.headers.get('content-type'));
    const rows = Array.isArray(payload) ? payload : [payload];
    const columns = payloadColumns(rows, parsed.columns);
    for (const c of columns) if (!relation.byName.has(c)) throw errors.columnNotFound(relation.name, c);
    const conflict = prefs.resolution ? (parsed.onConflict ?? relation.primaryKey) : [];
    for (const c of conflict) if (!relation.byName.has(c)) throw errors.undefinedColumn(relation.name, c);
    upsert = prefs.resolution === 'merge-duplicates' && conflict.length > 0;
    mutation = insertSql(
      relation,
      rows,
      columns,
      { missingDefault: prefs.missing === 'default', conflict, resolution: prefs.resolution, returning, upsert },
      params,
    );
  } else if (ctx.method === 'PUT') {
    const payload = putPayload(relation.primaryKey, root, readPayload(text || '', ctx.headers.get('content-type')));
    const columns = Object.keys(payload);
    for (const c of columns) if (!relation.byName.has(c)) throw errors.columnNotFound(relation.name, c);
    upsert = true;
    mutation = insertSql(
      relation,
      [payload],
      columns,
      { missingDefault: false, conflict: relation.primaryKey, resolution: 'merge-duplicates', returning, upsert },
      params,
    );
  } else {
    if (root.filters.length === 0) throw errors.safeUpdate(ctx.method === 'PATCH' ? 'UPDATE' : 'DELETE');
    const conditions = root.filters;
    if (ctx.method === 'PATCH') {
      const payload = readPayload(text || '', ctx.headers.get('content-type'));
      if (Array.isArray(payload)) throw errors.invalidBody('Empty or invalid json');
      const columns = parsed.columns ?? Object.keys(payload);
      for (const c of columns) if (!relation.byName.has(c)) throw errors.columnNotFound(relation.name, c);
      mutation = updateSql(relation, payload, columns, conditions, returning, params);
    } else {
      mutation = deleteSql(relation, conditions, returning, params);
    }
  }
  // The rows written are read back through the select tree; the root's filters already ran in the mutation.
  const levels = new Map(parsed.levels);
  levels.set('', emptyLevel());
  let selectSql: string | null = null;
  let body: string | null = null;
  if (representation) {
    const node = planRead(planContext(deps), relation, 'pgrst_source', parsed.select ?? [{ kind: 'star' }], levels);
    selectSql = nodeSql(node, params, { limit: null, offset: 0 });
    body = bodySql(media, null);
  } else if (headersOnly && relation.primaryKey.length > 0) {
    const node = planRead(
      planContext(deps),
      relation,
      'pgrst_source',
      relation.primaryKey.map((c) => ({ kind: 'field' as const, field: { name: c, json: [] }, alias: null, cast: null })),
      levels,
    );
    selectSql = nodeSql(node, params, { limit: null, offset: 0 });
    body = `coalesce(json_agg(_postgrest_t), '[]')::text`;
  }
  const sql = writeStatement(mutation, selectSql, body, upsert);
  if (hasPlan(media)) return runExplain(deps, ctx, prefs, media, sql, params.values, false);
  const singularCheck = media.kind === 'object' && representation;
  const affectedCheck = (ctx.method === 'PATCH' || ctx.method === 'DELETE') && prefs.handling === 'strict' && prefs.maxAffected !== null;
  const { main } = await runMainStatement(
    deps,
    ctx,
    prefs,
    {
      sql,
      params: params.values,
      // Errors thrown here roll the transaction back, as PostgREST does for these two checks.
      check: (result) => {
        if (singularCheck && result.pageTotal !== 1) throw errors.singular(result.pageTotal);
        if (affectedCheck && prefs.maxAffected !== null && result.pageTotal > prefs.maxAffected) throw errors.maxAffected(result.pageTotal);
      },
    },
    // Without those checks nothing can ask for a rollback after the statement: BEGIN, it and COMMIT go at once.
    { single: !singularCheck && !affectedCheck },
  );
  return writeResponse(
    ctx,
    name,
    relation.primaryKey,
    prefs,
    media.contentType,
    main,
    parsed.onConflict !== null || relation.primaryKey.length > 0,
  );
}

/**
 * PUT is a single-row upsert addressed by its whole primary key (PostgREST `Plan.hs`): only `eq`
 * filters on every key column, no limit/offset, and a payload carrying the same key values.
 */
function putPayload(
  primaryKey: string[],
  root: ReturnType<typeof emptyLevel>,
  payload: Record<string, unknown>[] | Record<string, unknown>,
): Record<string, unknown> {
  if (root.limit !== null || root.offset !== null) throw errors.putLimit();
  const keys = new Map<string, string>();
  for (const tree of root.filters) {
    const f = tree.kind === 'filter' ? tree.filter : null;
    if (!f || f.negated || f.field.json.length > 0 || f.operation.kind !== 'simple' || f.operation.op !== 'eq')
      throw errors.invalidFilters();
    keys.set(f.field.name, f.operation.value);
  }
  if (primaryKey.length === 0 || keys.size !== primaryKey.length || !primaryKey.every((k) => keys.has(k))) throw errors.invalidFilters();
  const row = Array.isArray(payload) ? (payload.length === 1 ? payload[0] : undefined) : payload;
  if (!row) throw errors.invalidBody('Payload values do not match URL in primary key column(s)');
  for (const k of primaryKey) {
    const value = row[k];
    if (value === undefined || value === null || String(value) !== keys.get(k)) throw errors.putMatchingPk();
  }
  return row;
}

function writeResponse(
  ctx: RestRequest,
  name: string,
  primaryKey: string[],
  prefs: ReturnType<typeof parsePrefer>,
  contentType: string,
  main: MainResult,
  resolutionApplies: boolean,
): RestAnswer {
  const total = prefs.count ? main.pageTotal : null;
  const headers: Record<string, string> = {};
  const applied = appliedPreferences(prefs, {
    resolution: ctx.method === 'POST' && resolutionApplies,
    missing: ctx.method === 'POST' || ctx.method === 'PATCH',
    return: true,
    maxAffected: ctx.method === 'PATCH' || ctx.method === 'DELETE',
  });
  const representation = prefs.return === 'representation';
  if (ctx.method === 'PUT') {
    if (applied) headers['Preference-Applied'] = applied;
    if (!representation) return respond(204, null, headers);
    headers['Content-Type'] = contentType;
    return respond(main.inserted !== null && main.inserted > 0 ? 201 : 200, main.body, headers);
  }
  if (ctx.method === 'POST') {
    headers['Content-Range'] = contentRange(1, 0, total);
    if (prefs.return === 'headers-only' && main.pageTotal === 1 && primaryKey.length > 0) {
      const row = (JSON.parse(main.body || '[]') as Array<Record<string, unknown>>)[0] ?? {};
      const query = primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(row[k] ?? ''))}`).join('&');
      headers.Location = `/${name}?${query}`;
    }
    if (applied) headers['Preference-Applied'] = applied;
    const status = main.inserted !== null && main.inserted <= 0 && prefs.resolution === 'merge-duplicates' ? 200 : 201;
    if (representation) headers['Content-Type'] = contentType;
    return respond(status, representation ? main.body : '', headers);
  }
  headers['Content-Range'] = ctx.method === 'PATCH' ? contentRange(0, main.pageTotal - 1, total) : contentRange(1, 0, total);
  if (applied) headers['Preference-Applied'] = applied;
  if (!representation) return respond(204, null, headers);
  headers['Content-Type'] = contentType;
  return respond(200, main.body, headers);
}
