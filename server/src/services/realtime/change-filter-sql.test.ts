import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { makePgliteTemplate } from '../../db/open.ts';
import { PgliteDatabase } from '../../db/pglite.ts';
import type { Database } from '../../db/types.ts';
import { filterCondition, filterValidation } from './change-filter-sql.ts';
import { parseFilters } from './filters.ts';
import type { TableInfo } from './table-catalog.ts';

/**
 * Which changed rows a postgres_changes filter lets through, decided by PostgreSQL itself on
 * the row rebuilt with the column types, as the change engine asks it (an in-memory PGlite).
 */
const columns: Array<[string, string, string]> = [
  ['id', 'int8', 'bigint'],
  ['n', 'int4', 'integer'],
  ['price', 'numeric', 'numeric'],
  ['label', 'text', 'text'],
  ['at', 'timestamptz', 'timestamp with time zone'],
  ['ok', 'bool', 'boolean'],
  ['ref', 'uuid', 'uuid'],
];
const info: TableInfo = {
  schema: 'public',
  table: 'things',
  qualified: '"public"."things"',
  columns: columns.map(([name, typname, sqlType]) => ({ name, typname, sqlType, isPkey: name === 'id' })),
  pkey: ['id'],
  replicaFull: false,
  rls: false,
};
const rows = [
  { id: 1, n: 9, price: '1.50', label: 'apple', at: '2026-01-01T10:00:00Z', ok: true, ref: '00000000-0000-0000-0000-000000000001' },
  { id: 2, n: 10, price: '10', label: 'Banana', at: '2026-06-01T10:00:00+02:00', ok: false, ref: '00000000-0000-0000-0000-000000000002' },
  { id: 3, n: 100, price: '2.5', label: 'a,b', at: '2027-01-01T00:00:00Z', ok: null, ref: null },
  { id: 4, n: null, price: null, label: null, at: null, ok: null, ref: null },
];

let db: Database;
before(async () => {
  db = await PgliteDatabase.open('memory://', await makePgliteTemplate());
  await db.transaction({ kind: 'system' }, (tx) =>
    tx.exec(`create table public.things (${columns.map(([name, , type]) => `${name} ${type}`).join(', ')})`),
  );
});
after(() => db?.close());

async function matching(filter: string): Promise<number[]> {
  const params: unknown[] = [];
  const cond = filterCondition(info, parseFilters(filter), (value) => (params.push(value), `$${params.length + 1}`));
  const { rows: found } = await db.transaction({ kind: 'system' }, (tx) =>
    tx.query<{ id: number }>(
      `select r.id::int as id from jsonb_array_elements($1::jsonb) x(v) cross join lateral jsonb_populate_record(null::${info.qualified}, x.v) r where ${cond} order by 1`,
      [JSON.stringify(rows), ...params],
    ),
  );
  return found.map((r) => r.id);
}

test('change filters compare with the column type: numbers as numbers, not as text', async () => {
  const cases: Array<[string, number[]]> = [
    ['n=eq.10', [2]],
    ['n=neq.10', [1, 3]],
    ['n=lt.10', [1]],
    ['n=lte.10', [1, 2]],
    ['n=gt.9', [2, 3]],
    ['n=gte.100', [3]],
    ['price=eq.10.00', [2]],
    ['price=gt.2', [2, 3]],
    ['id=in.(1,3,5)', [1, 3]],
    ['n=not.in.(9,10)', [3]],
    ['id=gt.1,n=lt.100', [2]],
  ];
  for (const [filter, ids] of cases) assert.deepEqual(await matching(filter), ids, filter);
});

test('change filters on text, timestamps, booleans and uuids', async () => {
  const cases: Array<[string, number[]]> = [
    ['label=eq.apple', [1]],
    ['label=eq."a,b"', [3]],
    ['label=in.("a,b",apple)', [1, 3]],
    ['label=lt.b', [1, 2, 3]],
    ['label=like.%an%', [2]],
    ['label=ilike.b%', [2]],
    ['label=imatch.^A', [1, 3]],
    ['at=gte.2026-06-01T08:00:00Z', [2, 3]],
    ['at=lt.2026-06-01', [1]],
    ['ok=eq.true', [1]],
    ['ok=is.null', [3, 4]],
    ['ok=not.is.null', [1, 2]],
    ['ref=eq.00000000-0000-0000-0000-000000000002', [2]],
    ['label=isdistinct.apple', [2, 3, 4]],
    ['label=not.isdistinct.apple', [1]],
  ];
  for (const [filter, ids] of cases) assert.deepEqual(await matching(filter), ids, filter);
});

test('a NULL column never passes eq, neq or in, negated or not (coalesce to false)', async () => {
  for (const filter of ['n=eq.1', 'n=neq.1', 'n=not.eq.1', 'n=in.(1)', 'n=not.in.(1)'])
    assert.ok(!(await matching(filter)).includes(4), filter);
});

test('filter validation at join: unknown columns, bad is values, and values that do not cast', async () => {
  assert.equal(filterValidation(info, parseFilters('nope=eq.1')).error, 'invalid column for filter nope');
  assert.equal(
    filterValidation(info, parseFilters('ok=is.maybe')).error,
    'invalid value for is filter: must be null, true, false, or unknown',
  );
  const check = filterValidation(info, parseFilters('n=eq.1,id=in.(1,2),label=like.a%,label=match.^a'));
  assert.deepEqual(check, { error: null, sql: "select $1::integer, $2::bigint[], '' ~ $3", params: ['1', '{1,2}', '^a'] });
  const invalid = filterValidation(info, parseFilters('n=eq.ten'));
  await assert.rejects(
    db.transaction({ kind: 'system' }, (tx) => tx.query(invalid.sql, invalid.params)),
    { code: '22P02', message: 'invalid input syntax for type integer: "ten"' },
  );
});
