import assert from 'node:assert/strict';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { newUser, randomBytes, sha256, type TestUser } from '../fixtures/storage/helpers.ts';
import { repoRoot } from '../support/server.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

/**
 * Storage's S3 protocol at /storage/v1/s3 through the AWS SDK, as hosted Supabase documents it:
 * the service credentials (RLS bypassed) and a user's session (access key id = project_id,
 * secret = anon key, session token = the user's access token; RLS applies). Objects written
 * here are read through the Storage API, and back.
 */
const s3Project = path.join(repoRoot, 'tests/fixtures/s3/project');

function s3Client(
  server: ConformanceTarget,
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string },
  extra = {},
) {
  return new S3Client({ endpoint: `${server.url}/storage/v1/s3`, forcePathStyle: true, region: server.s3.region, credentials, ...extra });
}

async function s3Failure(promise: Promise<unknown>): Promise<{ name: string; status: number | undefined }> {
  try {
    await promise;
  } catch (error: unknown) {
    if (error instanceof S3ServiceException) return { name: error.name, status: error.$metadata.httpStatusCode };
    throw error;
  }
  assert.fail('the request succeeded');
}

async function bytesOf(body: { transformToByteArray(): Promise<Uint8Array> } | undefined): Promise<Uint8Array> {
  assert.ok(body);
  return body.transformToByteArray();
}

// The AWS SDK's S3 client has its own HTTP client: the target listens, as for any S3 tool.
for (const target of conformanceTargets({ listen: true })) {
  describe(`storage's S3 protocol on ${target.name}`, () => {
    let server: ConformanceTarget;
    let service: S3Client;
    let alice: TestUser;
    let bob: TestUser;
    let asAlice: S3Client;
    before(async () => {
      server = await target.start(s3Project);
      service = s3Client(server, server.s3);
      alice = await newUser(server);
      bob = await newUser(server);
      asAlice = s3Client(server, { accessKeyId: 's3-fixture', secretAccessKey: server.anonKey, sessionToken: alice.token });
    });
    after(() => server?.close());

    test('service keys: buckets are listed, created and found', async () => {
      const listed = await service.send(new ListBucketsCommand({}));
      assert.ok(listed.Buckets?.some((b) => b.Name === 'files'));
      await service.send(new CreateBucketCommand({ Bucket: 'made-by-s3' }));
      await service.send(new HeadBucketCommand({ Bucket: 'made-by-s3' }));
      assert.deepEqual(await s3Failure(service.send(new HeadBucketCommand({ Bucket: 'no-such-bucket' }))), {
        name: 'NotFound',
        status: 404,
      });
      assert.equal((await s3Failure(service.send(new CreateBucketCommand({ Bucket: 'made-by-s3' })))).status, 409);
      const { data } = await server.admin().storage.getBucket('made-by-s3');
      assert.equal(data?.public, false);
    });

    test('PutObject, GetObject with a range, HeadObject; the Storage API reads it, and S3 reads what the Storage API wrote', async () => {
      const bytes = randomBytes(200_000);
      const put = await service.send(
        new PutObjectCommand({ Bucket: 'files', Key: 'shared/photo.bin', Body: bytes, ContentType: 'image/webp' }),
      );
      assert.match(put.ETag ?? '', /^"[0-9a-f]{32}"$/);
      const got = await service.send(new GetObjectCommand({ Bucket: 'files', Key: 'shared/photo.bin' }));
      assert.equal(got.ContentType, 'image/webp');
      assert.equal(got.ContentLength, bytes.length);
      assert.equal(got.ETag, put.ETag);
      assert.equal(sha256(await bytesOf(got.Body)), sha256(bytes));
      const part = await service.send(new GetObjectCommand({ Bucket: 'files', Key: 'shared/photo.bin', Range: 'bytes=100-199' }));
      assert.equal(part.ContentRange, `bytes 100-199/${bytes.length}`);
      assert.deepEqual(await bytesOf(part.Body), bytes.subarray(100, 200));
      const head = await service.send(new HeadObjectCommand({ Bucket: 'files', Key: 'shared/photo.bin' }));
      assert.equal(head.ContentLength, bytes.length);
      assert.equal(
        (await s3Failure(service.send(new GetObjectCommand({ Bucket: 'files', Key: 'shared/photo.bin', Range: 'bytes=999999-' })))).status,
        416,
      );

      // A stream of unknown bytes goes as aws-chunked with a trailing CRC32 (the SDK's default).
      const streamed = await service.send(
        new PutObjectCommand({
          Bucket: 'files',
          Key: 'shared/streamed.txt',
          Body: Readable.from([Buffer.from('in '), Buffer.from('chunks')]),
          ContentLength: 9,
        }),
      );
      assert.ok(streamed.ETag);
      assert.equal(
        await (await service.send(new GetObjectCommand({ Bucket: 'files', Key: 'shared/streamed.txt' }))).Body?.transformToString(),
        'in chunks',
      );

      const viaApi = await server.admin().storage.from('files').download('shared/photo.bin');
      assert.equal(sha256(await viaApi.data!.arrayBuffer()), sha256(bytes));
      const upload = await server
        .admin()
        .storage.from('files')
        .upload('shared/from-api.txt', 'written by the Storage API', { contentType: 'text/plain' });
      assert.equal(upload.error, null);
      const back = await service.send(new GetObjectCommand({ Bucket: 'files', Key: 'shared/from-api.txt' }));
      assert.equal(await back.Body?.transformToString(), 'written by the Storage API');
      assert.equal(back.ContentType, 'text/plain');
    });

    test("PutObject past the bucket's file_size_limit: EntityTooLarge, nothing stored, as with the Storage API", async () => {
      assert.equal((await server.admin().storage.createBucket('small-files', { public: false, fileSizeLimit: 1024 })).error, null);
      const refused = await s3Failure(
        service.send(new PutObjectCommand({ Bucket: 'small-files', Key: 'big.bin', Body: randomBytes(4096) })),
      );
      assert.deepEqual(refused, { name: 'EntityTooLarge', status: 413 });
      const streamed = await s3Failure(
        service.send(
          new PutObjectCommand({
            Bucket: 'small-files',
            Key: 'streamed.bin',
            Body: Readable.from([randomBytes(3000)]),
            ContentLength: 3000,
          }),
        ),
      );
      assert.deepEqual(streamed, { name: 'EntityTooLarge', status: 413 });
      const listed = await service.send(new ListObjectsV2Command({ Bucket: 'small-files' }));
      assert.equal(listed.KeyCount, 0);
      await service.send(new PutObjectCommand({ Bucket: 'small-files', Key: 'fits.bin', Body: randomBytes(1024) }));
      assert.equal((await service.send(new ListObjectsV2Command({ Bucket: 'small-files' }))).KeyCount, 1);
    });

    test('ListObjectsV2 with a prefix, a delimiter and pages', async () => {
      for (const key of ['list/a.txt', 'list/b/1.txt', 'list/b/2.txt', 'list/c/1.txt', 'list/d.txt'])
        await service.send(new PutObjectCommand({ Bucket: 'files', Key: key, Body: key }));
      const grouped = await service.send(new ListObjectsV2Command({ Bucket: 'files', Prefix: 'list/', Delimiter: '/' }));
      assert.deepEqual(
        grouped.Contents?.map((o) => o.Key),
        ['list/a.txt', 'list/d.txt'],
      );
      assert.deepEqual(
        grouped.CommonPrefixes?.map((p) => p.Prefix),
        ['list/b/', 'list/c/'],
      );
      assert.equal(grouped.Contents?.[0]?.Size, 'list/a.txt'.length);
      const seen: string[] = [];
      let token: string | undefined;
      do {
        const page = await service.send(
          new ListObjectsV2Command({ Bucket: 'files', Prefix: 'list/', MaxKeys: 2, ContinuationToken: token }),
        );
        assert.ok((page.KeyCount ?? 0) <= 2);
        seen.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      assert.deepEqual(seen, ['list/a.txt', 'list/b/1.txt', 'list/b/2.txt', 'list/c/1.txt', 'list/d.txt']);
    });

    test('CopyObject, DeleteObject and DeleteObjects', async () => {
      await service.send(new PutObjectCommand({ Bucket: 'files', Key: 'copy/source.txt', Body: 'copy me', ContentType: 'text/plain' }));
      const copied = await service.send(
        new CopyObjectCommand({ Bucket: 'files', Key: 'copy/target.txt', CopySource: 'files/copy/source.txt' }),
      );
      assert.ok(copied.CopyObjectResult?.ETag);
      const target = await service.send(new GetObjectCommand({ Bucket: 'files', Key: 'copy/target.txt' }));
      assert.equal(await target.Body?.transformToString(), 'copy me');
      await service.send(new DeleteObjectCommand({ Bucket: 'files', Key: 'copy/source.txt' }));
      assert.equal((await s3Failure(service.send(new HeadObjectCommand({ Bucket: 'files', Key: 'copy/source.txt' })))).status, 404);
      await service.send(new PutObjectCommand({ Bucket: 'files', Key: 'copy/other.txt', Body: 'x' }));
      const removed = await service.send(
        new DeleteObjectsCommand({ Bucket: 'files', Delete: { Objects: [{ Key: 'copy/target.txt' }, { Key: 'copy/other.txt' }] } }),
      );
      assert.deepEqual(removed.Deleted?.map((d) => d.Key).sort(), ['copy/other.txt', 'copy/target.txt']);
      const left = await service.send(new ListObjectsV2Command({ Bucket: 'files', Prefix: 'copy/' }));
      assert.equal(left.KeyCount, 0);
    });

    test('multipart upload: create, upload parts, list them, complete; and abort', async () => {
      const first = randomBytes(5 * 1024 * 1024);
      const second = randomBytes(123_456);
      const created = await service.send(
        new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/object.bin', ContentType: 'application/zip' }),
      );
      const UploadId = created.UploadId;
      assert.ok(UploadId);
      const one = await service.send(
        new UploadPartCommand({ Bucket: 'files', Key: 'big/object.bin', UploadId, PartNumber: 1, Body: first }),
      );
      const two = await service.send(
        new UploadPartCommand({ Bucket: 'files', Key: 'big/object.bin', UploadId, PartNumber: 2, Body: second }),
      );
      const parts = await service.send(new ListPartsCommand({ Bucket: 'files', Key: 'big/object.bin', UploadId }));
      assert.deepEqual(
        parts.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag]),
        [
          [1, first.length, one.ETag],
          [2, second.length, two.ETag],
        ],
      );
      const done = await service.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'files',
          Key: 'big/object.bin',
          UploadId,
          MultipartUpload: {
            Parts: [
              { PartNumber: 1, ETag: one.ETag },
              { PartNumber: 2, ETag: two.ETag },
            ],
          },
        }),
      );
      assert.match(done.ETag ?? '', /^"[0-9a-f]{32}-2"$/);
      const got = await service.send(new GetObjectCommand({ Bucket: 'files', Key: 'big/object.bin' }));
      assert.equal(got.ContentType, 'application/zip');
      const joined = new Uint8Array(first.length + second.length);
      joined.set(first);
      joined.set(second, first.length);
      assert.equal(sha256(await bytesOf(got.Body)), sha256(joined));
      assert.equal((await s3Failure(service.send(new ListPartsCommand({ Bucket: 'files', Key: 'big/object.bin', UploadId })))).status, 404);

      const aborted = await service.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/aborted.bin' }));
      await service.send(
        new UploadPartCommand({ Bucket: 'files', Key: 'big/aborted.bin', UploadId: aborted.UploadId, PartNumber: 1, Body: second }),
      );
      await service.send(new AbortMultipartUploadCommand({ Bucket: 'files', Key: 'big/aborted.bin', UploadId: aborted.UploadId }));
      const gone = await s3Failure(
        service.send(new ListPartsCommand({ Bucket: 'files', Key: 'big/aborted.bin', UploadId: aborted.UploadId })),
      );
      assert.deepEqual(gone, { name: 'NoSuchUpload', status: 404 });
      // Parts out of order, or too small before the last, are refused as S3 refuses them.
      const small = await service.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/small.bin' }));
      const a = await service.send(
        new UploadPartCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId: small.UploadId, PartNumber: 1, Body: second }),
      );
      const b = await service.send(
        new UploadPartCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId: small.UploadId, PartNumber: 2, Body: second }),
      );
      const complete = (list: Array<{ PartNumber: number; ETag: string | undefined }>) =>
        service.send(
          new CompleteMultipartUploadCommand({
            Bucket: 'files',
            Key: 'big/small.bin',
            UploadId: small.UploadId,
            MultipartUpload: { Parts: list },
          }),
        );
      assert.equal(
        (
          await s3Failure(
            complete([
              { PartNumber: 1, ETag: a.ETag },
              { PartNumber: 2, ETag: b.ETag },
            ]),
          )
        ).name,
        'EntityTooSmall',
      );
      assert.equal(
        (
          await s3Failure(
            complete([
              { PartNumber: 2, ETag: b.ETag },
              { PartNumber: 1, ETag: a.ETag },
            ]),
          )
        ).name,
        'InvalidPartOrder',
      );
      assert.equal((await s3Failure(complete([{ PartNumber: 3, ETag: a.ETag }]))).name, 'InvalidPart');
      assert.equal((await s3Failure(complete([{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }]))).name, 'InvalidPart');
    });

    test('a presigned URL works until X-Amz-Expires, and is refused after it or when altered', async () => {
      await service.send(
        new PutObjectCommand({ Bucket: 'files', Key: 'presigned/a.txt', Body: 'shared by link', ContentType: 'text/plain' }),
      );
      const signedAt = Date.now();
      const url = await getSignedUrl(service, new GetObjectCommand({ Bucket: 'files', Key: 'presigned/a.txt' }), { expiresIn: 5 });
      const fresh = await fetch(url);
      assert.equal(fresh.status, 200);
      assert.equal(await fresh.text(), 'shared by link');
      const altered = await fetch(url.replace('presigned/a.txt', 'presigned/b.txt'));
      assert.equal(altered.status, 403);
      assert.match(await altered.text(), /<Code>SignatureDoesNotMatch<\/Code>/);
      // X-Amz-Date has whole seconds: a second past the 5 s is past them whatever the rounding.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, signedAt + 7000 - Date.now())));
      const expired = await fetch(url);
      assert.equal(expired.status, 403);
      assert.match(await expired.text(), /<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);
    });

    test("a user's session: its own folder only, as RLS decides", async () => {
      const mine = `${alice.id}/notes.txt`;
      await asAlice.send(new PutObjectCommand({ Bucket: 'files', Key: mine, Body: 'mine', ContentType: 'text/plain' }));
      const read = await alice.client.storage.from('files').download(mine);
      assert.equal(await read.data?.text(), 'mine');
      const owner = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ owner_id: string }>('select owner_id from storage.objects where bucket_id = $1 and name = $2', ['files', mine]),
      );
      assert.equal(owner.rows[0]?.owner_id, alice.id);

      await bob.client.storage.from('files').upload(`${bob.id}/secret.txt`, 'bob only', { contentType: 'text/plain' });
      const intoBobs = await s3Failure(asAlice.send(new PutObjectCommand({ Bucket: 'files', Key: `${bob.id}/planted.txt`, Body: 'x' })));
      assert.equal(intoBobs.status, 403);
      assert.equal((await s3Failure(asAlice.send(new GetObjectCommand({ Bucket: 'files', Key: `${bob.id}/secret.txt` })))).status, 404);
      const listed = await asAlice.send(new ListObjectsV2Command({ Bucket: 'files' }));
      assert.deepEqual(
        listed.Contents?.map((o) => o.Key),
        [mine],
      );
      const removal = await asAlice.send(
        new DeleteObjectsCommand({ Bucket: 'files', Delete: { Objects: [{ Key: `${bob.id}/secret.txt` }] } }),
      );
      assert.deepEqual(
        removal.Errors?.map((e) => [e.Key, e.Code]),
        [[`${bob.id}/secret.txt`, 'AccessDenied']],
      );
      assert.equal((await s3Failure(asAlice.send(new DeleteObjectCommand({ Bucket: 'files', Key: `${bob.id}/secret.txt` })))).status, 403);
      const still = await bob.client.storage.from('files').download(`${bob.id}/secret.txt`);
      assert.equal(await still.data?.text(), 'bob only');
      // Another user's multipart upload is not theirs to finish.
      const bobs = s3Client(server, { accessKeyId: 's3-fixture', secretAccessKey: server.anonKey, sessionToken: bob.token });
      const started = await bobs.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: `${bob.id}/big.bin` }));
      const foreign = asAlice.send(
        new UploadPartCommand({ Bucket: 'files', Key: `${bob.id}/big.bin`, UploadId: started.UploadId, PartNumber: 1, Body: 'x' }),
      );
      assert.equal((await s3Failure(foreign)).status, 403);
    });

    test('hostile: a bad signature, an unknown key, a forged session, an expired request, a traversal in a key, a body changed after signing', async () => {
      const wrongSecret = s3Client(server, { ...server.s3, secretAccessKey: `${server.s3.secretAccessKey}0` });
      assert.deepEqual(await s3Failure(wrongSecret.send(new ListBucketsCommand({}))), { name: 'SignatureDoesNotMatch', status: 403 });
      const unknown = s3Client(server, { ...server.s3, accessKeyId: 'not-a-key' });
      assert.deepEqual(await s3Failure(unknown.send(new ListBucketsCommand({}))), { name: 'InvalidAccessKeyId', status: 403 });
      const forged = s3Client(server, {
        accessKeyId: 's3-fixture',
        secretAccessKey: server.anonKey,
        sessionToken: `${alice.token.slice(0, -4)}AAAA`,
      });
      assert.equal((await s3Failure(forged.send(new ListObjectsV2Command({ Bucket: 'files' })))).name, 'AccessDenied');
      // A session signed with the service secret is not a session: the secret must be the anon key.
      const mixed = s3Client(server, { accessKeyId: 's3-fixture', secretAccessKey: server.s3.secretAccessKey, sessionToken: alice.token });
      assert.equal((await s3Failure(mixed.send(new ListBucketsCommand({})))).name, 'SignatureDoesNotMatch');
      // Signed 20 minutes ago (and not retried with the server's clock, as the SDK otherwise would).
      const late = s3Client(server, server.s3, { systemClockOffset: -20 * 60_000, maxAttempts: 1 });
      assert.deepEqual(await s3Failure(late.send(new ListBucketsCommand({}))), { name: 'RequestTimeTooSkewed', status: 403 });
      for (const key of [`${alice.id}/../${bob.id}/x.txt`, '../../etc/passwd', `${alice.id}/./x.txt`, `${alice.id}//x.txt`]) {
        const failure = await s3Failure(asAlice.send(new PutObjectCommand({ Bucket: 'files', Key: key, Body: 'x' })));
        assert.deepEqual(failure, { name: 'InvalidKey', status: 400 }, key);
      }
      // A body changed after signing (same length) is refused, and nothing is stored.
      const tampered = s3Client(server, server.s3);
      tampered.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { body?: unknown };
          if (typeof request.body === 'string' || request.body instanceof Uint8Array) request.body = Buffer.from('evil bytes');
          return next(args);
        },
        { step: 'deserialize', name: 'tamperAfterSigning' },
      );
      const changed = await s3Failure(tampered.send(new PutObjectCommand({ Bucket: 'files', Key: 'shared/x.txt', Body: 'good bytes' })));
      assert.deepEqual(changed, { name: 'XAmzContentSHA256Mismatch', status: 400 });
      const written = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ name: string }>(`select name from storage.objects where name like '%x.txt' or name like '%passwd'`),
      );
      assert.deepEqual(written.rows, []);
    });
  });
}
