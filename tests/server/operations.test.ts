import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MigrationError } from '../../server/src/db/migrate.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { DataDirLockedError, startServer } from '../../server/src/server.ts';
import { childEnv, repoRoot, startTestServer, type TestServer, testBackends } from '../support/server.ts';

const fixtures = path.join(repoRoot, 'tests/fixtures/boot');

function isDbErrorWith(code: string) {
  return (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

for (const backend of testBackends()) {
  describe(`operations on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { project: path.join(fixtures, 'good') });
    });
    after(() => server?.close());

    test('applies migrations once, in order, and the seed on a new database', async () => {
      const state = await server.db.transaction({ kind: 'system' }, async (tx) => ({
        versions: (await tx.query<{ version: string; name: string }>('select version, name from supabase_migrations.schema_migrations order by 1')).rows,
        notes: (await tx.query<{ body: string }>('select body from public.notes')).rows,
      }));
      assert.deepEqual(state, { versions: [{ version: '20260101000000', name: 'create_notes' }], notes: [{ body: 'seeded' }] });
    });

    test('stops a runaway statement at the role timeout while the server keeps answering', async () => {
      const started = performance.now();
      const runaway = server.db.transaction({ kind: 'request', role: 'anon' }, (tx) => tx.query('select pg_sleep(30)'));
      let settled = false;
      const outcome = runaway.then(
        () => 'finished',
        (error: unknown) => error,
      );
      void outcome.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await fetch(`${server.url}/_server/health`);
      assert.equal(health.status, 200);
      // Had the query run on the main thread, the answer could only come after the statement ended.
      assert.equal(settled, false, 'the server answered while the statement ran');
      const error = await outcome;
      const elapsed = performance.now() - started;
      assert.ok(isDbErrorWith('57014')(error), `expected a statement timeout, got ${String(error)}`);
      assert.ok(elapsed >= 2900 && elapsed < 6000, `anon's 3 s timeout applied (took ${elapsed.toFixed(0)} ms)`);
      const next = await server.db.transaction({ kind: 'request', role: 'anon' }, async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from public.notes')).rows[0]?.n);
      assert.equal(next, 1, 'the database answers again after the timeout');
    });

    test('gives authenticated 8 s and lets a caller set a shorter timeout', async () => {
      await assert.rejects(
        server.db.transaction({ kind: 'request', role: 'authenticated' }, (tx) => tx.query('select pg_sleep(5)'), { timeoutMs: 500 }),
        isDbErrorWith('57014'),
      );
    });
  });

  test(`a failing migration stops the boot with the file name and leaves the database as before that file (${backend})`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bad-'));
    const env = { ...process.env, DATABASE_URL: '' };
    let database: { url: string; drop: () => Promise<void> } | null = null;
    if (backend === 'postgres') {
      const { createTestDatabase } = await import('../support/databases.ts');
      database = await createTestDatabase();
      env.DATABASE_URL = database.url;
    }
    try {
      await assert.rejects(
        startServer({ projectDir: path.join(fixtures, 'bad'), port: 0, dataDir, webDist: null, env, log: silentLogger }),
        (error: unknown) => {
          assert.ok(error instanceof MigrationError);
          assert.equal(error.file, path.join('migrations', '20260102000000_broken.sql'));
          assert.match(error.message, /42P01: relation "public\.no_such_table" does not exist/);
          return true;
        },
      );
      // Boot the good project on the same database: the first migration stays applied, nothing of the broken one exists.
      const server = await startServer({ projectDir: path.join(fixtures, 'good'), port: 0, dataDir, webDist: null, env, log: silentLogger });
      try {
        const state = await server.db.transaction({ kind: 'system' }, async (tx) => ({
          versions: (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by 1')).rows.map((r) => r.version),
          halfDone: (await tx.query(`select to_regclass('public.half_done') is not null as exists`)).rows[0],
          notes: (await tx.query<{ body: string }>('select body from public.notes order by id')).rows.map((r) => r.body),
        }));
        // The seed never ran (the first boot failed) and the broken file's insert was rolled back.
        assert.deepEqual(state, { versions: ['20260101000000'], halfDone: { exists: false }, notes: [] });
      } finally {
        await server.close();
      }
    } finally {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

describe('the data dir', () => {
  test('a second server on the same data dir is refused with the PID holding it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-lock-'));
    const env = { ...process.env, DATABASE_URL: '' };
    const first = await startServer({ projectDir: path.join(fixtures, 'good'), port: 0, dataDir, webDist: null, env, log: silentLogger });
    try {
      await assert.rejects(
        startServer({ projectDir: path.join(fixtures, 'good'), port: 0, dataDir, webDist: null, env, log: silentLogger }),
        (error: unknown) => error instanceof DataDirLockedError && error.pid === process.pid && error.message.includes(`PID ${process.pid}`),
      );
    } finally {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('npm start exits on SIGTERM after closing the database, and a restart finds the data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-signal-'));
    try {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const child = spawn(process.execPath, ['server/src/main.ts', '--no-web', '--port', '0', '--project', path.join(fixtures, 'good')], {
          cwd: repoRoot,
          env: childEnv({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_REQUESTS: '0' }),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no start banner: ${output}`)), 30_000);
          child.stdout.on('data', () => {
            if (output.includes('service_role key')) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        assert.match(output, /anon key\s+eyJ/);
        const exited = new Promise<string>((resolve) => child.on('exit', (code, killedBy) => resolve(`${code ?? killedBy}`)));
        child.kill(signal);
        assert.equal(await exited, '0', `${signal}: ${output}`);
        assert.match(output, new RegExp(`${signal}: closing the database`));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
