import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makePgliteTemplate } from './open.ts';
import { keptThreads } from './pglite-threads.ts';
import { PgliteDatabase } from './pglite.ts';

/** A closed database's thread opens the process's next one (decision 465). */
describe("a PGlite thread kept for the process's next database", () => {
  let root: string;
  let template: string;
  let opened = 0;
  const open = async () => PgliteDatabase.open(path.join(root, `db-${++opened}`), template);
  const tables = async (db: PgliteDatabase) =>
    db.transaction({ kind: 'system' }, async (tx) =>
      (
        await tx.query<{ name: string }>(`select tablename as name from pg_catalog.pg_tables where schemaname = 'public' order by 1`)
      ).rows.map((row) => row.name),
    );
  const notify = (db: PgliteDatabase, channel: string, payload: string) =>
    db.transaction({ kind: 'system' }, (tx) => tx.exec(`select pg_notify('${channel}', '${payload}')`));
  /** Resolves with the payloads heard on `channel` once `notify` was committed and delivered. */
  const heard = async (db: PgliteDatabase, channel: string, send: () => Promise<unknown>) => {
    const payloads: string[] = [];
    const stop = await db.listen(channel, (payload) => payloads.push(payload));
    await send();
    // A notification is delivered after its commit: a second transaction's answer comes after it.
    await db.transaction({ kind: 'system' }, (tx) => tx.query('select 1'));
    await stop();
    return payloads;
  };

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'pinstar-threads-'));
    template = await makePgliteTemplate();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a clean close keeps one thread; the next open takes it, and a second close while one is kept ends its own', async () => {
    const first = await open();
    const second = await open();
    const kept = keptThreads();
    await first.close();
    assert.equal(keptThreads(), Math.min(kept + 1, 1), "the first database's thread is kept");
    await second.close();
    assert.equal(keptThreads(), 1, 'no more than one thread is kept');
    const third = await open();
    assert.equal(keptThreads(), 0, 'the next database runs on the kept thread');
    await third.close();
  });

  test('the database on a kept thread has only its own tables, listens anew, and hears nothing meant for the last one', async () => {
    const first = await open();
    await first.transaction({ kind: 'system' }, (tx) => tx.exec('create table public.only_in_first (note text)'));
    let firstHeard = 0;
    await first.listen('news', () => firstHeard++);
    assert.deepEqual(await heard(first, 'news', () => notify(first, 'news', 'to the first')), ['to the first']);
    await first.close();
    assert.equal(keptThreads(), 1);

    const second = await open();
    try {
      assert.equal(keptThreads(), 0, 'the second database runs on the first one’s thread');
      assert.deepEqual(await tables(second), [], "the first database's table is not in the second");
      // The same channel again: the thread LISTENs on it for the new database, and only the new
      // database's listener hears what is sent there.
      const before = firstHeard;
      assert.deepEqual(await heard(second, 'news', () => notify(second, 'news', 'to the second')), ['to the second']);
      assert.equal(firstHeard, before, 'the closed database heard nothing more');
      await second.transaction({ kind: 'system' }, (tx) => tx.exec('create table public.only_in_second (note text)'));
      assert.deepEqual(await tables(second), ['only_in_second']);
    } finally {
      await second.close();
    }
  });
});
