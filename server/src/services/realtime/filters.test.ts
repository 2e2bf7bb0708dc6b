import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseChangeParams, parseFilters, subscriptionId, type Filter } from './filters.ts';

const f = (column: string, op: Filter['op'], value: string, negate = false): Filter => ({ column, op, value, negate });
const parseFailure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error: unknown) {
    return error instanceof Error ? error.message : String(error);
  }
  return null;
};

test('postgres_changes filters: col=op.value for every operator, and-ed by commas', () => {
  const cases: Array<[string, Filter[]]> = [
    ['', []],
    ['id=eq.1', [f('id', 'eq', '1')]],
    ['id=neq.1', [f('id', 'neq', '1')]],
    ['n=lt.5,n=lte.6', [f('n', 'lt', '5'), f('n', 'lte', '6')]],
    ['n=gt.5, n=gte.6', [f('n', 'gt', '5'), f('n', 'gte', '6')]],
    ['id=in.(1,2,3)', [f('id', 'in', '{1,2,3}')]],
    ['label=in.("a,b",c)', [f('label', 'in', '{"a,b",c}')]],
    ['label=like.%x%', [f('label', 'like', '%x%')]],
    ['label=ilike.X%', [f('label', 'ilike', 'X%')]],
    ['label=match.^a', [f('label', 'match', '^a')]],
    ['label=imatch.^A', [f('label', 'imatch', '^A')]],
    ['ok=is.null', [f('ok', 'is', 'null')]],
    ['label=isdistinct.a', [f('label', 'isdistinct', 'a')]],
    ['id=not.eq.1', [f('id', 'eq', '1', true)]],
    ['label=eq."a,b"', [f('label', 'eq', 'a,b')]],
    ['label=eq."say \\"hi\\""', [f('label', 'eq', 'say "hi"')]],
    ['label=eq.a.b', [f('label', 'eq', 'a.b')]],
  ];
  for (const [text, expected] of cases) assert.deepEqual(parseFilters(text), expected, text);
});

test('postgres_changes filters: malformed filters fail with upstream wording', () => {
  const cases: Array<[string, string]> = [
    ['id', 'Error parsing `filter` params: ["id"]'],
    ['id=eq', 'Error parsing `filter` params: ["eq"]'],
    ['id=between.1', 'Error parsing `filter` params: ["between", "1"]'],
    ['id=in.1,2', '`in` filter value must be wrapped by parentheses'],
    ['id=eq.1,,n=eq.2', 'filter must not contain empty segments (check for extra commas)'],
    ['undefined', 'Error parsing `filter` params: ["undefined"]'],
  ];
  for (const [text, message] of cases)
    assert.equal(
      parseFailure(() => parseFilters(text)),
      message,
      text,
    );
});

test('postgres_changes params: event, schema and table defaults; filters only with a table; select needs one table', () => {
  assert.deepEqual(parseChangeParams({ event: 'insert', schema: 'public', table: 'places', filter: 'id=eq.1' }), {
    event: 'INSERT',
    schema: 'public',
    table: 'places',
    filters: [f('id', 'eq', '1')],
    select: null,
  });
  assert.deepEqual(parseChangeParams({ event: 'whatever', schema: 'public' }), {
    event: '*',
    schema: 'public',
    table: '*',
    filters: [],
    select: null,
  });
  assert.deepEqual(parseChangeParams({ table: 'places', select: ['id', 7, 'name'] }).select, ['id', 'name']);
  assert.match(parseFailure(() => parseChangeParams({ event: '*' })) ?? '', /^No subscription params provided/);
  assert.match(
    parseFailure(() => parseChangeParams({ schema: 'public', select: ['id'] })) ?? '',
    /^Column selection is not supported for wildcard subscriptions/,
  );
  assert.match(parseFailure(() => parseChangeParams({ table: 'places', select: 'id' })) ?? '', /^Error parsing `select` params/);
});

test('subscription ids: stable for the same params in any key order, within 0..2^27-1', () => {
  const a = subscriptionId({ event: '*', schema: 'public', table: 'places' });
  assert.equal(a, subscriptionId({ table: 'places', schema: 'public', event: '*' }));
  assert.notEqual(a, subscriptionId({ event: '*', schema: 'public', table: 'reviews' }));
  assert.ok(a >= 0 && a < 2 ** 27);
});
