import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer } from '../../server/src/server.ts';
import { newUser, randomBytes, sha256, storageProject, type TestUser } from '../fixtures/storage/helpers.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

// How storage keeps its files in the data dir: one file per object version, none left over.
// (The wire behaviour of the same calls is in tests/conformance/storage-objects.test.ts.)
for (const backend of testBackends()) {
  describe(`storage files in the data dir on ${backend}`, () => {
    let server: TestServer;
    let alice: TestUser;
    before(async () => {
      server = await startTestServer(backend, { project: storageProject });
      alice = await newUser(server);
    });
    after(() => server?.close());

    /** Files under the data dir, and the version each object row points at. */
    const storedFiles = () =>
      readdirSync(path.join(server.config.dataDir, 'storage/objects'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    const rowVersions = async () =>
      (
        await server.db.transaction({ kind: 'system' }, (tx) =>
          tx.query<{ version: string }>('select version from storage.objects order by version'),
        )
      ).rows.map((r) => r.version);

    test('an upload is stored byte for byte under its version', async () => {
      const bytes = randomBytes(300_000);
      const name = `${alice.id}/face.png`;
      assert.equal((await alice.client.storage.from('avatars').upload(name, new Blob([bytes], { type: 'image/png' }))).error, null);
      const row = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ version: string }>(`select version from storage.objects where bucket_id = 'avatars' and name = $1`, [name]),
      );
      const version = row.rows[0]?.version ?? '';
      const onDisk = readFileSync(path.join(server.config.dataDir, 'storage/objects', version.slice(0, 2), version));
      assert.equal(sha256(onDisk), sha256(bytes));
      assert.deepEqual(storedFiles(), await rowVersions());
    });

    test('replacing, racing and removing objects leave exactly one file per row', async () => {
      const s = alice.client.storage.from('avatars');
      const doc = `${alice.id}/doc.txt`;
      assert.equal((await s.upload(doc, 'one', { contentType: 'text/plain' })).error, null);
      assert.equal((await s.upload(doc, 'two', { contentType: 'text/plain', upsert: true })).error, null);
      assert.equal((await s.update(doc, 'three', { contentType: 'text/plain' })).error, null);
      assert.deepEqual(storedFiles(), await rowVersions());

      const race = `${alice.id}/race.txt`;
      await Promise.all(Array.from({ length: 8 }, (_, i) => s.upload(race, `plain ${i}`, { contentType: 'text/plain' })));
      await Promise.all(Array.from({ length: 8 }, (_, i) => s.upload(race, `upsert ${i}`, { contentType: 'text/plain', upsert: true })));
      assert.deepEqual(storedFiles(), await rowVersions());

      await s.upload(`${alice.id}/rm/1.txt`, '1', { contentType: 'text/plain' });
      await s.upload(`${alice.id}/rm/2.txt`, '2', { contentType: 'text/plain' });
      assert.equal((await s.remove([`${alice.id}/rm/1.txt`, `${alice.id}/rm/2.txt`])).error, null);
      assert.deepEqual(storedFiles(), await rowVersions());
    });
  });
}

// The data dir holds both the PGlite database and the files, so a restart on it is the crash model.
describe('storage across a restart (PGlite data dir)', () => {
  test('files no row refers to are swept at start unless recent (another process may be uploading them); seeded objects are not seeded twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-storage-restart-'));
    const boot = () =>
      startServer({
        projectDir: storageProject,
        port: 0,
        dataDir,
        webDist: null,
        env: { ...process.env, DATABASE_URL: '' },
        log: silentLogger,
        override: { logRequests: false },
      });
    try {
      let server = await boot();
      let admin = createClient(server.url, server.keys.serviceRoleKey);
      assert.equal((await admin.storage.from('photos').upload('kept.png', new Blob(['kept'], { type: 'image/png' }))).error, null);
      assert.equal((await admin.storage.from('photos').remove(['welcome.txt'])).error, null);
      const orphan = path.join(dataDir, 'storage/objects/ab/abababab-abab-abab-abab-abababababab');
      mkdirSync(path.dirname(orphan), { recursive: true });
      writeFileSync(orphan, 'left behind by a crash');
      const anHourAgo = new Date(Date.now() - 3600_000);
      utimesSync(orphan, anHourAgo, anHourAgo);
      const uploading = path.join(dataDir, 'storage/objects/ab/abababab-abab-abab-abab-abababababac');
      writeFileSync(uploading, 'being uploaded through another server process');
      writeFileSync(path.join(dataDir, 'storage/.tmp/partial-upload'), 'half');
      await server.close();

      server = await boot();
      admin = createClient(server.url, server.keys.serviceRoleKey);
      assert.equal(existsSync(orphan), false);
      assert.equal(existsSync(uploading), true);
      assert.deepEqual(readdirSync(path.join(dataDir, 'storage/.tmp')), []);
      assert.equal(await (await admin.storage.from('photos').download('kept.png')).data?.text(), 'kept');
      assert.equal((await admin.storage.from('photos').exists('welcome.txt')).data, false);
      const files = readdirSync(path.join(dataDir, 'storage/objects'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      const rows = await server.db.transaction({ kind: 'system' }, (tx) => tx.query(`select 1 from storage.objects`));
      assert.equal(files.length, (rows.rowCount ?? 0) + 1, 'one file per object, and the recent one');
      await server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
