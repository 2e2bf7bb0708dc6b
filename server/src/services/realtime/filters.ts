/**
 * The postgres_changes subscription grammar (`lib/extensions/postgres_cdc_rls/subscriptions.ex`
 * parse_subscription_params): event, schema, table, and a comma-separated AND of
 * `col=[not.]op.value` filters with quoting and `in.(a,b)` lists.
 */
export const filterOps = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const;
export type FilterOp = (typeof filterOps)[number];

export interface Filter {
  column: string;
  op: FilterOp;
  /** For `in`, a PostgreSQL array literal `{a,b}` as upstream builds it. */
  value: string;
  negate: boolean;
}

export interface ChangeParams {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  filters: Filter[];
  select: string[] | null;
}

export class FilterParseError extends Error {}

function splitTopLevel(filter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i] ?? '';
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + (filter[i + 1] ?? '');
        prev = filter[i + 1] ?? '';
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
      prev = ch;
      continue;
    }
    if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      prev = '';
      continue;
    }
    current += ch;
    prev = ch;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i] ?? '';
    if (ch === '\\' && i + 1 < value.length) {
      out += value[++i] ?? '';
      continue;
    }
    if (ch === '"') return i === value.length - 1 ? out : value;
    out += ch;
  }
  return value;
}

/** Elixir's `inspect` of a list of strings, for error messages worded like upstream's. */
function inspectList(parts: string[]): string {
  return `[${parts.map((p) => JSON.stringify(p)).join(', ')}]`;
}

function parseSegment(segment: string): Filter {
  const trimmed = segment.trim();
  if (trimmed === '') throw new FilterParseError('filter must not contain empty segments (check for extra commas)');
  const eq = trimmed.indexOf('=');
  if (eq < 0) throw new FilterParseError(`Error parsing \`filter\` params: ${inspectList([trimmed])}`);
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw new FilterParseError(`Error parsing \`filter\` params: ${inspectList([rest])}`);
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (!(filterOps as readonly string[]).includes(op))
    throw new FilterParseError(`Error parsing \`filter\` params: ${inspectList([op, raw])}`);
  if (op === 'in') {
    if (raw.length < 2 || !raw.startsWith('(') || !raw.endsWith(')'))
      throw new FilterParseError('`in` filter value must be wrapped by parentheses');
    return { column, op: 'in', value: `{${raw.slice(1, -1)}}`, negate };
  }
  return { column, op: op as FilterOp, value: unquote(raw), negate };
}

export function parseFilters(filter: string): Filter[] {
  const trimmed = filter.trim();
  if (trimmed === '') return [];
  if (trimmed === 'undefined') throw new FilterParseError('Error parsing `filter` params: ["undefined"]');
  return splitTopLevel(trimmed).map(parseSegment);
}

function actionFilter(event: unknown): ChangeParams['event'] {
  if (typeof event !== 'string') return '*';
  const upper = event.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

/** One entry of `config.postgres_changes`, parsed; throws FilterParseError with upstream's wording. */
export function parseChangeParams(params: Record<string, unknown>): ChangeParams {
  const event = actionFilter(params.event);
  let select: string[] | null = null;
  if (Array.isArray(params.select)) {
    const cols = params.select.filter((c): c is string => typeof c === 'string');
    select = cols.length ? cols : null;
  } else if (typeof params.select === 'string') {
    throw new FilterParseError('Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]');
  }
  const schema = typeof params.schema === 'string' ? params.schema : undefined;
  const table = typeof params.table === 'string' ? params.table : undefined;
  const filter = typeof params.filter === 'string' ? params.filter : undefined;
  if (schema === undefined && table === undefined) {
    throw new FilterParseError(
      `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`,
    );
  }
  const parsed: ChangeParams = {
    event,
    schema: schema ?? 'public',
    table: table ?? '*',
    filters: filter === undefined || table === undefined ? [] : parseFilters(filter),
    select,
  };
  if (select && (parsed.schema === '*' || parsed.table === '*')) {
    throw new FilterParseError('Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.');
  }
  return parsed;
}

/**
 * The integer id the join reply carries for each subscription (upstream uses
 * `:erlang.phash2(params)`, range 0..2^27-1): a stable hash of the params as sent.
 */
export function subscriptionId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
  let h = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    h ^= canonical.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 2 ** 27;
}
