import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makePgliteTemplate } from './open.ts';
import { PgliteDatabase } from './pglite.ts';

/** What a new PGlite cluster starts from: a tarball PGlite unpacks, or a stopped cluster's folder copied as it is (decision 446). */
describe('a new PGlite cluster from its template', () => {
  let root: string;
  let folder: string;

  const count = async (db: PgliteDatabase) =>
    db.transaction(
      { kind: 'system' },
      async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from public.kept')).rows[0]?.n,
    );

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'pinstar-template-'));
    // A stopped cluster: unpacked from the bootstrap's tarball, given a table and a row, closed.
    folder = path.join(root, 'template');
    const db = await PgliteDatabase.open(folder, await makePgliteTemplate());
    await db.transaction({ kind: 'system' }, (tx) =>
      tx.exec(`create table public.kept (note text); insert into public.kept values ('from the template')`),
    );
    await db.close();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a cluster folder is copied into the data dir, and the copy is a cluster of its own', async () => {
    const dataDir = path.join(root, 'copy');
    const copy = await PgliteDatabase.open(dataDir, folder);
    try {
      assert.ok(existsSync(path.join(dataDir, 'PG_VERSION')), 'the data dir holds the cluster');
      assert.equal(await count(copy), 1, "the template's row is in the copy");
      await copy.transaction({ kind: 'system' }, (tx) => tx.exec(`insert into public.kept values ('in the copy only')`));
      assert.equal(await count(copy), 2);
    } finally {
      await copy.close();
    }
    const template = await PgliteDatabase.open(folder);
    try {
      assert.equal(await count(template), 1, 'writing to the copy left the template as it was');
    } finally {
      await template.close();
    }
  });

  test('a tarball is still unpacked, on disk and in memory', async () => {
    const onDisk = await PgliteDatabase.open(path.join(root, 'from-tarball'), await makePgliteTemplate());
    const inMemory = await PgliteDatabase.open('memory://', await makePgliteTemplate());
    try {
      for (const db of [onDisk, inMemory]) {
        const { rows } = await db.transaction({ kind: 'system' }, (tx) =>
          tx.query<{ n: number }>(`select count(*)::int as n from _server.bootstrap`),
        );
        assert.ok((rows[0]?.n ?? 0) > 0, 'the bootstrap is in the unpacked cluster');
      }
    } finally {
      await onDisk.close();
      await inMemory.close();
    }
  });

  test('a cluster folder for an in-memory cluster is refused, saying why', async () => {
    await assert.rejects(PgliteDatabase.open('memory://', folder), /a cluster folder template needs a data dir on disk, not memory:\/\//);
  });
});
