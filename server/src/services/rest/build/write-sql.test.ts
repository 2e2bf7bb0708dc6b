import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLogic } from '../parse/filter.ts';
import { makeRelation } from '../schema-model.ts';
import { Params } from './sql.ts';
import { deleteSql, insertSql, updateSql, type InsertOptions } from './write-sql.ts';

const column = (name: string, type: string, extra: { generated?: boolean; default?: string } = {}) => ({
  name,
  type,
  baseType: type,
  category: 'S',
  nullable: true,
  hasDefault: extra.default !== undefined,
  generated: extra.generated ?? false,
  default: extra.default ?? null,
});
const places = makeRelation({
  oid: 1,
  rowType: 2,
  schema: 'public',
  name: 'places',
  kind: 'r',
  columns: [
    column('id', 'bigint', { default: "nextval('places_id_seq'::regclass)" }),
    column('name', 'text'),
    column('slug', 'text', { generated: true }),
  ],
  primaryKey: ['id'],
  uniqueKeys: [],
});
const plain: InsertOptions = { missingDefault: false, conflict: [], resolution: null, returning: true, upsert: false };
const hostile = `x'); drop table places; --`;

test('insert SQL: the whole body is one JSON parameter, typed by json_to_record from the schema cache', () => {
  const params = new Params();
  const rows = [{ id: 1, name: hostile }];
  const sql = insertSql(places, rows, ['id', 'name'], plain, params);
  assert.equal(
    sql,
    'insert into "public"."places" as pgrst_t ("id", "name") select pgrst_body."id", pgrst_body."name"' +
      ' from json_array_elements($1::json) as pgrst_elem, lateral json_to_record(pgrst_elem) as pgrst_body("id" bigint, "name" text) returning pgrst_t.*',
  );
  assert.deepEqual(params.values, [JSON.stringify(rows)]);
});

test('insert SQL: missing=default takes the column default where a key is absent, evaluated for every row; no columns inserts defaults', () => {
  const params = new Params();
  const sql = insertSql(
    places,
    [{ name: 'a' }, { id: 2, name: 'b' }],
    ['id', 'name'],
    { ...plain, missingDefault: true, returning: false },
    params,
  );
  assert.match(sql, /select case when pgrst_elem::jsonb \? \$2 then pgrst_body\."id" else pgrst_default_0\.v end, pgrst_body\."name" from/);
  assert.match(
    sql,
    /, lateral \(select nextval\('places_id_seq'::regclass\) as v where pgrst_elem is not null\) as pgrst_default_0 returning/,
  );
  assert.match(sql, / returning 1$/);
  assert.deepEqual(params.values.slice(1), ['id']);
  assert.equal(
    insertSql(places, [{}], [], plain, new Params()),
    'insert into "public"."places" as pgrst_t select from json_array_elements($1::json) returning pgrst_t.*',
  );
});

test('upsert SQL: merge-duplicates updates the non-generated columns, ignore-duplicates does nothing', () => {
  const merge = insertSql(
    places,
    [{ id: 1, name: 'a', slug: 's' }],
    ['id', 'name', 'slug'],
    { ...plain, conflict: ['id'], resolution: 'merge-duplicates', upsert: true },
    new Params(),
  );
  assert.match(
    merge,
    / on conflict \("id"\) do update set "id" = excluded\."id", "name" = excluded\."name" returning pgrst_t\.\*, \(pgrst_t\.xmax = 0\) as pgrst_inserted$/,
  );
  const ignore = insertSql(
    places,
    [{ id: 1 }],
    ['id'],
    { ...plain, conflict: ['id'], resolution: 'ignore-duplicates', upsert: true },
    new Params(),
  );
  assert.match(ignore, / on conflict \("id"\) do nothing returning/);
});

test('update SQL: the filters and the payload are parameters; nothing to set selects no rows', () => {
  const params = new Params();
  const sql = updateSql(places, { name: hostile }, ['name'], [parseLogic('and', false, '(id.eq.1)')], true, params);
  assert.equal(
    sql,
    'update "public"."places" as pgrst_t set "name" = pgrst_body."name" from json_to_record($2::json) as pgrst_body("name" text) where (pgrst_t."id" = $1) returning pgrst_t.*',
  );
  assert.deepEqual(params.values, ['1', JSON.stringify({ name: hostile })]);
  assert.equal(
    updateSql(places, {}, [], [parseLogic('and', false, '(id.eq.1)')], false, new Params()),
    'select 1 from "public"."places" as pgrst_t where false and (pgrst_t."id" = $1)',
  );
});

test('delete SQL: the filters are the only condition, every value bound', () => {
  const params = new Params();
  const sql = deleteSql(places, [parseLogic('or', false, `(id.in.(1,2),name.eq."${hostile}")`)], false, params);
  assert.equal(sql, 'delete from "public"."places" as pgrst_t where (pgrst_t."id" = any($1) or pgrst_t."name" = $2) returning 1');
  assert.deepEqual(params.values, ['{"1","2"}', hostile]);
});
