import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cursor } from './cursor.ts';

test('cursor: names stop at PostgREST delimiters; dashes count unless they start ->', () => {
  const cases: Array<[string, string, number]> = [
    ['id,name', 'id', 2],
    ['my-col.eq', 'my-col', 6],
    ['col->a', 'col', 3],
    ['  spaced name  ,x', 'spaced name', 15],
    ['"a.b,c"rest', 'a.b,c', 7],
    ['café$1(', 'café$1', 6],
  ];
  for (const [text, name, pos] of cases) {
    const cursor = new Cursor('test', text);
    assert.equal(cursor.name(), name, text);
    assert.equal(cursor.pos, pos, text);
  }
});

test('cursor: quoted values unescape backslashes and need their closing quote', () => {
  const cursor = new Cursor('test', '"say \\"hi\\" \\\\ ok"');
  assert.equal(cursor.quoted(), 'say "hi" \\ ok');
  assert.ok(cursor.done);
  assert.throws(() => new Cursor('test', '"open').quoted(), {
    code: 'PGRST100',
    details: 'unexpected end of input expecting closing quote',
  });
});

test('cursor: failures name the parsed thing, the 1-based column and what was expected', () => {
  const cursor = new Cursor('order', 'ab!');
  cursor.name();
  assert.throws(() => cursor.expect(','), {
    status: 400,
    code: 'PGRST100',
    message: '"failed to parse order (ab!)" (line 1, column 3)',
    details: 'unexpected "!" expecting ","',
  });
  assert.throws(() => new Cursor('select parameter', '').name(), { details: 'unexpected end of input expecting field name' });
});
