import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitStatements } from './sql-statements.ts';

test('statements split at semicolons outside quotes, dollar bodies, comments and BEGIN ATOMIC, each with its line', () => {
  const sql = [
    '-- a comment; not a statement',
    'create table a (t text default \'x;y\', "we;ird" int);',
    '/* block; /* nested; */ still */',
    "insert into a (t) values (E'it\\'s; fine');",
    'create function f() returns int language plpgsql as $body$',
    'begin',
    '  return 1; -- inside',
    'end $body$;',
    'create function g() returns int language sql',
    'begin atomic',
    '  select 1;',
    '  select 2;',
    'end;',
    '',
    'select 3',
  ].join('\n');
  const statements = splitStatements(sql);
  assert.deepEqual(
    statements.map((s) => s.line),
    [2, 4, 5, 9, 15],
  );
  assert.equal(statements[0]?.text, 'create table a (t text default \'x;y\', "we;ird" int);');
  assert.match(statements[2]?.text ?? '', /return 1; -- inside\nend \$body\$;$/);
  assert.match(statements[3]?.text ?? '', /select 2;\nend;$/);
  assert.equal(statements[4]?.text, 'select 3');
});
