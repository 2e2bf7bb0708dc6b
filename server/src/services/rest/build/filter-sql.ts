import { errors } from '../errors.ts';
import { ftsFunctions, simpleOperators, type Filter, type LogicTree } from '../parse/filter.ts';
import type { Field } from '../parse/select.ts';
import type { Relation } from '../schema-cache.ts';
import { arrayLiteral, ident, type Params } from './sql.ts';

/** `"alias"."col"->'a'->>'b'`, the column checked against the schema cache (else 42703 as PostgreSQL says it). */
export function fieldSql(field: Field, relation: Relation, qualifier: string, params: Params, label = relation.name): string {
  let sql: string;
  const computed = relation.byName.has(field.name) ? undefined : relation.computed.get(field.name);
  if (computed && !computed.returnRelation) {
    // A computed field: the function called with the row (cast, so CTE rows of writes fit too).
    sql = `${ident(computed.schema)}.${ident(computed.name)}(${qualifier}::${ident(relation.schema)}.${ident(relation.name)})`;
  } else if (relation.byName.has(field.name)) {
    sql = `${qualifier}.${ident(field.name)}`;
  } else {
    throw errors.undefinedColumn(label, field.name);
  }
  for (const step of field.json) {
    const key = /^-?\d{1,9}$/.test(step.key) ? step.key : `${params.bind(step.key)}::text`;
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

function likePattern(value: string): string {
  return value.replaceAll('*', '%');
}

/**
 * PGlite converts a parameter in JavaScript when its inferred type is boolean and throws a
 * plain Error on text it does not know; binding those as text and casting in SQL lets
 * PostgreSQL's own input function answer (22P02), as it does for every other type.
 */
function isBoolean(filter: Filter, relation: Relation): boolean {
  return filter.field.json.length === 0 && relation.byName.get(filter.field.name)?.baseType === 'boolean';
}

function operationSql(lhs: string, filter: Filter, relation: Relation, params: Params): string {
  const operation = filter.operation;
  const bool = isBoolean(filter, relation);
  switch (operation.kind) {
    case 'simple': {
      const op = simpleOperators[operation.op];
      const value = operation.op === 'like' || operation.op === 'ilike' ? likePattern(operation.value) : operation.value;
      return `${lhs} ${op} ${bool ? `${params.bind(value)}::text::boolean` : params.bind(value)}`;
    }
    case 'quantified': {
      const op = simpleOperators[operation.op];
      const isPattern = operation.op === 'like' || operation.op === 'ilike' || operation.op === 'match' || operation.op === 'imatch';
      const values = isPattern ? operation.values.map(likePattern) : operation.values;
      const array = params.bind(arrayLiteral(values));
      return `${lhs} ${op} ${operation.quantifier}(${isPattern ? `${array}::text[]` : bool ? `${array}::text::boolean[]` : array})`;
    }
    case 'in':
      return `${lhs} = any(${params.bind(arrayLiteral(operation.values))}${bool ? '::text::boolean[]' : ''})`;
    case 'is': {
      const is = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' }[operation.value];
      return `${lhs} ${is}`;
    }
    case 'fts': {
      const fn = ftsFunctions[operation.op];
      const config = operation.config === null ? null : `${params.bind(operation.config)}::regconfig`;
      const query = `pg_catalog.${fn}(${config ? `${config}, ` : ''}${params.bind(operation.value)})`;
      const column = filter.field.json.length === 0 ? relation.byName.get(filter.field.name) : undefined;
      const isVector = column?.baseType === 'tsvector';
      const vector = isVector ? lhs : `pg_catalog.to_tsvector(${config ? `${config}, ` : ''}${lhs})`;
      return `${vector} @@ ${query}`;
    }
  }
}

export function filterSql(filter: Filter, relation: Relation, qualifier: string, params: Params, label = relation.name): string {
  const lhs = fieldSql(filter.field, relation, qualifier, params, label);
  const sql = operationSql(lhs, filter, relation, params);
  return filter.negated ? `not (${sql})` : sql;
}

export function logicSql(tree: LogicTree, relation: Relation, qualifier: string, params: Params, label = relation.name): string {
  if (tree.kind === 'filter') return filterSql(tree.filter, relation, qualifier, params, label);
  const parts = tree.children.map((child) => logicSql(child, relation, qualifier, params, label));
  const joined = parts.length === 0 ? (tree.op === 'and' ? 'true' : 'false') : `(${parts.join(` ${tree.op} `)})`;
  return tree.negated ? `not ${joined}` : joined;
}
