import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorShape, newUser, storageProject, type TestUser } from '../fixtures/storage/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

/** `Date.prototype.toISOString()`: what storage-api's JSON carries for every timestamp. */
const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

for (const target of conformanceTargets()) {
  describe(`storage wire details on ${target.name}`, () => {
    let server: ConformanceTarget;
    let alice: TestUser;
    const suffixes = ['zz', 'bb', 'xx', 'ww', 'cc', 'aa', 'yy', 'oo'];
    before(async () => {
      server = await target.start(storageProject);
      alice = await newUser(server);
      const s = alice.client.storage.from('avatars');
      // One at a time, so created_at follows this order.
      for (const suffix of suffixes)
        assert.equal((await s.upload(`${alice.id}/v2/file-${suffix}.txt`, suffix, { contentType: 'text/plain' })).error, null);
      assert.equal((await s.upload(`${alice.id}/v2/album/inner.txt`, 'in', { contentType: 'text/plain' })).error, null);
    });
    after(() => server?.close());

    test('list-v2 with a delimiter: folders and files keyed by their own segment, named by their path', async () => {
      const s = alice.client.storage.from('avatars');
      const top = await s.listV2({ with_delimiter: true });
      assert.equal(top.error, null);
      assert.deepEqual(top.data?.folders, [
        { key: alice.id, name: `${alice.id}/`, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
      ]);
      assert.deepEqual(top.data?.objects, []);
      const level = await s.listV2({ prefix: `${alice.id}/v2/`, with_delimiter: true, limit: 2 });
      assert.deepEqual(
        level.data?.folders.map((f) => [f.key, f.name]),
        [['album', `${alice.id}/v2/album/`]],
      );
      const [file] = level.data?.objects ?? [];
      assert.equal(file?.key, 'file-aa.txt');
      assert.equal(file?.name, `${alice.id}/v2/file-aa.txt`);
      assert.match(file?.created_at ?? '', iso);
      assert.match(file?.updated_at ?? '', iso);
    });

    test('list-v2 sorts by name or date with a delimiter too, page after page', async () => {
      const s = alice.client.storage.from('avatars');
      const byName = [...suffixes].sort();
      const cases: Array<{ sortBy?: { column: 'name' | 'created_at'; order: 'asc' | 'desc' }; expected: string[] }> = [
        { expected: byName },
        { sortBy: { column: 'name', order: 'desc' }, expected: [...byName].reverse() },
        { sortBy: { column: 'created_at', order: 'asc' }, expected: suffixes },
        { sortBy: { column: 'created_at', order: 'desc' }, expected: [...suffixes].reverse() },
      ];
      for (const { sortBy, expected } of cases) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await s.listV2({
            prefix: `${alice.id}/v2/file-`,
            with_delimiter: true,
            limit: 2,
            ...(sortBy ? { sortBy } : {}),
            ...(cursor ? { cursor } : {}),
          });
          assert.equal(page.error, null);
          seen.push(...(page.data?.objects ?? []).map((o) => o.name.slice(-6, -4)));
          cursor = page.data?.hasNext ? page.data.nextCursor : undefined;
          pages++;
        } while (cursor);
        assert.deepEqual(seen, expected, JSON.stringify(sortBy));
        assert.equal(pages, 4);
      }
    });

    test('list-v2 without a delimiter lists object rows, without keys', async () => {
      const flat = await alice.client.storage.from('avatars').listV2({ prefix: `${alice.id}/v2/album/` });
      assert.deepEqual(
        flat.data?.objects.map((o) => Object.keys(o).sort()),
        [['created_at', 'id', 'last_accessed_at', 'metadata', 'name', 'updated_at']],
      );
    });

    test('an object uploaded without metadata reports metadata {}; times are ISO strings', async () => {
      const info = await alice.client.storage.from('avatars').info(`${alice.id}/v2/file-aa.txt`);
      assert.equal(info.error, null);
      assert.deepEqual(info.data?.metadata, {});
      assert.match(String(info.data?.createdAt), iso);
      assert.match(String(info.data?.lastModified), iso);
      const bucket = await server.admin().storage.getBucket('avatars');
      assert.match(bucket.data?.created_at ?? '', iso);
      assert.match(bucket.data?.updated_at ?? '', iso);
      const listed = await alice.client.storage.from('avatars').list(`${alice.id}/v2`, { limit: 1, search: 'file-aa' });
      assert.match(listed.data?.[0]?.created_at ?? '', iso);
    });

    test('an images-only bucket takes any raster image under an allowed image type, and nothing else', async () => {
      const admin = server.admin().storage;
      assert.equal((await admin.createBucket('png-only', { public: false, allowedMimeTypes: ['image/png'] })).error, null);
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
      const labelled = await admin.from('png-only').upload('cat.jpg', jpeg, { contentType: 'image/png' });
      assert.equal(labelled.error, null);
      const notImage = await admin
        .from('png-only')
        .upload('page.png', '<html><script>alert(1)</script></html>', { contentType: 'image/png' });
      assert.deepEqual(errorShape(notImage.error), {
        status: 400,
        statusCode: '415',
        code: 'InvalidMimeType',
        message: 'mime type image/png is not supported',
      });
      const otherType = await admin.from('png-only').upload('cat2.jpg', jpeg, { contentType: 'image/jpeg' });
      assert.equal(errorShape(otherType.error).code, 'InvalidMimeType');
    });

    test('a request with neither authorization nor apikey is refused where a token is required', async () => {
      const refused = { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' };
      const buckets = await server.fetch(`${server.url}/storage/v1/bucket`);
      assert.equal(buckets.status, 400);
      assert.deepEqual(await buckets.json(), refused);
      const upload = await server.fetch(`${server.url}/storage/v1/object/photos/x.txt`, {
        method: 'POST',
        body: 'x',
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(upload.status, 400);
      assert.deepEqual(await upload.json(), refused);
      // Routes that allow anonymous reads still answer without any header.
      const publicFile = await server.fetch(`${server.url}/storage/v1/object/public/photos/cafe/front.png`);
      assert.equal(publicFile.status, 200);
    });
  });
}
