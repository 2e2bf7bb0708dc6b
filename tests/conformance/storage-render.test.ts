import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { errorShape, newUser, storageProject, type TestUser } from '../fixtures/storage/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

/** A 400×300 JPEG with a left half red and a right half blue. */
async function photo(): Promise<Buffer> {
  const half = { width: 200, height: 300, channels: 3 as const };
  const red = await sharp({ create: { ...half, background: '#d00000' } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { ...half, background: '#0000d0' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: blue, left: 200, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

async function imageOf(response: Response): Promise<{ format?: string; width?: number; height?: number }> {
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

for (const target of conformanceTargets()) {
  describe(`storage image transformations on ${target.name}`, () => {
    let server: ConformanceTarget;
    let alice: TestUser;
    let bob: TestUser;
    let path: string;
    const render = (route: string, query: string, headers: Record<string, string> = {}) =>
      server.fetch(`${server.url}/storage/v1/render/image/${route}?${query}`, { headers: { apikey: server.anonKey, ...headers } });
    const asAlice = () => ({ authorization: `Bearer ${alice.token}` });

    before(async () => {
      server = await target.start(storageProject);
      alice = await newUser(server);
      bob = await newUser(server);
      path = `${alice.id}/photo.jpg`;
      const up = await alice.client.storage
        .from('avatars')
        .upload(path, await photo(), { contentType: 'image/jpeg', cacheControl: '86400' });
      assert.equal(up.error, null);
    });
    after(() => server?.close());

    test('download with a transform goes through render/image/authenticated and keeps the type', async () => {
      const res = await alice.client.storage.from('avatars').download(path, { transform: { width: 200, height: 200 } });
      assert.equal(res.error, null);
      assert.equal(res.data?.type, 'image/jpeg');
      const meta = await sharp(Buffer.from(await res.data!.arrayBuffer())).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 200, 200]);
      const other = await bob.client.storage.from('avatars').download(path, { transform: { width: 200 } });
      assert.deepEqual(errorShape(other.error), { status: 400, statusCode: '404', code: 'NoSuchKey', message: 'Object not found' });
    });

    test('resize cover, contain and fill; one side keeps the ratio; quality; never enlarged', async () => {
      const shape = async (query: string) => {
        const res = await render(`authenticated/avatars/${path}`, query, asAlice());
        assert.equal(res.status, 200, query);
        return { transformations: res.headers.get('x-transformations'), ...(await imageOf(res)) };
      };
      assert.deepEqual(await shape('width=100&height=100'), {
        transformations: 'height:100,width:100,resizing_type:fill',
        format: 'jpeg',
        width: 100,
        height: 100,
      });
      assert.deepEqual(await shape('width=100&height=100&resize=contain'), {
        transformations: 'height:100,width:100,resizing_type:fit',
        format: 'jpeg',
        width: 100,
        height: 75,
      });
      assert.deepEqual(await shape('width=100&height=100&resize=fill'), {
        transformations: 'height:100,width:100,resizing_type:force',
        format: 'jpeg',
        width: 100,
        height: 100,
      });
      assert.deepEqual(await shape('width=200'), {
        transformations: 'width:200,resizing_type:fill',
        format: 'jpeg',
        width: 200,
        height: 150,
      });
      assert.deepEqual(await shape('height=600&width=800'), {
        transformations: 'height:600,width:800,resizing_type:fill',
        format: 'jpeg',
        width: 400,
        height: 300,
      });
      const low = await render(`authenticated/avatars/${path}`, 'width=300&quality=20', asAlice());
      const high = await render(`authenticated/avatars/${path}`, 'width=300&quality=100', asAlice());
      assert.equal(low.headers.get('x-transformations'), 'width:300,resizing_type:fill,quality:20');
      assert.ok(Number(low.headers.get('content-length')) < Number(high.headers.get('content-length')));
    });

    test('format: webp and avif on request, WebP for clients that accept it, origin keeps JPEG', async () => {
      const webp = await render(`authenticated/avatars/${path}`, 'width=50&format=webp', asAlice());
      assert.equal(webp.headers.get('content-type'), 'image/webp');
      assert.equal(webp.headers.get('x-transformations'), 'width:50,resizing_type:fill,format:webp');
      assert.equal((await imageOf(webp)).format, 'webp');
      const avif = await render(`authenticated/avatars/${path}`, 'width=50&format=avif', asAlice());
      assert.equal(avif.headers.get('content-type'), 'image/avif');
      const browser = { ...asAlice(), accept: 'image/avif,image/webp,*/*' };
      const detected = await render(`authenticated/avatars/${path}`, 'width=50', browser);
      assert.equal(detected.headers.get('content-type'), 'image/webp');
      assert.equal(detected.headers.get('vary'), 'Accept');
      const origin = await render(`authenticated/avatars/${path}`, 'width=50&format=origin', browser);
      assert.equal(origin.headers.get('content-type'), 'image/jpeg');
    });

    test('a variant is served from cache: same ETag, 304 on revalidation, the object cache-control, safe headers', async () => {
      const first = await render(`authenticated/avatars/${path}`, 'width=120&height=80', asAlice());
      const second = await render(`authenticated/avatars/${path}`, 'width=120&height=80', asAlice());
      const etag = first.headers.get('etag');
      assert.match(etag ?? '', /^"[0-9a-f]{32}"$/);
      assert.equal(second.headers.get('etag'), etag);
      assert.deepEqual(Buffer.from(await second.arrayBuffer()), Buffer.from(await first.arrayBuffer()));
      assert.equal(first.headers.get('cache-control'), 'max-age=86400');
      assert.equal(first.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(first.headers.get('content-security-policy'), "default-src 'none'; sandbox");
      assert.ok(first.headers.get('last-modified'));
      const again = await render(`authenticated/avatars/${path}`, 'width=120&height=80', { ...asAlice(), 'if-none-match': etag ?? '' });
      assert.equal(again.status, 304);
      const otherVariant = await render(`authenticated/avatars/${path}`, 'width=121&height=80', asAlice());
      assert.notEqual(otherVariant.headers.get('etag'), etag);
      // A new version of the object is a new variant.
      const replaced = await alice.client.storage.from('avatars').update(
        path,
        await sharp(await photo())
          .flop()
          .jpeg()
          .toBuffer(),
        {
          contentType: 'image/jpeg',
          cacheControl: '86400',
        },
      );
      assert.equal(replaced.error, null);
      const fresh = await render(`authenticated/avatars/${path}`, 'width=120&height=80', { ...asAlice(), 'if-none-match': etag ?? '' });
      assert.equal(fresh.status, 200);
      assert.notEqual(fresh.headers.get('etag'), etag);
      // …with the new bytes: the flipped photo is blue on the left.
      const [r, , b] = await sharp(Buffer.from(await fresh.arrayBuffer()))
        .extract({ left: 5, top: 40, width: 1, height: 1 })
        .raw()
        .toBuffer();
      assert.ok((b ?? 0) > 150 && (r ?? 255) < 100, `left pixel is blue, not red (${r}, ${b})`);
    });

    test('a public variant served a moment ago is gone with its object, and a replaced object is drawn anew', async () => {
      const admin = server.admin().storage.from('photos');
      const key = `render-${Date.now()}/photo.jpg`;
      assert.equal((await admin.upload(key, await photo(), { contentType: 'image/jpeg' })).error, null);
      const url = server
        .client()
        .storage.from('photos')
        .getPublicUrl(key, { transform: { width: 40, height: 30 } }).data.publicUrl;
      const served = await server.fetch(url);
      assert.equal(served.status, 200);
      const leftOf = async (response: Response) => [
        ...(await sharp(Buffer.from(await response.arrayBuffer()))
          .extract({ left: 2, top: 15, width: 1, height: 1 })
          .raw()
          .toBuffer()),
      ];
      const [red] = await leftOf(served);
      assert.ok((red ?? 0) > 150, 'the left of the photo is red');
      assert.equal(
        (
          await admin.update(
            key,
            await sharp(await photo())
              .flop()
              .jpeg()
              .toBuffer(),
            { contentType: 'image/jpeg' },
          )
        ).error,
        null,
      );
      const [, , blue] = await leftOf(await server.fetch(url));
      assert.ok((blue ?? 0) > 150, 'the replaced photo is drawn: blue on the left');
      assert.equal((await admin.remove([key])).error, null);
      const gone = await server.fetch(url);
      assert.equal(gone.status, 400);
      assert.equal(((await gone.json()) as { code: string }).code, 'NoSuchKey');
    });

    test('public render: public buckets only; download names the file', async () => {
      const url = server
        .client()
        .storage.from('photos')
        .getPublicUrl('cafe/front.png', { transform: { width: 2, height: 2 } }).data.publicUrl;
      assert.match(url, /\/storage\/v1\/render\/image\/public\/photos\/cafe\/front\.png\?width=2&height=2$/);
      const res = await server.fetch(`${url}&download=small.png`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.equal(res.headers.get('content-disposition'), "attachment; filename=small.png; filename*=UTF-8''small.png");
      assert.deepEqual(await imageOf(res), { format: 'png', width: 2, height: 2 });
      const privateBucket = await render(`public/avatars/${path}`, 'width=10');
      assert.equal(privateBucket.status, 400);
      assert.deepEqual(await privateBucket.json(), {
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      });
    });

    test('signed URLs carry the transformation in the token and render it until they expire', async () => {
      const signed = await alice.client.storage
        .from('avatars')
        .createSignedUrl(path, 60, { transform: { width: 200, height: 200, quality: 60 } });
      assert.equal(signed.error, null);
      const signedUrl = signed.data?.signedUrl ?? '';
      assert.match(signedUrl, /\/storage\/v1\/render\/image\/sign\/avatars\/.+\/photo\.jpg\?token=/);
      const claims = decodeJwt(new URL(signedUrl).searchParams.get('token') ?? '');
      assert.equal(claims.url, `avatars/${path}`);
      assert.equal(claims.scope, 'download');
      assert.equal(claims.transformations, 'height:200,width:200,resize:undefined,quality:60');
      const res = await server.fetch(signedUrl);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-transformations'), 'height:200,width:200,resizing_type:fill,quality:60');
      assert.equal(res.headers.get('expires'), new Date(Number(claims.exp) * 1000).toUTCString());
      assert.ok(Number(res.headers.get('content-length')) > 0);
      assert.deepEqual(await imageOf(res), { format: 'jpeg', width: 200, height: 200 });
      const webp = await alice.client.storage.from('avatars').createSignedUrl(path, 60, {
        // storage-js types `format` as 'origin' only; the service takes webp and avif too.
        transform: { width: 40, format: 'webp', resize: 'contain' } as never,
      });
      const webpClaims = decodeJwt(new URL(webp.data?.signedUrl ?? '').searchParams.get('token') ?? '');
      assert.equal(webpClaims.transformations, 'width:40,resize:contain,format:webp');
      assert.equal(webpClaims.format, 'webp');
      assert.equal((await server.fetch(webp.data?.signedUrl ?? '')).headers.get('content-type'), 'image/webp');
      const plain = await alice.client.storage.from('avatars').createSignedUrl(path, 60, { transform: {} });
      assert.match(plain.data?.signedUrl ?? '', /\/storage\/v1\/object\/sign\//);
      const tampered = signedUrl.replace('/photo.jpg?', '/other.jpg?');
      const refused = await server.fetch(tampered);
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { code: string }).code, 'InvalidSignature');
    });

    test('invalid options and sources are refused in storage-api wording', async () => {
      const quality = await render(`authenticated/avatars/${path}`, 'width=10&quality=10', asAlice());
      assert.equal(quality.status, 400);
      assert.deepEqual(await quality.json(), {
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'InvalidRequest',
        message: 'querystring/quality must be >= 20',
      });
      const resize = await render(`authenticated/avatars/${path}`, 'width=10&resize=stretch', asAlice());
      assert.equal(((await resize.json()) as { message: string }).message, 'querystring/resize must be equal to one of the allowed values');
      const signed = await alice.client.storage.from('avatars').createSignedUrl(path, 60, { transform: { width: -1 } });
      assert.equal(errorShape(signed.error).message, 'body/transform/width must be >= 0');
      await alice.client.storage.from('avatars').upload(`${alice.id}/note.txt`, 'not an image', { contentType: 'text/plain' });
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      await alice.client.storage.from('avatars').upload(`${alice.id}/icon.svg`, svg, { contentType: 'image/svg+xml' });
      for (const name of ['note.txt', 'icon.svg']) {
        const res = await render(`authenticated/avatars/${alice.id}/${name}`, 'width=10', asAlice());
        assert.equal(res.status, 400, name);
        assert.deepEqual(await res.json(), {
          statusCode: '400',
          code: 'InvalidRequest',
          error: 'InvalidRequest',
          message: 'The source image is invalid or unsupported for rendering',
        });
      }
      const noToken = await server.fetch(`${server.url}/storage/v1/render/image/authenticated/avatars/${path}?width=10`);
      assert.equal(noToken.status, 400);
      assert.deepEqual(await noToken.json(), {
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Invalid Compact JWS',
      });
    });
  });
}
