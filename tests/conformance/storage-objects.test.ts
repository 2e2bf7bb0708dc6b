import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorShape, newUser, randomBytes, sha256, storageProject, type TestUser } from '../fixtures/storage/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets()) {
  describe(`storage objects on ${target.name}`, () => {
    let server: ConformanceTarget;
    let alice: TestUser;
    let bob: TestUser;
    before(async () => {
      server = await target.start(storageProject);
      alice = await newUser(server);
      bob = await newUser(server);
    });
    after(() => server?.close());

    test('uploads a Blob (multipart) and a raw body, and returns the bytes unchanged', async () => {
      const bytes = randomBytes(300_000);
      const blob = new Blob([bytes], { type: 'image/png' });
      const up = await alice.client.storage.from('avatars').upload(`${alice.id}/face.png`, blob, { cacheControl: '120' });
      assert.equal(up.error, null);
      assert.equal(up.data?.path, `${alice.id}/face.png`);
      assert.equal(up.data?.fullPath, `avatars/${alice.id}/face.png`);
      assert.match(up.data?.id ?? '', /^[0-9a-f-]{36}$/);

      const down = await alice.client.storage.from('avatars').download(`${alice.id}/face.png`);
      assert.equal(down.error, null);
      assert.equal(down.data?.type, 'image/png');
      assert.equal(sha256(await down.data!.arrayBuffer()), sha256(bytes));

      const raw = await alice.client.storage.from('avatars').upload(`${alice.id}/note.txt`, 'hello storage', { contentType: 'text/plain' });
      assert.equal(raw.error, null);
      const text = await alice.client.storage.from('avatars').download(`${alice.id}/note.txt`);
      assert.equal(await text.data?.text(), 'hello storage');
    });

    test('download headers: type, length, etag, cache-control, attachment, ranges', async () => {
      const token = alice.token;
      const url = `${server.url}/storage/v1/object/avatars/${alice.id}/face.png`;
      const response = await server.fetch(`${url}?download=my%20face.png`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/png');
      assert.equal(response.headers.get('content-length'), '300000');
      assert.equal(response.headers.get('cache-control'), 'max-age=120');
      assert.match(response.headers.get('etag') ?? '', /^"[0-9a-f]{32}"$/);
      assert.equal(response.headers.get('content-disposition'), "attachment; filename=my%20face.png; filename*=UTF-8''my%20face.png");
      await response.arrayBuffer();
      const partial = await server.fetch(url, { headers: { Authorization: `Bearer ${token}`, Range: 'bytes=10-19' } });
      assert.equal(partial.status, 206);
      assert.equal(partial.headers.get('content-range'), 'bytes 10-19/300000');
      assert.equal((await partial.arrayBuffer()).byteLength, 10);
      const cached = await server.fetch(url, {
        headers: { Authorization: `Bearer ${token}`, 'If-None-Match': response.headers.get('etag') ?? '' },
      });
      assert.equal(cached.status, 304);
    });

    test('RLS on a per-user folder: owner allowed, other user and anon denied', async () => {
      const other = await bob.client.storage.from('avatars').upload(`${alice.id}/intrusion.txt`, 'x', { contentType: 'text/plain' });
      assert.deepEqual(errorShape(other.error), {
        status: 400,
        statusCode: '403',
        code: 'AccessDenied',
        message: 'new row violates row-level security policy',
      });
      const anon = await server.client().storage.from('avatars').upload(`${alice.id}/anon.txt`, 'x', { contentType: 'text/plain' });
      assert.equal(errorShape(anon.error).code, 'AccessDenied');

      const bobRead = await bob.client.storage.from('avatars').download(`${alice.id}/note.txt`);
      assert.deepEqual(errorShape(bobRead.error), { status: 400, statusCode: '404', code: 'NoSuchKey', message: 'Object not found' });
      const anonRead = await server.client().storage.from('avatars').download(`${alice.id}/note.txt`);
      assert.equal(errorShape(anonRead.error).code, 'NoSuchKey');
      const noKeyRead = await server.fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/note.txt`);
      assert.equal(noKeyRead.status, 400);
      assert.deepEqual(await noKeyRead.json(), {
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      });

      const bobList = await bob.client.storage.from('avatars').list(alice.id);
      assert.deepEqual(bobList.data, []);
      const bobRemove = await bob.client.storage.from('avatars').remove([`${alice.id}/note.txt`]);
      assert.deepEqual(bobRemove.data, []);
      const still = await alice.client.storage.from('avatars').exists(`${alice.id}/note.txt`);
      assert.equal(still.data, true);
      const service = await server.admin().storage.from('avatars').download(`${alice.id}/note.txt`);
      assert.equal(await service.data?.text(), 'hello storage');
    });

    test('upsert: duplicate refused without x-upsert, replaced with it, and update() replaces', async () => {
      const path = `${alice.id}/doc.txt`;
      assert.equal((await alice.client.storage.from('avatars').upload(path, 'one', { contentType: 'text/plain' })).error, null);
      const dup = await alice.client.storage.from('avatars').upload(path, 'two', { contentType: 'text/plain' });
      assert.deepEqual(errorShape(dup.error), {
        status: 400,
        statusCode: '409',
        code: 'KeyAlreadyExists',
        message: 'The resource already exists',
      });
      const before = (await alice.client.storage.from('avatars').info(path)).data;
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(
        (await alice.client.storage.from('avatars').upload(path, 'two', { contentType: 'text/plain', upsert: true })).error,
        null,
      );
      const replaced = (await alice.client.storage.from('avatars').info(path)).data;
      assert.equal(replaced?.id, before?.id);
      assert.equal(replaced?.createdAt, before?.createdAt);
      assert.ok(Date.parse(String(replaced?.lastModified)) > Date.parse(String(before?.lastModified)));
      assert.equal(await (await alice.client.storage.from('avatars').download(path)).data?.text(), 'two');
      assert.equal((await alice.client.storage.from('avatars').update(path, 'three', { contentType: 'text/plain' })).error, null);
      assert.equal(await (await alice.client.storage.from('avatars').download(path)).data?.text(), 'three');
      const bobUpsert = await bob.client.storage.from('avatars').upload(path, 'evil', { contentType: 'text/plain', upsert: true });
      assert.equal(errorShape(bobUpsert.error).code, 'AccessDenied');
      const replacedOnDisk = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = 'avatars' and name = $1`, [path]),
      );
      assert.equal(replacedOnDisk.rows[0]?.n, 1);
    });

    test('concurrent uploads to one key: one wins without upsert, the last upsert wins with it', async () => {
      const s = alice.client.storage.from('avatars');
      const path = `${alice.id}/race.txt`;
      const plain = await Promise.all(Array.from({ length: 8 }, (_, i) => s.upload(path, `plain ${i}`, { contentType: 'text/plain' })));
      assert.equal(plain.filter((r) => r.error === null).length, 1);
      assert.deepEqual([...new Set(plain.filter((r) => r.error).map((r) => errorShape(r.error).code))], ['KeyAlreadyExists']);
      const upserts = await Promise.all(
        Array.from({ length: 8 }, (_, i) => s.upload(path, `upsert ${i}`, { contentType: 'text/plain', upsert: true })),
      );
      assert.ok(upserts.every((r) => r.error === null));
      assert.match(String(await (await s.download(path)).data?.text()), /^upsert \d$/);
    });

    test('metadata, info and exists', async () => {
      const path = `${alice.id}/meta.txt`;
      const up = await alice.client.storage
        .from('avatars')
        .upload(path, new Blob(['meta'], { type: 'text/plain' }), { metadata: { album: 'summer' } });
      assert.equal(up.error, null);
      const info = await alice.client.storage.from('avatars').info(path);
      assert.equal(info.error, null);
      assert.equal(info.data?.name, path);
      assert.equal(info.data?.bucketId, 'avatars');
      assert.equal(info.data?.size, 4);
      assert.equal(info.data?.contentType, 'text/plain');
      assert.equal(info.data?.cacheControl, 'max-age=3600');
      assert.deepEqual(info.data?.metadata, { album: 'summer' });
      assert.match(String(info.data?.lastModified), /^\d{4}-\d{2}-\d{2}T/);
      assert.equal((await alice.client.storage.from('avatars').exists(path)).data, true);
      assert.equal((await alice.client.storage.from('avatars').exists(`${alice.id}/missing.txt`)).data, false);
      const raw = await alice.client.storage
        .from('avatars')
        .upload(`${alice.id}/raw-meta.txt`, 'r', { contentType: 'text/plain', metadata: { k: 1 } });
      assert.equal(raw.error, null);
      assert.deepEqual((await alice.client.storage.from('avatars').info(`${alice.id}/raw-meta.txt`)).data?.metadata, { k: 1 });
      const head = await server.fetch(`${server.url}/storage/v1/object/avatars/${path}`, {
        method: 'HEAD',
        headers: { Authorization: `Bearer ${alice.token}` },
      });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-length'), '4');
    });

    test('list: folders, prefix, search, limit/offset, sort', async () => {
      const s = alice.client.storage.from('avatars');
      for (const name of ['album/b.txt', 'album/a.txt', 'album/deep/c.txt', 'zeta.txt']) {
        assert.equal((await s.upload(`${alice.id}/list/${name}`, name, { contentType: 'text/plain' })).error, null);
      }
      const top = await s.list(`${alice.id}/list`);
      assert.equal(top.error, null);
      assert.deepEqual(
        top.data?.map((e) => [e.name, e.id === null]),
        [
          ['album', true],
          ['zeta.txt', false],
        ],
      );
      const folder = top.data?.[0];
      assert.equal(folder?.metadata, null);
      const album = await s.list(`${alice.id}/list/album`, { sortBy: { column: 'name', order: 'desc' } });
      assert.deepEqual(
        album.data?.map((e) => e.name),
        ['deep', 'b.txt', 'a.txt'],
      );
      const file = album.data?.find((e) => e.name === 'a.txt');
      assert.equal((file?.metadata as { size?: number } | undefined)?.size, 11);
      const paged = await s.list(`${alice.id}/list/album`, { limit: 1, offset: 1 });
      assert.deepEqual(
        paged.data?.map((e) => e.name),
        ['b.txt'],
      );
      const searched = await s.list(`${alice.id}/list/album`, { search: 'b' });
      assert.deepEqual(
        searched.data?.map((e) => e.name),
        ['b.txt'],
      );
      const byTime = await s.list(`${alice.id}/list/album`, { sortBy: { column: 'created_at', order: 'asc' } });
      assert.deepEqual(
        byTime.data?.map((e) => e.name),
        ['deep', 'b.txt', 'a.txt'],
      );
      const v2 = await s.listV2({ prefix: `${alice.id}/list/`, with_delimiter: true, limit: 1 });
      assert.equal(v2.error, null);
      assert.deepEqual(
        v2.data?.folders.map((f) => f.name),
        [`${alice.id}/list/album/`],
      );
      assert.equal(v2.data?.hasNext, true);
      const next = await s.listV2({ prefix: `${alice.id}/list/`, with_delimiter: true, cursor: v2.data?.nextCursor });
      assert.deepEqual(
        next.data?.objects.map((o) => o.name),
        [`${alice.id}/list/zeta.txt`],
      );
      assert.equal(next.data?.hasNext, false);
      const forged = Buffer.from('l:x\nc:name; drop table storage.objects; --').toString('base64');
      const evil = await s.listV2({ prefix: `${alice.id}/list/`, cursor: forged });
      assert.deepEqual(errorShape(evil.error), {
        status: 400,
        statusCode: '400',
        code: 'InvalidParameter',
        message: 'Invalid Parameter continuation token',
      });
      const flat = await s.listV2({ prefix: `${alice.id}/list/album/` });
      assert.deepEqual(
        flat.data?.objects.map((o) => o.name),
        ['a.txt', 'b.txt', 'deep/c.txt'].map((n) => `${alice.id}/list/album/${n}`),
      );
    });

    test('remove: many paths, missing ones skipped', async () => {
      const s = alice.client.storage.from('avatars');
      await s.upload(`${alice.id}/rm/1.txt`, '1', { contentType: 'text/plain' });
      await s.upload(`${alice.id}/rm/2.txt`, '2', { contentType: 'text/plain' });
      const removed = await s.remove([`${alice.id}/rm/1.txt`, `${alice.id}/rm/2.txt`, `${alice.id}/rm/none.txt`]);
      assert.equal(removed.error, null);
      assert.deepEqual(removed.data?.map((o) => o.name).sort(), [`${alice.id}/rm/1.txt`, `${alice.id}/rm/2.txt`]);
      assert.equal((await s.exists(`${alice.id}/rm/1.txt`)).data, false);
      const single = await server.fetch(`${server.url}/storage/v1/object/avatars/${alice.id}/rm/none.txt`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${alice.token}` },
      });
      assert.deepEqual(await single.json(), { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    });

    test('limits: bucket size, global size, MIME types with wildcards', async () => {
      const s = alice.client.storage.from('avatars');
      const big = await s.upload(`${alice.id}/big.png`, new Blob([randomBytes(1024 * 1024 + 1)], { type: 'image/png' }));
      assert.deepEqual(errorShape(big.error), {
        status: 400,
        statusCode: '413',
        code: 'EntityTooLarge',
        message: 'The object exceeded the maximum allowed size',
      });
      const bigRaw = await s.upload(`${alice.id}/big.bin`, randomBytes(1024 * 1024 + 1), { contentType: 'image/jpeg' });
      assert.equal(errorShape(bigRaw.error).code, 'EntityTooLarge');
      assert.equal((await s.exists(`${alice.id}/big.png`)).data, false);
      const exact = await s.upload(`${alice.id}/exact.png`, new Blob([randomBytes(1024 * 1024)], { type: 'image/webp' }));
      assert.equal(exact.error, null);
      const pdf = await s.upload(`${alice.id}/doc.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
      assert.deepEqual(errorShape(pdf.error), {
        status: 400,
        statusCode: '415',
        code: 'InvalidMimeType',
        message: 'mime type application/pdf is not supported',
      });
      const global = await server
        .admin()
        .storage.from('photos')
        .upload('huge.png', new Blob([randomBytes(8 * 1024 * 1024 + 1)], { type: 'image/png' }));
      assert.equal(errorShape(global.error).code, 'EntityTooLarge');
    });

    test('path attacks are refused with InvalidKey', async () => {
      const attempts = [
        '../escape.txt',
        `${alice.id}/../../etc/passwd`,
        `${alice.id}/./x.txt`,
        `${alice.id}//x.txt`,
        `${alice.id}/x\u0001.txt`,
        `${alice.id}/${'a'.repeat(1100)}`,
        `${alice.id}/caf\u00e9.txt`,
      ];
      for (const key of attempts) {
        const response = await server.fetch(`${server.url}/storage/v1/object/avatars/${encodeURIComponent(key).replace(/\./g, '%2E')}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'text/plain' },
          body: 'x',
        });
        assert.equal(response.status, 400, key);
        const body = (await response.json()) as { code: string; statusCode: string };
        assert.equal(body.code, 'InvalidKey', key);
        assert.equal(body.statusCode, '400');
      }
      const lead = await server.fetch(`${server.url}/storage/v1/object/avatars//etc/passwd`, {
        headers: { Authorization: `Bearer ${alice.token}` },
      });
      assert.equal(((await lead.json()) as { code: string }).code, 'InvalidKey');
      const count = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`select 1 from storage.objects where name like '%..%' or name like '%//%'`),
      );
      assert.equal(count.rowCount, 0);
    });

    test('errors: missing bucket, bad JWT, expired JWT, unknown route, render disabled', async () => {
      const missing = await alice.client.storage.from('nope').upload(`${alice.id}/a.txt`, 'a', { contentType: 'text/plain' });
      assert.deepEqual(errorShape(missing.error), { status: 400, statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
      const bad = await server.fetch(`${server.url}/storage/v1/object/list/avatars`, {
        method: 'POST',
        headers: { Authorization: 'Bearer not.a.jwt', 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(bad.status, 400);
      assert.equal(((await bad.json()) as { code: string; statusCode: string }).code, 'AccessDenied');
      const { userToken } = await import('../fixtures/storage/helpers.ts');
      const expired = await userToken(server, alice.id, -10);
      const old = await server.fetch(`${server.url}/storage/v1/object/list/avatars`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${expired}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.deepEqual(await old.json(), {
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: '"exp" claim timestamp check failed',
      });
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(
          `insert into storage.objects (bucket_id, name, version, metadata) values ('photos', 'no-file.png', gen_random_uuid()::text, '{"mimetype":"image/png"}')`,
        ),
      );
      const noFile = await server.fetch(`${server.url}/storage/v1/object/public/photos/no-file.png`);
      assert.equal(noFile.status, 400);
      assert.equal(noFile.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await noFile.json(), {
        statusCode: '404',
        code: 'NoSuchKey',
        error: 'Not found',
        message: 'The resource was not found',
      });
      const direct = server.db.transaction({ kind: 'system' }, (tx) => tx.query(`delete from storage.objects where name = 'no-file.png'`));
      await assert.rejects(direct, (error: unknown) => (error as { code?: string }).code === '42501');
      assert.equal((await server.admin().storage.from('photos').remove(['no-file.png'])).data?.length, 1);
      const route = await server.fetch(`${server.url}/storage/v1/nowhere`);
      assert.equal(route.status, 404);
      assert.deepEqual(await route.json(), {
        statusCode: '404',
        code: 'InvalidRequest',
        error: 'Not Found',
        message: 'Route GET:/nowhere not found',
      });
    });
  });
}
