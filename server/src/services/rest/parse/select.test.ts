import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outputName, parseSelect, type SelectItem } from './select.ts';

const column = (name: string, extra: Partial<Extract<SelectItem, { kind: 'field' }>> = {}): SelectItem => ({
  kind: 'field',
  field: { name, json: [] },
  alias: null,
  cast: null,
  ...extra,
});
const embed = (name: string, children: SelectItem[], extra: Partial<Extract<SelectItem, { kind: 'embed' }>> = {}): SelectItem => ({
  kind: 'embed',
  name,
  alias: null,
  hint: null,
  joinType: null,
  spread: false,
  children,
  ...extra,
});
const failure = (text: string) => {
  try {
    parseSelect(text);
  } catch (error: unknown) {
    const { code, message, details } = error as { code: string; message: string; details: unknown };
    return { code, message, details };
  }
  return null;
};

test('select: columns, star, aliases, casts and JSON paths', () => {
  const cases: Array<[string, SelectItem[]]> = [
    ['', []],
    ['*', [{ kind: 'star' }]],
    ['id,name', [column('id'), column('name')]],
    ['title:name', [column('name', { alias: 'title' })]],
    ['rating::text', [column('rating', { cast: 'text' })]],
    ['r:rating::numeric[]', [column('rating', { alias: 'r', cast: 'numeric[]' })]],
    ['at::timestamp with time zone', [column('at', { cast: 'timestamp with time zone' })]],
    [
      'details->owner->>name',
      [
        {
          kind: 'field',
          field: {
            name: 'details',
            json: [
              { arrow: '->', key: 'owner' },
              { arrow: '->>', key: 'name' },
            ],
          },
          alias: null,
          cast: null,
        },
      ],
    ],
    [
      'p:details->price::int',
      [{ kind: 'field', field: { name: 'details', json: [{ arrow: '->', key: 'price' }] }, alias: 'p', cast: 'int' }],
    ],
    ['"first name",my-col', [column('first name'), column('my-col')]],
  ];
  for (const [text, expected] of cases) assert.deepEqual(parseSelect(text), expected, text);
});

test('select: embeds with aliases, hints, join types, spreads and nesting', () => {
  const cases: Array<[string, SelectItem[]]> = [
    ['reviews()', [embed('reviews', [])]],
    ['reviews(*)', [embed('reviews', [{ kind: 'star' }])]],
    ['editor:authors!editor_id(name)', [embed('authors', [column('name')], { alias: 'editor', hint: 'editor_id' })]],
    ['reviews!inner(id)', [embed('reviews', [column('id')], { joinType: 'inner' })]],
    ['authors!author_id!left(id)', [embed('authors', [column('id')], { hint: 'author_id', joinType: 'left' })]],
    ['...authors(name)', [embed('authors', [column('name')], { spread: true })]],
    ['name,reviews(body,photos(url))', [column('name'), embed('reviews', [column('body'), embed('photos', [column('url')])])]],
  ];
  for (const [text, expected] of cases) assert.deepEqual(parseSelect(text), expected, text);
});

test('select: aggregates, count() as the row count, and the names they take in the output', () => {
  const cases: Array<[string, SelectItem[], string[]]> = [
    ['count()', [column('*', { aggregate: { fn: 'count', cast: null } })], ['count']],
    ['n:count()::int', [column('*', { alias: 'n', aggregate: { fn: 'count', cast: 'int' } })], ['n']],
    ['rating.avg()', [column('rating', { aggregate: { fn: 'avg', cast: null } })], ['avg']],
    ['rating::int.sum()::text', [column('rating', { cast: 'int', aggregate: { fn: 'sum', cast: 'text' } })], ['sum']],
    [
      'id.max(),id.min()',
      [column('id', { aggregate: { fn: 'max', cast: null } }), column('id', { aggregate: { fn: 'min', cast: null } })],
      ['max', 'min'],
    ],
  ];
  for (const [text, expected, names] of cases) {
    const items = parseSelect(text);
    assert.deepEqual(items, expected, text);
    assert.deepEqual(
      items.map((i) => (i.kind === 'field' ? outputName(i) : null)),
      names,
      text,
    );
  }
  assert.equal(outputName({ field: { name: 'details', json: [{ arrow: '->>', key: 'name' }] }, alias: null }), 'name');
});

test('select: malformed lists fail with PGRST100 and where', () => {
  const cases: Array<[string, string]> = [
    ['id,', 'unexpected end of input expecting field name'],
    ['id name)', 'unexpected ")" expecting ",", "(" or end of input'],
    ['reviews(id', 'unexpected end of input expecting ",", or ")"'],
    ['...name', 'unexpected end of input expecting "("'],
    ['id::1text', 'unexpected end of input expecting type name'],
    ['a->', 'unexpected end of input expecting json key'],
    [`${'a('.repeat(20)}${')'.repeat(20)}`, 'unexpected "a" expecting a shallower select'],
  ];
  for (const [text, details] of cases) {
    const result = failure(text);
    assert.equal(result?.code, 'PGRST100', text);
    assert.equal(result?.details, details, text);
    assert.match(result?.message ?? '', /^"failed to parse select parameter \(.*\)" \(line 1, column \d+\)$/, text);
  }
});
