import type { Database } from '../../../db/types.ts';
import type { RequestContext } from '../context.ts';
import type { SchemaCache } from '../schema-cache.ts';
import type { RestConfig } from '../db-config.ts';
import type { PlanContext } from '../build/plan.ts';

export interface RestDeps {
  db: Database;
  cache: SchemaCache;
  /** PostgREST's configuration in force for this request (file and in-database settings). */
  config: RestConfig;
}

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

export function contentLocation(ctx: RequestContext, name: string): string {
  return `/${name}${ctx.rawSearch ? `?${ctx.rawSearch}` : ''}`;
}

/** `Range: 0-9` (PostgREST still honours it; postgrest-js sends limit/offset instead). */
export function rangeHeader(ctx: RequestContext): { offset: number; limit: number | null } | null {
  const match = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(ctx.headers.get('range')?.trim() ?? '');
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  return { offset: from, limit: to === null ? null : Math.max(0, to - from + 1) };
}

/** A fresh plan context for one statement: the schema cache and whether aggregates are on. */
export function planContext(deps: RestDeps): PlanContext {
  return { cache: deps.cache, counter: 0, aggregates: deps.config.aggregates };
}
