import type { Filter } from './filters.ts';
import { quoteIdent, type TableInfo } from './table-catalog.ts';

/**
 * SQL for upstream's `realtime.check_equality_op` (5-arg, negate-aware), evaluated on the
 * changed row rebuilt with `jsonb_populate_record`, so values compare with the column's own
 * type exactly as PostgreSQL compares them.
 */
export function filterCondition(info: TableInfo, filters: Filter[], bind: (value: string) => string): string {
  const parts = filters.map((f) => {
    const column = info.columns.find((c) => c.name === f.column);
    const type = column?.sqlType ?? 'text';
    const col = `r.${quoteIdent(f.column)}`;
    switch (f.op) {
      case 'is': {
        if (!['null', 'true', 'false', 'unknown'].includes(f.value)) return 'false';
        const keyword = f.value.toUpperCase();
        return `(${col} ${f.negate ? 'IS NOT' : 'IS'} ${keyword})`;
      }
      case 'isdistinct':
        return `(${col} ${f.negate ? 'IS NOT DISTINCT FROM' : 'IS DISTINCT FROM'} ${bind(f.value)}::${type})`;
      default: {
        const ops: Record<string, string> = {
          eq: '=',
          neq: '!=',
          lt: '<',
          lte: '<=',
          gt: '>',
          gte: '>=',
          like: 'LIKE',
          ilike: 'ILIKE',
          match: '~',
          imatch: '~*',
        };
        const test =
          f.op === 'in'
            ? `${col} = any(${bind(f.value)}::${type}[])`
            : ['like', 'ilike', 'match', 'imatch'].includes(f.op)
              ? `${col}::text ${ops[f.op]} ${bind(f.value)}`
              : `${col} ${ops[f.op]} ${bind(f.value)}::${type}`;
        return f.negate ? `coalesce(not (${test}), false)` : `coalesce(${test}, false)`;
      }
    }
  });
  return parts.length ? parts.join(' and ') : 'true';
}

/** Checks a subscription's filters against the table (`realtime.subscription_check_filters`). */
export function filterValidation(info: TableInfo, filters: Filter[]): { error: string | null; sql: string; params: string[] } {
  const params: string[] = [];
  const casts: string[] = [];
  for (const f of filters) {
    const column = info.columns.find((c) => c.name === f.column);
    if (!column) return { error: `invalid column for filter ${f.column}`, sql: '', params };
    if (f.op === 'is') {
      if (!['null', 'true', 'false', 'unknown'].includes(f.value))
        return { error: 'invalid value for is filter: must be null, true, false, or unknown', sql: '', params };
      continue;
    }
    if (f.op === 'like' || f.op === 'ilike') continue;
    if (f.op === 'match' || f.op === 'imatch') {
      // an invalid regular expression fails here, at join, not later for every subscriber
      params.push(f.value);
      casts.push(`'' ${f.op === 'match' ? '~' : '~*'} $${params.length}`);
      continue;
    }
    params.push(f.value);
    casts.push(`$${params.length}::${column.sqlType}${f.op === 'in' ? '[]' : ''}`);
  }
  return { error: null, sql: casts.length ? `select ${casts.join(', ')}` : '', params };
}
