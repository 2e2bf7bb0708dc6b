import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorShape, newUser, randomBytes, sha256, storageProject, type TestUser } from '../fixtures/storage/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets()) {
  describe(`storage buckets, signed URLs, move/copy, config on ${target.name}`, () => {
    let server: ConformanceTarget;
    let alice: TestUser;
    let bob: TestUser;
    before(async () => {
      server = await target.start(storageProject);
      alice = await newUser(server);
      bob = await newUser(server);
    });
    after(() => server?.close());

    test('buckets API: create, get, list, update, empty, delete, and their errors', async () => {
      const admin = server.admin().storage;
      const created = await admin.createBucket('docs', { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['application/pdf'] });
      assert.deepEqual(created, { data: { name: 'docs' }, error: null });
      const got = await admin.getBucket('docs');
      assert.equal(got.error, null);
      assert.equal(got.data?.public, false);
      assert.equal(got.data?.file_size_limit, 2_000_000);
      assert.deepEqual(got.data?.allowed_mime_types, ['application/pdf']);
      assert.match(String(got.data?.created_at), /^\d{4}-\d{2}-\d{2}T/);
      const dup = await admin.createBucket('docs');
      assert.deepEqual(errorShape(dup.error), {
        status: 400,
        statusCode: '409',
        code: 'BucketAlreadyExists',
        message: 'The resource already exists',
      });
      const bad = await admin.createBucket('bad/name');
      assert.deepEqual(errorShape(bad.error), {
        status: 400,
        statusCode: '400',
        code: 'InvalidBucketName',
        message: 'Bucket name invalid',
      });
      const tooBig = await admin.createBucket('huge', { public: false, fileSizeLimit: '9GB' });
      assert.equal(errorShape(tooBig.error).code, 'EntityTooLarge');
      const byUser = await alice.client.storage.createBucket('mine');
      assert.deepEqual(errorShape(byUser.error), {
        status: 400,
        statusCode: '403',
        code: 'AccessDenied',
        message: 'new row violates row-level security policy',
      });

      const listed = await alice.client.storage.listBuckets();
      assert.deepEqual(listed.data?.map((b) => b.id).sort(), ['avatars', 'docs', 'photos']);
      const searched = await admin.listBuckets({ search: 'pho' });
      assert.deepEqual(
        searched.data?.map((b) => b.id),
        ['photos'],
      );

      assert.deepEqual(await admin.updateBucket('docs', { public: true, allowedMimeTypes: ['image/*'] }), {
        data: { message: 'Successfully updated' },
        error: null,
      });
      assert.equal((await admin.getBucket('docs')).data?.public, true);
      const notMine = await alice.client.storage.updateBucket('docs', { public: false });
      assert.equal(errorShape(notMine.error).code, 'NoSuchBucket');

      // An images-only bucket checks leading bytes: this one starts as a PNG does.
      const pngStart = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      assert.equal((await admin.from('docs').upload('x.png', new Blob([pngStart], { type: 'image/png' }))).error, null);
      const notEmpty = await admin.deleteBucket('docs');
      assert.deepEqual(errorShape(notEmpty.error), {
        status: 400,
        statusCode: '409',
        code: 'ResourceNotEmpty',
        message: 'The bucket you tried to delete is not empty',
      });
      const emptyByUser = await alice.client.storage.emptyBucket('docs');
      assert.deepEqual(errorShape(emptyByUser.error), {
        status: 403,
        statusCode: '403',
        code: 'AccessDenied',
        message: 'Access denied: Invalid role',
      });
      assert.equal((await admin.emptyBucket('docs')).error, null);
      assert.deepEqual((await admin.from('docs').list()).data, []);
      assert.deepEqual(await admin.deleteBucket('docs'), { data: { message: 'Successfully deleted' }, error: null });
      const gone = await admin.getBucket('docs');
      assert.deepEqual(errorShape(gone.error), { status: 400, statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
    });

    test('buckets and objects from config.toml: settings applied, objects_path seeded, public URLs', async () => {
      const photos = await server.admin().storage.getBucket('photos');
      assert.equal(photos.data?.public, true);
      assert.deepEqual(photos.data?.allowed_mime_types, ['image/png', 'image/jpeg', 'text/plain; charset=utf-8']);
      const avatars = await server.admin().storage.getBucket('avatars');
      assert.equal(avatars.data?.file_size_limit, 1024 * 1024);
      const seeded = await server
        .client()
        .storage.from('photos')
        .list('', { sortBy: { column: 'name', order: 'asc' } });
      assert.deepEqual(
        seeded.data?.map((e) => e.name),
        ['cafe', 'welcome.txt'],
      );
      const { readFile } = await import('node:fs/promises');
      const original = await readFile(`${storageProject}/seed-photos/cafe/front.png`);
      const url = server.client().storage.from('photos').getPublicUrl('cafe/front.png').data.publicUrl;
      const response = await server.fetch(url);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/png');
      assert.equal(sha256(await response.arrayBuffer()), sha256(original));
      const privateUrl = server.client().storage.from('avatars').getPublicUrl(`${alice.id}/x.png`).data.publicUrl;
      assert.deepEqual(await (await server.fetch(privateUrl)).json(), {
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      });
      const download = server.client().storage.from('photos').getPublicUrl('welcome.txt', { download: 'hello.txt' }).data.publicUrl;
      const attached = await server.fetch(download);
      assert.equal(attached.headers.get('content-disposition'), "attachment; filename=hello.txt; filename*=UTF-8''hello.txt");
      assert.equal(await attached.text(), 'Welcome to the photo bucket.\n');
    });

    test('signed download URLs: one path, many paths, only that path, only until expiry', async () => {
      const bytes = randomBytes(2048);
      await alice.client.storage.from('avatars').upload(`${alice.id}/signed.png`, new Blob([bytes], { type: 'image/png' }));
      await alice.client.storage.from('avatars').upload(`${alice.id}/other.png`, new Blob(['o'], { type: 'image/png' }));
      const signed = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/signed.png`, 60);
      assert.equal(signed.error, null);
      const response = await server.fetch(signed.data!.signedUrl);
      assert.equal(response.status, 200);
      assert.equal(sha256(await response.arrayBuffer()), sha256(bytes));
      assert.ok(response.headers.get('expires'));

      const token = new URL(signed.data!.signedUrl).searchParams.get('token');
      const elsewhere = await server.fetch(`${server.url}/storage/v1/object/sign/avatars/${alice.id}/other.png?token=${token}`);
      assert.deepEqual(await elsewhere.json(), {
        statusCode: '400',
        code: 'InvalidSignature',
        error: 'InvalidSignature',
        message: 'Invalid signature',
      });
      const forged = await server.fetch(`${server.url}/storage/v1/object/sign/avatars/${alice.id}/signed.png?token=${token}x`);
      assert.equal(((await forged.json()) as { code: string }).code, 'InvalidJWT');
      const asUpload = await server.fetch(`${server.url}/storage/v1/object/upload/sign/avatars/${alice.id}/signed.png?token=${token}`, {
        method: 'PUT',
        body: 'overwrite',
        headers: { 'Content-Type': 'image/png' },
      });
      assert.deepEqual(await asUpload.json(), {
        statusCode: '400',
        code: 'InvalidSignature',
        error: 'InvalidSignature',
        message: 'Token is not scoped for upload',
      });

      const bobSign = await bob.client.storage.from('avatars').createSignedUrl(`${alice.id}/signed.png`, 60);
      assert.equal(errorShape(bobSign.error).code, 'NoSuchKey');
      const many = await alice.client.storage.from('avatars').createSignedUrls([`${alice.id}/signed.png`, `${alice.id}/missing.png`], 60);
      assert.equal(many.data?.[0]?.error, null);
      assert.equal((await server.fetch(String(many.data?.[0]?.signedUrl))).status, 200);
      assert.equal(many.data?.[1]?.error, 'Either the object does not exist or you do not have access to it');

      const short = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/signed.png`, 1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await server.fetch(short.data!.signedUrl);
      assert.equal(expired.status, 400);
      assert.deepEqual(await expired.json(), {
        statusCode: '400',
        code: 'InvalidJWT',
        error: 'InvalidJWT',
        message: '"exp" claim timestamp check failed',
      });
    });

    test('signed upload URLs: the signer must be allowed; the upload keeps the signer as owner', async () => {
      const path = `${alice.id}/via-signed.txt`;
      const denied = await bob.client.storage.from('avatars').createSignedUploadUrl(path);
      assert.equal(errorShape(denied.error).code, 'AccessDenied');
      const signed = await alice.client.storage.from('avatars').createSignedUploadUrl(path);
      assert.equal(signed.error, null);
      const up = await server
        .client()
        .storage.from('avatars')
        .uploadToSignedUrl(path, signed.data!.token, new Blob(['signed body'], { type: 'text/plain' }));
      assert.equal(up.error, null);
      assert.equal(up.data?.fullPath, `avatars/${path}`);
      const row = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ owner_id: string }>(`select owner_id from storage.objects where bucket_id = 'avatars' and name = $1`, [path]),
      );
      assert.equal(row.rows[0]?.owner_id, alice.id);
      assert.equal(await (await alice.client.storage.from('avatars').download(path)).data?.text(), 'signed body');
      const again = await server
        .client()
        .storage.from('avatars')
        .uploadToSignedUrl(path, signed.data!.token, new Blob(['again'], { type: 'text/plain' }));
      assert.equal(errorShape(again.error).code, 'KeyAlreadyExists');
      const wrongPath = await server
        .client()
        .storage.from('avatars')
        .uploadToSignedUrl(`${alice.id}/elsewhere.txt`, signed.data!.token, new Blob(['x'], { type: 'text/plain' }));
      assert.equal(errorShape(wrongPath.error).code, 'InvalidSignature');
    });

    test('move and copy: within the caller’s rights, bytes intact', async () => {
      const s = alice.client.storage.from('avatars');
      const bytes = randomBytes(5000);
      await s.upload(`${alice.id}/mv/a.png`, new Blob([bytes], { type: 'image/png' }));
      const moved = await s.move(`${alice.id}/mv/a.png`, `${alice.id}/mv/b.png`);
      assert.equal(moved.error, null);
      assert.equal(moved.data?.message, 'Successfully moved');
      assert.equal((await s.exists(`${alice.id}/mv/a.png`)).data, false);
      assert.equal(sha256(await (await s.download(`${alice.id}/mv/b.png`)).data!.arrayBuffer()), sha256(bytes));
      const intoBob = await s.move(`${alice.id}/mv/b.png`, `${bob.id}/stolen.png`);
      assert.deepEqual(errorShape(intoBob.error), {
        status: 400,
        statusCode: '403',
        code: 'AccessDenied',
        message: 'new row violates row-level security policy',
      });
      const bobMoves = await bob.client.storage.from('avatars').move(`${alice.id}/mv/b.png`, `${bob.id}/stolen.png`);
      assert.equal(errorShape(bobMoves.error).code, 'NoSuchKey');

      const copied = await s.copy(`${alice.id}/mv/b.png`, `${alice.id}/mv/c.png`);
      assert.deepEqual(copied, { data: { path: `avatars/${alice.id}/mv/c.png` }, error: null });
      assert.equal(sha256(await (await s.download(`${alice.id}/mv/c.png`)).data!.arrayBuffer()), sha256(bytes));
      const copyExisting = await s.copy(`${alice.id}/mv/b.png`, `${alice.id}/mv/c.png`);
      assert.equal(errorShape(copyExisting.error).code, 'KeyAlreadyExists');
      await s.remove([`${alice.id}/mv/b.png`]);
      assert.equal(sha256(await (await s.download(`${alice.id}/mv/c.png`)).data!.arrayBuffer()), sha256(bytes));
      const crossBucket = await server
        .admin()
        .storage.from('avatars')
        .copy(`${alice.id}/mv/c.png`, 'copies/c.png', { destinationBucket: 'photos' });
      assert.equal(crossBucket.error, null);
      assert.equal((await server.fetch(server.client().storage.from('photos').getPublicUrl('copies/c.png').data.publicUrl)).status, 200);
    });
  });
}
