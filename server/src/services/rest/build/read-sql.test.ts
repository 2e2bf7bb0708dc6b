import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseQuery } from '../parse/query.ts';
import { SchemaCache } from '../schema-cache.ts';
import { planRead } from './plan.ts';
import { countSql, nodeSql } from './read-sql.ts';
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
const cache = new SchemaCache(['public'], {
  relations: [
    {
      oid: 1,
      rowType: 11,
      schema: 'public',
      name: 'places',
      kind: 'r',
      columns: [column('id', 'bigint', 'N'), column('name', 'text', 'S'), column('details', 'jsonb', 'U'), column('open', 'boolean', 'B')],
      primaryKey: ['id'],
      uniqueKeys: [],
      viewDefinition: null,
    },
    {
      oid: 2,
      rowType: 12,
      schema: 'public',
      name: 'reviews',
      kind: 'r',
      columns: [column('id', 'bigint', 'N'), column('place_id', 'bigint', 'N'), column('stars', 'integer', 'N')],
      primaryKey: ['id'],
      uniqueKeys: [],
      viewDefinition: null,
    },
  ],
  foreignKeys: [{ name: 'reviews_place_id_fkey', fromOid: 2, toOid: 1, fromColumns: ['place_id'], toColumns: ['id'] }],
  functions: [],
});

/** What a GET on /places?<query> becomes: the page's SQL, the count's SQL, and their parameters. */
function read(query: string, table = 'places') {
  const parsed = parseQuery(new URLSearchParams(query));
  const relation = cache.relation('public', table);
  assert.ok(relation);
  const root = planRead(
    { cache, counter: 0, aggregates: false },
    relation,
    '"public".' + `"${table}"`,
    parsed.select ?? [{ kind: 'star' }],
    parsed.levels,
  );
  const params = new Params();
  const sql = nodeSql(root, params, null);
  const count = new Params();
  return { sql, params: params.values, count: countSql(root, count), countParams: count.values };
}

const hostile = `x'); drop table places; --`;

test('read SQL: every value from the query string is a parameter, never SQL text', () => {
  const cases = [
    `name=eq.${hostile}`,
    `or=${encodeURIComponent(`(name.eq."${hostile}",id.eq.1)`)}`,
    `name=in.("${hostile}")`,
    `name=like(any).{${hostile}}`,
  ];
  for (const query of cases) {
    const { sql, params } = read(query);
    assert.ok(!sql.includes('drop table'), `${query} → ${sql}`);
    assert.ok(
      params.some((p) => typeof p === 'string' && p.includes('drop table')),
      query,
    );
    assert.deepEqual(
      sql.match(/\$\d+/g),
      params.map((_, i) => `$${i + 1}`),
      query,
    );
  }
  // Names become quoted identifiers with their quotes doubled; JSON keys are parameters.
  const { sql, params } = read(`select=${encodeURIComponent(`"a\\"b":details->>"${hostile}"`)}`);
  assert.equal(sql, 'select "pgrst_0"."details"->>$1::text as "a""b" from "public"."places" as "pgrst_0"');
  assert.deepEqual(params, [hostile]);
});

test('read SQL: aliases and casts are quoted output names; order, limit and offset at the root', () => {
  const { sql, params } = read('select=id,title:name,n:id::text,details->>owner&order=name.desc.nullslast,id&limit=5&offset=2');
  assert.equal(
    sql,
    'select "pgrst_0"."id" as "id", "pgrst_0"."name" as "title", cast("pgrst_0"."id" as text) as "n", "pgrst_0"."details"->>$1::text as "owner" from "public"."places" as "pgrst_0"' +
      ' order by "pgrst_0"."name" desc nulls last, "pgrst_0"."id" limit 5 offset 2',
  );
  assert.deepEqual(params, ['owner']);
});

test('read SQL: a one-to-many embed is a lateral json_agg joined on the foreign key, with its own filters and order', () => {
  const { sql, params, count, countParams } = read('select=name,reviews(stars)&reviews.stars=gte.4&reviews.order=stars.desc&id=eq.1');
  assert.match(
    sql,
    /left join lateral \(select json_agg\("pgrst_2"\)::jsonb as "pgrst_2" from \(select "pgrst_1"\."stars" as "stars" from "public"\."reviews" as "pgrst_1"/,
  );
  assert.match(sql, /where "pgrst_1"\."place_id" = "pgrst_0"\."id" and "pgrst_1"\."stars" >= \$1 order by "pgrst_1"\."stars" desc\)/);
  assert.match(sql, /coalesce\("pgrst_2"\."pgrst_2", '\[\]'\) as "reviews"/);
  assert.match(sql, /where "pgrst_0"\."id" = \$2$/);
  assert.deepEqual(params, ['4', '1']);
  // The count leaves the embed out: it counts the root rows that pass the root's filters.
  assert.equal(count, 'select 1 from "public"."places" as "pgrst_0" where "pgrst_0"."id" = $1');
  assert.deepEqual(countParams, ['1']);
});

test('read SQL: a many-to-one embed is one object (row_to_json of one row); !inner makes the lateral join inner', () => {
  assert.equal(
    read('select=stars,place:places!inner(name)', 'reviews').sql,
    'select "pgrst_0"."stars" as "stars", row_to_json("pgrst_2".*)::jsonb as "place" from "public"."reviews" as "pgrst_0"' +
      ' inner join lateral (select "pgrst_1"."name" as "name" from "public"."places" as "pgrst_1" where "pgrst_1"."id" = "pgrst_0"."place_id") as "pgrst_2" on true',
  );
  assert.match(read('select=stars,place:places(name)', 'reviews').sql, / left join lateral /);
});

test('read SQL: embeds that do not exist are PGRST200, levels nobody selected PGRST108, aggregates off PGRST123', () => {
  assert.throws(() => read('select=id,photos(url)'), { status: 400, code: 'PGRST200' });
  assert.throws(() => read('select=id&reviews.stars=eq.5'), { status: 400, code: 'PGRST108' });
  assert.throws(() => read('select=id.sum()'), { status: 400, code: 'PGRST123' });
});
