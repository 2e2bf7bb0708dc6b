import { parseError } from '../errors.ts';
import { Cursor } from './cursor.ts';
import { parseFieldKey, parseFilter, parseLogic, type Filter, type LogicTree } from './filter.ts';
import { parseJsonPath, parseSelect, type Field, type SelectItem } from './select.ts';

export interface OrderTerm {
  /** A to-one embed the column belongs to (`order=rel(col)`), else null. */
  relation: string | null;
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Everything addressed to one level of the embedding tree (`path` = embed names from the root). */
export interface LevelParams {
  filters: LogicTree[];
  /** `rel=is.null` / `rel=not.is.null` on an embed of this level. */
  embedNullFilters: Array<{ name: string; negated: boolean; filter: Filter }>;
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

export interface ParsedQuery {
  select: SelectItem[] | null;
  levels: Map<string, LevelParams>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Parameters that are not reserved and not filters (RPC GET arguments are taken from these). */
  raw: Array<[string, string]>;
}

const reserved = new Set(['select', 'columns', 'on_conflict']);

export function emptyLevel(): LevelParams {
  return { filters: [], embedNullFilters: [], order: null, limit: null, offset: null };
}

function level(levels: Map<string, LevelParams>, path: string[]): LevelParams {
  const key = path.join('.');
  let found = levels.get(key);
  if (!found) {
    found = emptyLevel();
    levels.set(key, found);
  }
  return found;
}

/** Splits `a.b.c` at dots outside double quotes. */
function splitKey(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of key) {
    if (ch === '"') quoted = !quoted;
    if (ch === '.' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function parseNonNegative(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value))
    throw parseError(`"failed to parse ${what} parameter (${value})" (line 1, column 1)`, 'unexpected input expecting digit');
  return Number(value);
}

/**
 * Reads a query string the way PostgREST does (`ApiRequest/QueryParams.hs`): reserved keys,
 * `order`/`limit`/`offset`/`or`/`and` per embedding level, everything else a filter.
 * `isArgument` marks RPC parameters, which are not filters.
 */
export function parseQuery(params: URLSearchParams, isArgument: (key: string) => boolean = () => false): ParsedQuery {
  const parsed: ParsedQuery = { select: null, levels: new Map(), columns: null, onConflict: null, raw: [] };
  for (const [key, value] of params) {
    if (key === 'select') {
      parsed.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      parsed.columns = parseColumnList('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      parsed.onConflict = parseColumnList('on_conflict', value);
      continue;
    }
    if (isArgument(key)) {
      parsed.raw.push([key, value]);
      continue;
    }
    if (reserved.has(key)) continue;
    const parts = splitKey(key);
    let last = parts.pop() ?? '';
    let negated = false;
    if (last === 'not' && parts.length === 0)
      throw parseError(
        `"failed to parse tree path (${key})" (line 1, column 1)`,
        'unexpected end of input expecting field name (* or [a..z0..9_$])',
      );
    // `not.or=(…)`: the `not` is the previous segment.
    if ((last === 'or' || last === 'and') && parts.at(-1) === 'not') {
      parts.pop();
      negated = true;
    }
    const path = parts.map((p) => p.replace(/^"(.*)"$/, '$1'));
    if (last === 'or' || last === 'and') {
      level(parsed.levels, path).filters.push(parseLogic(last, negated, value));
    } else if (last === 'order') {
      level(parsed.levels, path).order = parseOrder(value);
    } else if (last === 'limit') {
      level(parsed.levels, path).limit = parseNonNegative('limit', value);
    } else if (last === 'offset') {
      level(parsed.levels, path).offset = parseNonNegative('offset', value);
    } else {
      if (last.startsWith('"') && !last.endsWith('"')) last += '"';
      const field = parseFieldKey(last);
      level(parsed.levels, path).filters.push({ kind: 'filter', filter: parseFilter(key, field, value) });
    }
  }
  return parsed;
}

function parseColumnList(what: string, value: string): string[] {
  const cursor = new Cursor(`${what} parameter`, value);
  const names: string[] = [];
  for (;;) {
    names.push(cursor.name());
    if (!cursor.eat(',')) break;
  }
  if (!cursor.done) throw cursor.fail('"," or end of input');
  return names;
}

/** `order=a.desc.nullslast,rel(b).asc` (PostgREST pOrder). */
export function parseOrder(value: string): OrderTerm[] {
  const cursor = new Cursor('order', value);
  const terms: OrderTerm[] = [];
  for (;;) {
    let relation: string | null = null;
    let name = cursor.name();
    if (cursor.eat('(')) {
      relation = name;
      name = cursor.name();
      const json = parseJsonPath(cursor);
      cursor.expect(')');
      terms.push({ relation, field: { name, json }, ...orderModifiers(cursor) });
    } else {
      const json = parseJsonPath(cursor);
      terms.push({ relation, field: { name, json }, ...orderModifiers(cursor) });
    }
    if (!cursor.eat(',')) break;
  }
  if (!cursor.done) throw cursor.fail('".", "," or end of input');
  return terms;
}

function orderModifiers(cursor: Cursor): Pick<OrderTerm, 'direction' | 'nulls'> {
  let direction: OrderTerm['direction'] = null;
  let nulls: OrderTerm['nulls'] = null;
  if (cursor.eat('.asc')) direction = 'asc';
  else if (cursor.eat('.desc')) direction = 'desc';
  if (cursor.eat('.nullsfirst')) nulls = 'first';
  else if (cursor.eat('.nullslast')) nulls = 'last';
  return { direction, nulls };
}
