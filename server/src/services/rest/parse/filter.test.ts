import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFieldKey, parseFilter, parseLogic, type Operation } from './filter.ts';

const field = { name: 'col', json: [] };
const operation = (value: string): { negated: boolean; operation: Operation } => {
  const { negated, operation } = parseFilter('col', field, value);
  return { negated, operation };
};
/** The PGRST100 error a value raises, as the client sees it: code, message and details. */
const parseFailure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error: unknown) {
    const { status, code, message, details } = error as { status: number; code: string; message: string; details: unknown };
    return { status, code, message, details };
  }
  return null;
};

test('filters: every simple operator keeps the value whole, dots and commas included', () => {
  const cases: Array<[string, Operation]> = [
    ['eq.5', { kind: 'simple', op: 'eq', value: '5' }],
    ['neq.a.b,c', { kind: 'simple', op: 'neq', value: 'a.b,c' }],
    ['gt.1.5', { kind: 'simple', op: 'gt', value: '1.5' }],
    ['gte.2026-01-01', { kind: 'simple', op: 'gte', value: '2026-01-01' }],
    ['lt.', { kind: 'simple', op: 'lt', value: '' }],
    ['lte.(x)', { kind: 'simple', op: 'lte', value: '(x)' }],
    ['like.*Bottle*', { kind: 'simple', op: 'like', value: '*Bottle*' }],
    ['ilike.blue*', { kind: 'simple', op: 'ilike', value: 'blue*' }],
    ['match.^B', { kind: 'simple', op: 'match', value: '^B' }],
    ['imatch.^b', { kind: 'simple', op: 'imatch', value: '^b' }],
    ['cs.{coffee}', { kind: 'simple', op: 'cs', value: '{coffee}' }],
    ['cd.{a,b}', { kind: 'simple', op: 'cd', value: '{a,b}' }],
    ['ov.[1,5)', { kind: 'simple', op: 'ov', value: '[1,5)' }],
    ['sl.(1,2)', { kind: 'simple', op: 'sl', value: '(1,2)' }],
    ['sr.(1,2)', { kind: 'simple', op: 'sr', value: '(1,2)' }],
    ['nxr.(1,2)', { kind: 'simple', op: 'nxr', value: '(1,2)' }],
    ['nxl.(1,2)', { kind: 'simple', op: 'nxl', value: '(1,2)' }],
    ['adj.(1,2)', { kind: 'simple', op: 'adj', value: '(1,2)' }],
    ['isdistinct.x', { kind: 'simple', op: 'isdistinct', value: 'x' }],
  ];
  for (const [value, expected] of cases) assert.deepEqual(operation(value), { negated: false, operation: expected }, value);
});

test('filters: in lists, is values, full-text search with and without a config', () => {
  const cases: Array<[string, Operation]> = [
    ['in.(1,2,3)', { kind: 'in', values: ['1', '2', '3'] }],
    ['in.()', { kind: 'in', values: [] }],
    ['in.("a,b","say \\"hi\\"",c)', { kind: 'in', values: ['a,b', 'say "hi"', 'c'] }],
    ['is.null', { kind: 'is', value: 'null' }],
    ['is.NULL', { kind: 'is', value: 'null' }],
    ['is.not_null', { kind: 'is', value: 'not_null' }],
    ['is.true', { kind: 'is', value: 'true' }],
    ['is.false', { kind: 'is', value: 'false' }],
    ['is.unknown', { kind: 'is', value: 'unknown' }],
    ['fts.cat & dog', { kind: 'fts', op: 'fts', config: null, value: 'cat & dog' }],
    ['plfts(english).the cats', { kind: 'fts', op: 'plfts', config: 'english', value: 'the cats' }],
    ['phfts.fat cats', { kind: 'fts', op: 'phfts', config: null, value: 'fat cats' }],
    ['wfts(simple)."a" -b', { kind: 'fts', op: 'wfts', config: 'simple', value: '"a" -b' }],
  ];
  for (const [value, expected] of cases) assert.deepEqual(operation(value), { negated: false, operation: expected }, value);
});

test('filters: the any/all modifiers take a {…} list, only on the operators that allow them', () => {
  const cases: Array<[string, Operation]> = [
    ['eq(any).{1,2}', { kind: 'quantified', op: 'eq', quantifier: 'any', values: ['1', '2'] }],
    ['like(all).{a*,"*b,c"}', { kind: 'quantified', op: 'like', quantifier: 'all', values: ['a*', '*b,c'] }],
    ['gte(any).{}', { kind: 'quantified', op: 'gte', quantifier: 'any', values: [] }],
    ['imatch(any).{^a,^b}', { kind: 'quantified', op: 'imatch', quantifier: 'any', values: ['^a', '^b'] }],
  ];
  for (const [value, expected] of cases) assert.deepEqual(operation(value), { negated: false, operation: expected }, value);
  assert.equal(parseFailure(() => operation('eq(some).{1}'))?.details, 'unexpected "(" expecting "(any)" or "(all)"');
  // `cs` is not quantifiable: `(` is then where the "." was expected.
  assert.equal(parseFailure(() => operation('cs(any).{1}'))?.details, 'unexpected "(" expecting "."');
});

test('filters: not. negates any operator', () => {
  assert.deepEqual(operation('not.eq.1'), { negated: true, operation: { kind: 'simple', op: 'eq', value: '1' } });
  assert.deepEqual(operation('not.in.(a)'), { negated: true, operation: { kind: 'in', values: ['a'] } });
  assert.deepEqual(operation('not.is.null'), { negated: true, operation: { kind: 'is', value: 'null' } });
});

test('filters: malformed values fail with PGRST100 and the column PostgREST points at', () => {
  const cases: Array<[string, string, string]> = [
    ['5', '"failed to parse filter (5)" (line 1, column 1)', 'unexpected "5" expecting "not" or operator (eq, gt, ...)'],
    ['nope.1', '"failed to parse filter (nope.1)" (line 1, column 1)', 'unexpected "n" expecting "not" or operator (eq, gt, ...)'],
    ['not.nope.1', '"failed to parse filter (not.nope.1)" (line 1, column 5)', 'unexpected "n" expecting operator (eq, gt, ...)'],
    ['eq', '"failed to parse filter (eq)" (line 1, column 3)', 'unexpected end of input expecting "."'],
    [
      'is.maybe',
      '"failed to parse filter (is.maybe)" (line 1, column 4)',
      'unexpected "m" expecting null or trilean value (unknown, true, false)',
    ],
    ['in.(1,2', '"failed to parse filter (in.(1,2)" (line 1, column 8)', 'unexpected end of input expecting "," or ")"'],
    ['in.1,2', '"failed to parse filter (in.1,2)" (line 1, column 4)', 'unexpected "1" expecting "("'],
  ];
  for (const [value, message, details] of cases) {
    assert.deepEqual(
      parseFailure(() => operation(value)),
      { status: 400, code: 'PGRST100', message, details },
      value,
    );
  }
});

test('filter keys: plain, quoted, and JSON paths with -> and ->> (negative indexes included)', () => {
  assert.deepEqual(parseFieldKey('name'), { name: 'name', json: [] });
  assert.deepEqual(parseFieldKey('"my col.x"'), { name: 'my col.x', json: [] });
  assert.deepEqual(parseFieldKey('details->owner->>name'), {
    name: 'details',
    json: [
      { arrow: '->', key: 'owner' },
      { arrow: '->>', key: 'name' },
    ],
  });
  assert.deepEqual(parseFieldKey('tags->-1'), { name: 'tags', json: [{ arrow: '->', key: '-1' }] });
  assert.deepEqual(parseFieldKey('d->"a.b"'), { name: 'd', json: [{ arrow: '->', key: 'a.b' }] });
  assert.equal(parseFailure(() => parseFieldKey('a->'))?.details, 'unexpected end of input expecting json key');
  assert.equal(parseFailure(() => parseFieldKey('a=b'))?.details, 'unexpected "=" expecting "->", "->>" or end of input');
});

test('logic trees: or/and nest, not. negates a branch or a leaf, values stop at , and )', () => {
  const leaf = (name: string, op: 'eq' | 'gt' | 'lt', value: string, negated = false) => ({
    kind: 'filter' as const,
    filter: { field: { name, json: [] }, negated, operation: { kind: 'simple' as const, op, value } },
  });
  assert.deepEqual(parseLogic('or', false, '(a.eq.1,b.gt.2)'), {
    kind: 'logic',
    op: 'or',
    negated: false,
    children: [leaf('a', 'eq', '1'), leaf('b', 'gt', '2')],
  });
  assert.deepEqual(parseLogic('and', true, '(a.eq.1,not.or(b.lt.2,c.not.eq.3))'), {
    kind: 'logic',
    op: 'and',
    negated: true,
    children: [
      leaf('a', 'eq', '1'),
      { kind: 'logic', op: 'or', negated: true, children: [leaf('b', 'lt', '2'), leaf('c', 'eq', '3', true)] },
    ],
  });
  // Quoted values may hold the separators; {…} arrays and in-lists keep their commas.
  const tree = parseLogic('or', false, '(name.eq."a,b)",tags.cs.{x,y},id.in.(1,2),d->>k.eq.v)');
  assert.deepEqual(tree.kind === 'logic' ? tree.children.map((c) => (c.kind === 'filter' ? c.filter.operation : null)) : null, [
    { kind: 'simple', op: 'eq', value: 'a,b)' },
    { kind: 'simple', op: 'cs', value: '{x,y}' },
    { kind: 'in', values: ['1', '2'] },
    { kind: 'simple', op: 'eq', value: 'v' },
  ]);
  assert.deepEqual(tree.kind === 'logic' && tree.children[3]?.kind === 'filter' ? tree.children[3].filter.field : null, {
    name: 'd',
    json: [{ arrow: '->>', key: 'k' }],
  });
});

test('logic trees: malformed or too deep trees fail with PGRST100', () => {
  const cases: Array<[string, string]> = [
    ['a.eq.1', 'unexpected "a" expecting "("'],
    ['(a.eq.1', 'unexpected end of input expecting "," or ")"'],
    ['(a.eq.1)x', 'unexpected "x" expecting end of input'],
    ['(a.nope.1)', 'unexpected "n" expecting "not" or operator (eq, gt, ...)'],
    [`${'(or'.repeat(40)}(a.eq.1${')'.repeat(41)}`, 'unexpected "(" expecting a shallower logic tree'],
  ];
  for (const [value, details] of cases) {
    const failure = parseFailure(() => parseLogic('or', false, value));
    assert.equal(failure?.code, 'PGRST100', value);
    assert.equal(failure?.details, details, value);
  }
});
