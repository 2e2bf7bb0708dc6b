import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseOrder, parseQuery, type OrderTerm } from './query.ts';

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error: unknown) {
    const { code, message, details } = error as { code: string; message: string; details: unknown };
    return { code, message, details };
  }
  return null;
};
const term = (
  name: string,
  direction: OrderTerm['direction'] = null,
  nulls: OrderTerm['nulls'] = null,
  relation: string | null = null,
): OrderTerm => ({
  relation,
  field: { name, json: [] },
  direction,
  nulls,
});

test('order: columns with direction and nulls placement, to-one embeds, JSON paths', () => {
  const cases: Array<[string, OrderTerm[]]> = [
    ['id', [term('id')]],
    ['id.desc', [term('id', 'desc')]],
    ['id.asc.nullsfirst,name.nullslast', [term('id', 'asc', 'first'), term('name', null, 'last')]],
    ['author(name).desc', [term('name', 'desc', null, 'author')]],
    [
      'details->>price.desc',
      [{ relation: null, field: { name: 'details', json: [{ arrow: '->>', key: 'price' }] }, direction: 'desc', nulls: null }],
    ],
  ];
  for (const [value, expected] of cases) assert.deepEqual(parseOrder(value), expected, value);
  assert.deepEqual(
    failure(() => parseOrder('id.sideways')),
    {
      code: 'PGRST100',
      message: '"failed to parse order (id.sideways)" (line 1, column 3)',
      details: 'unexpected "." expecting ".", "," or end of input',
    },
  );
});

test('query: select, columns and on_conflict are reserved; the rest are filters per embedding level', () => {
  const parsed = parseQuery(new URLSearchParams('select=id,reviews(id)&columns=a,b&on_conflict=id&id=gt.1&reviews.stars=gte.4&"a.b"=eq.x'));
  assert.deepEqual(parsed.select?.length, 2);
  assert.deepEqual(parsed.columns, ['a', 'b']);
  assert.deepEqual(parsed.onConflict, ['id']);
  assert.deepEqual([...parsed.levels.keys()], ['', 'reviews']);
  const root = parsed.levels.get('')?.filters.map((f) => (f.kind === 'filter' ? [f.filter.field.name, f.filter.operation] : null));
  assert.deepEqual(root, [
    ['id', { kind: 'simple', op: 'gt', value: '1' }],
    ['a.b', { kind: 'simple', op: 'eq', value: 'x' }],
  ]);
  const reviews = parsed.levels.get('reviews')?.filters[0];
  assert.deepEqual(reviews?.kind === 'filter' ? reviews.filter.field.name : null, 'stars');
});

test('query: order, limit, offset and or/and/not.or trees per level', () => {
  const parsed = parseQuery(
    new URLSearchParams(
      'order=id.desc&limit=10&offset=20&reviews.order=stars&reviews.limit=1&reviews.photos.offset=2&or=(a.eq.1,b.eq.2)&reviews.not.and=(c.eq.3)',
    ),
  );
  const root = parsed.levels.get('');
  assert.deepEqual(root?.order, [term('id', 'desc')]);
  assert.equal(root?.limit, 10);
  assert.equal(root?.offset, 20);
  assert.deepEqual(
    root?.filters.map((f) => (f.kind === 'logic' ? [f.op, f.negated, f.children.length] : null)),
    [['or', false, 2]],
  );
  const reviews = parsed.levels.get('reviews');
  assert.deepEqual(reviews?.order, [term('stars')]);
  assert.equal(reviews?.limit, 1);
  assert.equal(reviews?.offset, null);
  assert.deepEqual(
    reviews?.filters.map((f) => (f.kind === 'logic' ? [f.op, f.negated] : null)),
    [['and', true]],
  );
  assert.equal(parsed.levels.get('reviews.photos')?.offset, 2);
});

test('query: limit and offset take digits only', () => {
  const cases: Array<[string, string]> = [
    ['limit', '-1'],
    ['limit', 'ten'],
    ['offset', '1.5'],
    ['offset', ''],
  ];
  for (const [key, value] of cases) {
    assert.deepEqual(
      failure(() => parseQuery(new URLSearchParams({ [key]: value }))),
      {
        code: 'PGRST100',
        message: `"failed to parse ${key} parameter (${value})" (line 1, column 1)`,
        details: 'unexpected input expecting digit',
      },
      `${key}=${value}`,
    );
  }
});

test('query: RPC arguments are kept raw instead of parsed as filters', () => {
  const parsed = parseQuery(new URLSearchParams('q=cafe&limit=5&id=eq.1'), (key) => key === 'q');
  assert.deepEqual(parsed.raw, [['q', 'cafe']]);
  assert.equal(parsed.levels.get('')?.limit, 5);
  assert.equal(parsed.levels.get('')?.filters.length, 1);
});

test('query: a bare not and malformed keys fail with PGRST100', () => {
  assert.equal(failure(() => parseQuery(new URLSearchParams('not=eq.1')))?.code, 'PGRST100');
  assert.equal(failure(() => parseQuery(new URLSearchParams('columns=a,')))?.details, 'unexpected end of input expecting field name');
  assert.equal(failure(() => parseQuery(new URLSearchParams('a=b=eq.1')))?.code, 'PGRST100');
});
