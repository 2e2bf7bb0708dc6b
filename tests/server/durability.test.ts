import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { PgliteDatabase } from '../../server/src/db/pglite.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { repoRoot } from '../support/server.ts';

const project = path.join(repoRoot, 'tests/fixtures/boot/good');
const anonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The boot fixture's server as its own process on `dataDir` (the embedded database). */
function startOn(dataDir: string): Promise<ServerProcess> {
  return startServerProcess(project, { DATA_DIR: dataDir, DATABASE_URL: '' });
}

/**
 * SIGKILL in the middle of a write load, then a restart on the same data dir: every insert the
 * server acknowledged (a 201 reached the client) is there, and amcheck finds heap and indexes
 * consistent. PGlite writes reach the OS before a commit is acknowledged; it never fsyncs, so
 * this proves process-crash safety, not power-loss safety (see README, "Durability").
 */
test('acknowledged writes survive SIGKILL of the server (PGlite), and the database stays consistent', { timeout: 600_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-kill-'));
  const acknowledged = new Set<string>();
  try {
    for (let cycle = 0; cycle < 3; cycle++) {
      const { child, url } = await startOn(dataDir);
      const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      let running = true;
      const writer = async (worker: number) => {
        for (let n = 0; running; n++) {
          const body = `cycle ${cycle} worker ${worker} write ${n}`;
          const { error, status } = await client.from('notes').insert({ body });
          if (error) return; // the connection died with the server
          assert.equal(status, 201);
          acknowledged.add(body);
        }
      };
      const writers = Array.from({ length: 8 }, (_, i) => writer(i).catch(() => undefined));
      // Kill once this cycle has acknowledged some writes, at a moment that varies per cycle.
      const before = acknowledged.size;
      while (acknowledged.size - before < 40) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 50 + cycle * 120));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      running = false;
      await Promise.all(writers);
    }
    assert.ok(acknowledged.size >= 120, `the load wrote enough rows to be meaningful (${acknowledged.size})`);

    // Restart on the same data dir: the dead server's lock is taken over, every acknowledged row is there.
    const { child, url } = await startOn(dataDir);
    const client = createClient(url, anonKey, { auth: { persistSession: false } });
    const present = new Set<string>();
    for (let from = 0; ; from += 1000) {
      const { data, error } = await client
        .from('notes')
        .select('body')
        .order('id')
        .range(from, from + 999);
      assert.equal(error, null);
      for (const row of data ?? []) present.add(row.body as string);
      if ((data ?? []).length < 1000) break;
    }
    const missing = [...acknowledged].filter((body) => !present.has(body));
    assert.deepEqual(missing, []);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;

    // Integrity: amcheck over every btree index and the heap of the written table.
    const db = await PgliteDatabase.open(path.join(dataDir, 'db'), null, ['amcheck']);
    try {
      const problems = await db.transaction({ kind: 'system' }, async (tx) => {
        await tx.exec('create extension if not exists amcheck');
        const indexes = await tx.query<{ index: string }>(
          `select c.oid::regclass::text as index from pg_index i join pg_class c on c.oid = i.indexrelid
           join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
           where am.amname = 'btree' and n.nspname in ('public', 'auth', 'storage', 'supabase_migrations')`,
        );
        for (const { index } of indexes.rows) await tx.query('select bt_index_check($1::regclass, true)', [index]);
        const heap = await tx.query(`select * from verify_heapam('public.notes'::regclass)`);
        return { indexes: indexes.rows.length, heapProblems: heap.rows };
      });
      assert.ok(problems.indexes > 5);
      assert.deepEqual(problems.heapProblems, []);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
