import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { PgliteDatabase } from '../../server/src/db/pglite.ts';
import { childEnv, repoRoot } from '../support/server.ts';

const run = promisify(execFile);
const project = path.join(repoRoot, 'tests/fixtures/boot/good');

async function notes(clusterDir: string): Promise<string[]> {
  const db = await PgliteDatabase.open(clusterDir);
  try {
    return await db.transaction({ kind: 'system' }, async (tx) =>
      (await tx.query<{ body: string }>('select body from public.notes order by id')).rows.map((r) => r.body),
    );
  } finally {
    await db.close();
  }
}

test('db:reset recreates the database from migrations and seed; db:dump writes a backup that restores', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-dbscripts-'));
  const env = childEnv({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const reset = await run(process.execPath, ['scripts/db.ts', 'reset', '--project', project], { cwd: repoRoot, env });
    assert.match(reset.stdout, /Database reset: 1 migration\(s\) applied, seed\.sql applied\./);

    // A write after the reset disappears with the next reset.
    const db = await PgliteDatabase.open(path.join(dataDir, 'db'));
    await db.transaction({ kind: 'system' }, (tx) => tx.query(`insert into public.notes (body) values ('after reset')`));
    await db.close();
    assert.deepEqual(await notes(path.join(dataDir, 'db')), ['seeded', 'after reset']);

    const backup = path.join(dataDir, 'backup.tar.gz');
    const dump = await run(process.execPath, ['scripts/db.ts', 'dump', '--out', backup], { cwd: repoRoot, env });
    assert.match(dump.stdout, /Backup written to/);
    assert.ok(existsSync(backup));

    await run(process.execPath, ['scripts/db.ts', 'reset', '--project', project], { cwd: repoRoot, env });
    assert.deepEqual(await notes(path.join(dataDir, 'db')), ['seeded']);

    // Restoring the backup (as the README says: extract into an empty DATA_DIR/db) brings the write back.
    const restored = path.join(dataDir, 'restored', 'db');
    mkdirSync(restored, { recursive: true });
    await run('tar', ['xzf', backup, '-C', restored]);
    assert.deepEqual(await notes(restored), ['seeded', 'after reset']);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
