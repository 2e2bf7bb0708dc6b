import { planRead, type ReadNode } from '../build/plan.ts';
import { countSql, nodeSql, outputNames } from '../build/read-sql.ts';
import { Params, qualified } from '../build/sql.ts';
import { bodySql, readStatement, type GeoSource } from '../build/statement.ts';
import { errors } from '../errors.ts';
import { appliedPreferences, negotiate, parsePrefer, type Media, type Preferences } from '../parse/headers.ts';
import { emptyLevel, parseQuery } from '../parse/query.ts';
import type { RestRequest } from '../request.ts';
import { contentRange, rangeStatus, respond, respondError, type RestAnswer } from '../respond.ts';
import type { Relation } from '../schema-cache.ts';
import { hasPlan, needsPlan, runExplain, runMainStatement, type MainResult } from './main-tx.ts';
import { refuseBackReferences } from './regex-guard.ts';
import { planContext, type RestDeps } from './rest-deps.ts';

/** The table to serve, or PGRST205 with PostgREST's fuzzy hint. */
export function findRelation(deps: RestDeps, ctx: RestRequest, name: string): Relation {
  const relation = deps.cache.relation(ctx.schema, name);
  if (!relation) throw errors.tableNotFound(ctx.schema, name, deps.cache.suggestTable(ctx.schema, name));
  return relation;
}

/** Latitude/longitude columns a GeoJSON Point can be built from (no PostGIS here: see decision 023). */
export function geoColumns(names: string[]): { lat: string; lng: string } | null {
  for (const [lat, lng] of [
    ['lat', 'lng'],
    ['latitude', 'longitude'],
    ['lat', 'lon'],
  ] as const) {
    if (names.includes(lat) && names.includes(lng)) return { lat, lng };
  }
  return null;
}

export function contentLocation(ctx: RestRequest, name: string): string {
  return `/${name}${ctx.rawSearch ? `?${ctx.rawSearch}` : ''}`;
}

/** `Range: 0-9` (PostgREST still honours it; postgrest-js sends limit/offset instead). */
export function rangeHeader(ctx: RestRequest): { offset: number; limit: number | null } | null {
  const match = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(ctx.headers.get('range')?.trim() ?? '');
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  return { offset: from, limit: to === null ? null : Math.max(0, to - from + 1) };
}

export interface PageRange {
  limit: number | null;
  offset: number;
}

export function pageRange(deps: RestDeps, ctx: RestRequest, root: { limit: number | null; offset: number | null }): PageRange {
  const header = root.limit === null && root.offset === null ? rangeHeader(ctx) : null;
  const requested = root.limit ?? header?.limit ?? null;
  return { limit: Math.min(requested ?? deps.config.maxRows, deps.config.maxRows), offset: root.offset ?? header?.offset ?? 0 };
}

export function readResponse(
  ctx: RestRequest,
  name: string | null,
  media: Media,
  prefs: Preferences,
  range: PageRange,
  main: MainResult,
  total: number | null,
  head: boolean,
  applies: { maxAffected: boolean } = { maxAffected: false },
): RestAnswer {
  const status = rangeStatus(range.offset, main.pageTotal, total);
  if (status === 416) return respondError(errors.invalidRange(range.offset, total), head);
  if (media.kind === 'object' && main.pageTotal !== 1) return respondError(errors.singular(main.pageTotal), head);
  const headers: Record<string, string> = {
    'Content-Range': contentRange(range.offset, range.offset + main.pageTotal - 1, total),
    'Content-Type': media.contentType,
  };
  if (name !== null) headers['Content-Location'] = contentLocation(ctx, name);
  const applied = appliedPreferences(prefs, { resolution: false, missing: false, return: false, maxAffected: applies.maxAffected });
  if (applied) headers['Preference-Applied'] = applied;
  return respond(status, head ? null : main.body, headers);
}

/** A selected PostGIS geometry or geography column: PostgREST's GeoJSON handler (`ST_AsGeoJSON`) applies. */
function hasPostgisColumn(root: ReadNode): boolean {
  const names = outputNames(root);
  return root.relation.columns.some((c) => names.includes(c.name) && /(^|\.)"?(geometry|geography)\b/.test(c.type));
}

function checkGeo(media: Media, root: ReadNode): GeoSource | null {
  if (media.kind !== 'geojson') return null;
  if (hasPostgisColumn(root)) return 'postgis';
  const geo = geoColumns(outputNames(root));
  if (!geo) throw errors.mediaType(['application/geo+json']);
  return geo;
}

/** GET/HEAD on a table or view (PostgREST `Plan.hs` readPlan + `Statements.hs` mainRead). */
export async function handleRead(deps: RestDeps, ctx: RestRequest, name: string): Promise<RestAnswer> {
  const head = ctx.method === 'HEAD';
  const relation = findRelation(deps, ctx, name);
  const parsed = parseQuery(ctx.search);
  refuseBackReferences(parsed, deps.db.backend);
  const media = negotiate(ctx.headers.get('accept'), deps.config.plan);
  const prefs = parsePrefer(ctx.headers.get('prefer'), deps.config.txAllowOverride);
  const root = planRead(planContext(deps), relation, qualified(ctx.schema, name), parsed.select ?? [{ kind: 'star' }], parsed.levels);
  const range = pageRange(deps, ctx, parsed.levels.get('') ?? emptyLevel());
  const geo = checkGeo(media, root);
  const params = new Params();
  const source = nodeSql(root, params, range);
  const wantsCount = prefs.count === 'exact' || prefs.count === 'estimated';
  const count = wantsCount ? countSql(root, params) + (prefs.count === 'estimated' ? ` limit ${deps.config.maxRows + 1}` : '') : null;
  const sql = readStatement(source, count, bodySql(media, geo));
  if (hasPlan(media)) return runExplain(deps, ctx, prefs, media, sql, params.values, true);
  const countPlanSql = () => {
    const p = new Params();
    return { sql: countSql(root, p), params: p.values };
  };
  const { main, total } = await runMainStatement(
    deps,
    ctx,
    prefs,
    { sql, params: params.values, countPlanSql },
    // Only a planned (or large estimated) count runs a second statement (EXPLAIN).
    { readOnly: true, single: !needsPlan(prefs) },
  );
  return readResponse(ctx, name, media, prefs, range, main, total, head);
}
