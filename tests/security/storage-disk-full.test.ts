import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

const bucket = 'disk-full';

/** Files anywhere under `dir` (temp files and object versions alike). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

for (const backend of testBackends()) {
  describe(`storage on a full disk on ${backend}`, () => {
    let server: TestServer;
    let storageDir = '';
    let mounted = false;

    before(async () => {
      server = await startTestServer(backend);
      assert.equal((await server.admin().storage.createBucket(bucket, { public: false })).error, null);
      // A 1 MiB tmpfs over the storage folder: a disk that fills up after one megabyte.
      storageDir = path.join(server.config.dataDir, 'storage');
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', storageDir]);
      mounted = true;
      mkdirSync(path.join(storageDir, '.tmp'));
      mkdirSync(path.join(storageDir, 'objects'));
    });
    after(async () => {
      // Lazily: the server may still hold a file open there; the mount goes before its data dir does.
      if (mounted) execFileSync('umount', ['--lazy', storageDir]);
      await server?.close();
    });

    async function rows(name: string): Promise<number> {
      return server.db.transaction({ kind: 'system' }, async (tx) => {
        const { rows: found } = await tx.query<{ n: number }>(
          'select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2',
          [bucket, name],
        );
        return found[0]?.n ?? -1;
      });
    }

    test('a small upload fits; one larger than the free space gets 507 at once and leaves no row and no file', async () => {
      const small = await server
        .admin()
        .storage.from(bucket)
        .upload('small.bin', new Uint8Array(100 * 1024));
      assert.equal(small.error, null);
      const filesBefore = filesUnder(storageDir);

      // Raw body with a Content-Length, as supabase-js sends an ArrayBuffer: the answer, not a hang or a reset.
      const raw = await fetch(`${server.url}/storage/v1/object/${bucket}/big.bin`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.serviceRoleKey}`,
          apikey: server.serviceRoleKey,
          'Content-Type': 'application/octet-stream',
        },
        body: new Uint8Array(2 * 1024 * 1024),
        signal: AbortSignal.timeout(10_000),
      });
      assert.equal(raw.status, 507);
      assert.deepEqual(await raw.json(), {
        statusCode: '507',
        code: 'InsufficientStorage',
        error: 'Insufficient Storage',
        message: 'There is no space left to store the object',
      });

      // Multipart, through supabase-js.
      const multipart = await server
        .admin()
        .storage.from(bucket)
        .upload('big-form.bin', new Blob([new Uint8Array(2 * 1024 * 1024)]));
      assert.equal((multipart.error as { statusCode?: string } | null)?.statusCode, '507');

      assert.equal(await rows('big.bin'), 0);
      assert.equal(await rows('big-form.bin'), 0);
      assert.deepEqual(filesUnder(storageDir), filesBefore);
      // The object that fitted is intact and the server goes on answering.
      const download = await server.admin().storage.from(bucket).download('small.bin');
      assert.equal(download.data?.size, 100 * 1024);
    });
  });
}
