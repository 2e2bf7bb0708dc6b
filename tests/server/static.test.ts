import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { repoRoot, startTestServer, type TestServer } from '../support/server.ts';

describe('serving the web app', () => {
  let server: TestServer;
  let script: string;
  before(async () => {
    server = await startTestServer('pglite', { web: true });
    const html = await (await fetch(`${server.url}/`)).text();
    // The entry is loaded by an inline script after the first paint, so find the entry among the chunk names it lists.
    const match = /"(\/assets\/index-[^"]+\.js)"/.exec(html);
    assert.ok(match?.[1], 'index.html names its entry script');
    script = match[1];
  });
  after(() => server?.close());

  test('answers client-side routes with index.html carrying the anon key', async () => {
    const response = await fetch(`${server.url}/places/some-id?x=1`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const html = await response.text();
    assert.ok(html.includes(`<meta name="supabase-anon-key" content="${server.anonKey}" />`));
  });

  test('compresses assets with brotli or gzip as the client accepts, byte-identical once decoded', async () => {
    const plain = Buffer.from(await (await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // Node's fetch decodes bodies itself; read the raw bytes through a plain HTTP request.
      const { headers, body } = await rawGet(`${server.url}${script}`, accept);
      assert.equal(headers['content-encoding'], encoding);
      assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(body.byteLength < plain.byteLength / 2, `${encoding} is much smaller`);
      assert.deepEqual(decode(body), plain);
    }
  });

  test("sends the build's brotli copy of an asset, made at the highest quality, as it is", async () => {
    // web/vite.config.ts writes <file>.br beside every script: the server answers with those bytes
    const built = readFileSync(path.join(repoRoot, 'web/dist', `${script}.br`));
    const { headers, body } = await rawGet(`${server.url}${script}`, 'br');
    assert.equal(headers['content-encoding'], 'br');
    assert.deepEqual(body, built);
    const plain = readFileSync(path.join(repoRoot, 'web/dist', script));
    const atNine = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    assert.ok(
      body.byteLength < atNine.byteLength,
      `the built copy (${body.byteLength} B) is smaller than quality 9's (${atNine.byteLength} B)`,
    );
  });

  test('answers a missing asset with 404, not the app', async () => {
    const response = await fetch(`${server.url}/assets/missing-123.js`);
    assert.equal(response.status, 404);
  });
});

async function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
