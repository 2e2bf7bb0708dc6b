import type { LogicTree } from '../parse/filter.ts';
import type { Relation } from '../schema-cache.ts';
import { logicSql } from './filter-sql.ts';
import { ident, qualified, type Params } from './sql.ts';

function recordDefinition(relation: Relation, columns: string[]): string {
  return columns.map((c) => `${ident(c)} ${relation.byName.get(c)?.type ?? 'text'}`).join(', ');
}

export interface InsertOptions {
  missingDefault: boolean;
  conflict: string[];
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  returning: boolean;
  upsert: boolean;
}

/**
 * INSERT from the JSON payload bound as one parameter (PostgREST `fromJsonBodyF`:
 * `json_to_record` typed from the schema cache). With `missing=default` a key absent from an
 * object takes the column default instead of NULL.
 */
export function insertSql(
  relation: Relation,
  rows: Record<string, unknown>[],
  columns: string[],
  options: InsertOptions,
  params: Params,
): string {
  const payload = params.bind(JSON.stringify(rows));
  const target = `${qualified(relation.schema, relation.name)} as pgrst_t`;
  let sql: string;
  if (columns.length === 0) {
    sql = `insert into ${target} select from json_array_elements(${payload}::json)`;
  } else {
    // With missing=default PostgREST merges every column default into each object (`fromJsonBodyF`),
    // so each row evaluates them: an identity or serial column draws one value per row.
    const defaults: string[] = [];
    const exprs = columns.map((c) => {
      const value = `pgrst_body.${ident(c)}`;
      const fallback = relation.byName.get(c)?.default ?? null;
      if (!options.missingDefault || fallback === null) return value;
      const alias = `pgrst_default_${defaults.length}`;
      defaults.push(`lateral (select ${fallback} as v where pgrst_elem is not null) as ${alias}`);
      return `case when pgrst_elem::jsonb ? ${params.bind(c)} then ${value} else ${alias}.v end`;
    });
    sql =
      `insert into ${target} (${columns.map(ident).join(', ')}) select ${exprs.join(', ')}` +
      ` from json_array_elements(${payload}::json) as pgrst_elem, lateral json_to_record(pgrst_elem) as pgrst_body(${recordDefinition(relation, columns)})` +
      defaults.map((d) => `, ${d}`).join('');
  }
  if (options.resolution && options.conflict.length > 0) {
    const target = `on conflict (${options.conflict.map(ident).join(', ')})`;
    const updatable = columns.filter((c) => !relation.byName.get(c)?.generated);
    sql +=
      options.resolution === 'merge-duplicates' && updatable.length > 0
        ? ` ${target} do update set ${updatable.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
        : ` ${target} do nothing`;
  }
  const inserted = options.upsert ? ', (pgrst_t.xmax = 0) as pgrst_inserted' : '';
  return `${sql} returning ${options.returning ? 'pgrst_t.*' : '1'}${inserted}`;
}

export function updateSql(
  relation: Relation,
  payload: Record<string, unknown>,
  columns: string[],
  filters: LogicTree[],
  returning: boolean,
  params: Params,
): string {
  const table = `${qualified(relation.schema, relation.name)} as pgrst_t`;
  const where = filters.map((f) => logicSql(f, relation, 'pgrst_t', params)).join(' and ');
  if (columns.length === 0) {
    // Nothing to set: PostgREST answers with no rows (`… WHERE false`).
    return `select ${returning ? 'pgrst_t.*' : '1'} from ${table} where false and ${where}`;
  }
  const body = params.bind(JSON.stringify(payload));
  const sets = columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  return `update ${table} set ${sets} from json_to_record(${body}::json) as pgrst_body(${recordDefinition(relation, columns)}) where ${where} returning ${returning ? 'pgrst_t.*' : '1'}`;
}

export function deleteSql(relation: Relation, filters: LogicTree[], returning: boolean, params: Params): string {
  const where = filters.map((f) => logicSql(f, relation, 'pgrst_t', params)).join(' and ');
  return `delete from ${qualified(relation.schema, relation.name)} as pgrst_t where ${where} returning ${returning ? 'pgrst_t.*' : '1'}`;
}
