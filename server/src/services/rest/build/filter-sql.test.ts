import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFilter, parseLogic } from '../parse/filter.ts';
import { makeRelation } from '../schema-model.ts';
import { filterSql, logicSql } from './filter-sql.ts';
import { Params } from './sql.ts';

const column = (name: string, type: string, category: string) => ({
  name,
  type,
  baseType: type,
  category,
  nullable: true,
  hasDefault: false,
  generated: false,
  default: null,
});
const places = makeRelation({
  oid: 1,
  rowType: 2,
  schema: 'public',
  name: 'places',
  kind: 'r',
  columns: [
    column('id', 'bigint', 'N'),
    column('name', 'text', 'S'),
    column('open', 'boolean', 'B'),
    column('details', 'jsonb', 'U'),
    column('search', 'tsvector', 'U'),
    column('we"ird', 'text', 'S'),
  ],
  primaryKey: ['id'],
  uniqueKeys: [],
});

/** The SQL and bound values one `col=value` filter becomes. */
function sqlFor(key: string, value: string): [string, unknown[]] {
  const params = new Params();
  const [name = '', ...path] = key.split('->');
  const field = {
    name,
    json: path.map((k) => (k.startsWith('>') ? { arrow: '->>' as const, key: k.slice(1) } : { arrow: '->' as const, key: k })),
  };
  return [filterSql(parseFilter(key, field, value), places, '"t"', params), params.values];
}

test('filter SQL: one operator each, the column quoted and qualified, the value a parameter', () => {
  const cases: Array<[string, string, string, unknown[]]> = [
    ['id', 'eq.1', '"t"."id" = $1', ['1']],
    ['id', 'neq.1', '"t"."id" <> $1', ['1']],
    ['id', 'gt.1', '"t"."id" > $1', ['1']],
    ['id', 'gte.1', '"t"."id" >= $1', ['1']],
    ['id', 'lt.1', '"t"."id" < $1', ['1']],
    ['id', 'lte.1', '"t"."id" <= $1', ['1']],
    ['name', 'like.*Blue*', '"t"."name" like $1', ['%Blue%']],
    ['name', 'ilike.b*', '"t"."name" ilike $1', ['b%']],
    ['name', 'match.^B', '"t"."name" ~ $1', ['^B']],
    ['name', 'imatch.^b', '"t"."name" ~* $1', ['^b']],
    ['name', 'isdistinct.x', '"t"."name" is distinct from $1', ['x']],
    ['details', 'cs.{"a":1}', '"t"."details" @> $1', ['{"a":1}']],
    ['details', 'cd.{}', '"t"."details" <@ $1', ['{}']],
    ['name', 'ov.{a}', '"t"."name" && $1', ['{a}']],
    ['id', 'in.(1,2)', '"t"."id" = any($1)', ['{"1","2"}']],
    ['name', 'in.("a,b",c\\")', '"t"."name" = any($1)', ['{"a,b","c\\\\\\""}']],
    ['id', 'is.null', '"t"."id" is null', []],
    ['id', 'not.is.null', 'not ("t"."id" is null)', []],
    ['open', 'is.not_null', '"t"."open" is not null', []],
    ['open', 'is.unknown', '"t"."open" is unknown', []],
    ['id', 'eq(any).{1,2}', '"t"."id" = any($1)', ['{"1","2"}']],
    ['name', 'like(all).{a*,*b}', '"t"."name" like all($1::text[])', ['{"a%","%b"}']],
    ['name', 'not.eq.x', 'not ("t"."name" = $1)', ['x']],
    ['we"ird', 'eq.1', '"t"."we""ird" = $1', ['1']],
  ];
  for (const [key, value, sql, params] of cases) assert.deepEqual(sqlFor(key, value), [sql, params], `${key}=${value}`);
});

test('filter SQL: booleans are bound as text and cast, so PostgreSQL reports bad input itself', () => {
  assert.deepEqual(sqlFor('open', 'eq.yes'), ['"t"."open" = $1::text::boolean', ['yes']]);
  assert.deepEqual(sqlFor('open', 'in.(true,false)'), ['"t"."open" = any($1::text::boolean[])', ['{"true","false"}']]);
});

test('filter SQL: JSON path keys are parameters, array indexes stay numbers', () => {
  assert.deepEqual(sqlFor('details->owner->>name', 'eq.Kim'), ['"t"."details"->$1::text->>$2::text = $3', ['owner', 'name', 'Kim']]);
  assert.deepEqual(sqlFor('details->>-1', 'eq.x'), ['"t"."details"->>-1 = $1', ['x']]);
});

test('filter SQL: full-text search on a tsvector column, and on text through to_tsvector', () => {
  assert.deepEqual(sqlFor('search', 'fts.cat'), ['"t"."search" @@ pg_catalog.to_tsquery($1)', ['cat']]);
  assert.deepEqual(sqlFor('search', 'wfts(english).fat cats'), [
    '"t"."search" @@ pg_catalog.websearch_to_tsquery($1::regconfig, $2)',
    ['english', 'fat cats'],
  ]);
  assert.deepEqual(sqlFor('name', 'plfts.blue'), ['pg_catalog.to_tsvector("t"."name") @@ pg_catalog.plainto_tsquery($1)', ['blue']]);
  assert.deepEqual(sqlFor('name', 'phfts(simple).a b'), [
    'pg_catalog.to_tsvector($1::regconfig, "t"."name") @@ pg_catalog.phraseto_tsquery($1::regconfig, $2)',
    ['simple', 'a b'],
  ]);
});

test('filter SQL: an unknown column is 42703 as PostgreSQL words it, before any SQL runs', () => {
  assert.throws(() => sqlFor('nope', 'eq.1'), { code: '42703', message: 'column places.nope does not exist' });
});

test('logic SQL: trees keep their shape and their negations', () => {
  const tree = (op: 'or' | 'and', negated: boolean, value: string) => {
    const params = new Params();
    return [logicSql(parseLogic(op, negated, value), places, '"t"', params), params.values];
  };
  assert.deepEqual(tree('or', false, '(id.eq.1,and(name.eq.a,id.not.gt.5))'), [
    '("t"."id" = $1 or ("t"."name" = $2 and not ("t"."id" > $3)))',
    ['1', 'a', '5'],
  ]);
  assert.deepEqual(tree('and', true, '(id.eq.1,not.or(id.eq.2,id.eq.3))'), [
    'not ("t"."id" = $1 and not ("t"."id" = $2 or "t"."id" = $3))',
    ['1', '2', '3'],
  ]);
});
