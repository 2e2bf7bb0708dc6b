import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newUser, randomBytes, sha256, storageProject, type TestUser } from '../fixtures/storage/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

for (const target of conformanceTargets()) {
  describe(`storage resumable uploads (TUS) on ${target.name}`, () => {
    let server: ConformanceTarget;
    let alice: TestUser;
    let bob: TestUser;
    before(async () => {
      server = await target.start(storageProject);
      alice = await newUser(server);
      bob = await newUser(server);
    });
    after(() => server?.close());

    const create = (
      user: TestUser,
      objectName: string,
      length: number,
      init: { body?: Uint8Array<ArrayBuffer>; contentType?: string } = {},
    ) =>
      server.fetch(`${server.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${user.token}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(length),
          'Upload-Metadata': `bucketName ${b64('avatars')},objectName ${b64(objectName)},contentType ${b64(init.contentType ?? 'image/png')},cacheControl ${b64('60')}`,
          ...(init.body ? { 'Content-Type': 'application/offset+octet-stream' } : {}),
        },
        ...(init.body ? { body: init.body } : {}),
      });
    const patch = (user: TestUser, location: string, offset: number, body: Uint8Array<ArrayBuffer>) =>
      server.fetch(location, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${user.token}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body,
      });
    const head = (user: TestUser, location: string) =>
      server.fetch(location, { method: 'HEAD', headers: { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' } });

    test('create, send in chunks, resume from the offset, and get the object', async () => {
      const bytes = randomBytes(300_000);
      const created = await create(alice, `${alice.id}/resumable.png`, bytes.length);
      assert.equal(created.status, 201);
      const location = created.headers.get('location') ?? '';
      assert.match(created.headers.get('access-control-expose-headers') ?? '', /Upload-Offset/);
      assert.match(location, new RegExp(`^${server.url}/storage/v1/upload/resumable/[A-Za-z0-9_-]+$`));
      const first = await patch(alice, location, 0, bytes.slice(0, 100_000));
      assert.equal(first.status, 204);
      assert.equal(first.headers.get('upload-offset'), '100000');
      const state = await head(alice, location);
      assert.equal(state.headers.get('upload-offset'), '100000');
      assert.equal(state.headers.get('upload-length'), '300000');
      const stale = await patch(alice, location, 0, bytes.slice(0, 10));
      assert.equal(stale.status, 409);
      assert.equal((await head(bob, location)).status, 404);
      assert.equal((await alice.client.storage.from('avatars').exists(`${alice.id}/resumable.png`)).data, false);
      const last = await patch(alice, location, 100_000, bytes.slice(100_000));
      assert.equal(last.status, 204);
      assert.equal(last.headers.get('upload-offset'), '300000');
      const down = await alice.client.storage.from('avatars').download(`${alice.id}/resumable.png`);
      assert.equal(sha256(await down.data!.arrayBuffer()), sha256(bytes));
      const info = await alice.client.storage.from('avatars').info(`${alice.id}/resumable.png`);
      assert.equal(info.data?.cacheControl, 'max-age=60');
      assert.equal((await head(alice, location)).status, 404);
    });

    test('creation with upload, termination, and the same checks as a plain upload', async () => {
      const small = randomBytes(1000);
      const oneShot = await create(alice, `${alice.id}/one-shot.png`, small.length, { body: small });
      assert.equal(oneShot.status, 201);
      assert.equal(oneShot.headers.get('upload-offset'), '1000');
      assert.equal((await alice.client.storage.from('avatars').exists(`${alice.id}/one-shot.png`)).data, true);

      const pending = await create(alice, `${alice.id}/abandoned.png`, 10);
      const location = pending.headers.get('location') ?? '';
      const terminated = await server.fetch(location, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${alice.token}`, 'Tus-Resumable': '1.0.0' },
      });
      assert.equal(terminated.status, 204);
      assert.equal((await head(alice, location)).status, 404);

      const intrusion = await create(bob, `${alice.id}/intrusion.png`, 10);
      assert.equal(intrusion.status, 403);
      assert.equal(await intrusion.text(), 'new row violates row-level security policy');
      const tooBig = await create(alice, `${alice.id}/huge.png`, 1024 * 1024 + 1);
      assert.equal(tooBig.status, 413);
      const wrongType = await create(alice, `${alice.id}/doc.pdf`, 10, { contentType: 'application/pdf' });
      assert.equal(wrongType.status, 415);
      assert.equal(await wrongType.text(), 'mime type application/pdf is not supported');
      const dup = await create(alice, `${alice.id}/one-shot.png`, 10);
      assert.equal(dup.status, 409);
      const overflow = await create(alice, `${alice.id}/overflow.png`, 10);
      const overflowAt = overflow.headers.get('location') ?? '';
      const tooMuch = await patch(alice, overflowAt, 0, randomBytes(11));
      assert.equal(tooMuch.status, 413);
      assert.equal((await head(alice, overflowAt)).status, 404);
      assert.equal((await alice.client.storage.from('avatars').exists(`${alice.id}/overflow.png`)).data, false);
    });
  });
}
