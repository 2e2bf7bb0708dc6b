import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { MigrationError } from '../../server/src/db/migrate.ts';
import { startTestServer, testBackends } from '../support/server.ts';

/** A project folder that cannot boot says which file, line and statement failed, and why. */
const work = mkdtempSync(path.join(tmpdir(), 'pinstar-boot-errors-'));
after(() => rmSync(work, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name, 'supabase');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

for (const backend of testBackends()) {
  test(`${backend}: a syntax error in seed.sql names seed.sql, the statement's line and the statement`, async () => {
    const dir = project(`seed-${backend}`, {
      'migrations/20260101000000_notes.sql': 'create table public.notes (id int primary key, body text);\n',
      'seed.sql': [
        '-- demo notes',
        "insert into public.notes values (1, 'one; still one');",
        '',
        'insert into public.notes',
        "  values (2, 'two',);",
        "insert into public.notes values (3, 'three');",
      ].join('\n'),
    });
    await assert.rejects(startTestServer(backend, { project: dir }), (error: unknown) => {
      assert.ok(error instanceof MigrationError);
      assert.equal(error.file, 'seed.sql');
      assert.deepEqual(error.statement?.line, 4);
      assert.match(error.message, /seed\.sql:4 failed: 42601: syntax error at or near "\)"/);
      assert.match(error.message, /statement \(line 4\):\n {2}insert into public\.notes\n {2} {2}values \(2, 'two',\);/);
      return true;
    });
  });

  test(`${backend}: a runtime error in a migration's dollar-quoted function call is found past the function's own semicolons`, async () => {
    const dir = project(`runtime-${backend}`, {
      'migrations/20260101000000_fn.sql': [
        'create function public.half(n int) returns int language plpgsql as $$',
        'begin',
        '  return n / 0;',
        'end $$;',
        'select public.half(4);',
      ].join('\n'),
    });
    await assert.rejects(startTestServer(backend, { project: dir }), (error: unknown) => {
      assert.ok(error instanceof MigrationError);
      assert.match(error.message, /20260101000000_fn\.sql:5 failed: 22012: division by zero/);
      assert.match(error.message, /statement \(line 5\):\n {2}select public\.half\(4\);/);
      return true;
    });
  });
}
