/**
 * Attack: a 200 MB body, with or without a key, to any route of any service. Every request
 * passes the envelope (decision 300), which refuses it by its Content-Length at once, or cuts a
 * chunked body at the first byte past the route's limit, with a 413 in the service's own shape.
 * The routes come from the router itself, so a route added tomorrow is in this test tomorrow.
 * (Before the envelope, the emulator's consent form buffered such bodies whole — +2.3 GB — and
 * sign-up read 500 MB before answering 413.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertPrompt, sendHuge, type Refusal } from '../support/huge-body.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

interface Route {
  method: string;
  path: string;
}

/** A concrete path for a route pattern: each parameter and wildcard becomes a plain segment. */
function concrete(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, 'x').replace(/\*/g, 'x') || '/';
}

/** Every method and path the router holds (middleware and route marks included: they share their route's pattern). */
function mountedRoutes(server: TestServer): Route[] {
  const seen = new Map<string, Route>();
  for (const route of server.app.routes) {
    const method = route.method === 'ALL' ? 'POST' : route.method;
    const path = concrete(route.path);
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** The 413 in the shape of the service the path belongs to. */
function assertServiceShape(path: string, refusal: Refusal, label: string, method = 'POST'): void {
  if (method === 'HEAD') return; // no body to read
  const json = () => JSON.parse(refusal.body) as Record<string, unknown>;
  if (path.startsWith('/auth/v1/')) assert.equal(json().error_code, 'request_too_large', label);
  else if (path.startsWith('/rest/v1/')) assert.equal(json().code, 'PGRST102', label);
  else if (path.startsWith('/storage/v1/s3')) assert.match(refusal.body, /<Code>EntityTooLarge<\/Code>/, label);
  else if (path.startsWith('/storage/v1/')) assert.deepEqual(json().statusCode, '413', label);
  else if (path.startsWith('/functions/v1/')) assert.equal(json().code, 'REQUEST_TOO_LARGE', label);
  else if (path.startsWith('/realtime/v1/')) assert.equal(JSON.parse(refusal.body), 'Content Too Large', label);
  else if (path.startsWith('/_server/') || path.startsWith('/_dev/')) assert.match(String(json().message), /too large/i, label);
  else assert.equal(refusal.body, 'Payload Too Large', label);
}

for (const backend of testBackends()) {
  describe(`every mounted route refuses a 200 MB body on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { override: { seed: false } });
    });
    after(() => server?.close());

    test('the router holds every service (a route added anywhere is enumerated here)', () => {
      const paths = mountedRoutes(server).map((r) => r.path);
      for (const prefix of ['/auth/v1/', '/rest/v1/', '/storage/v1/', '/functions/v1/', '/realtime/v1/', '/_server/', '/_dev/mail'])
        assert.ok(
          paths.some((p) => p.startsWith(prefix)),
          prefix,
        );
      assert.ok(paths.includes('/auth/v1/emulator/authorize'));
      assert.ok(mountedRoutes(server).length > 80, `${mountedRoutes(server).length} routes`);
    });

    test('with its Content-Length: 413 in the service shape before the body is read, for every route, with and without a key', async () => {
      for (const route of mountedRoutes(server)) {
        for (const headers of [{}, { apikey: server.anonKey, Authorization: `Bearer ${server.serviceRoleKey}` }] as Record<
          string,
          string
        >[]) {
          const refusal = await sendHuge(`${server.url}${route.path}`, headers, false, route.method);
          const label = `${route.method} ${route.path}: ${JSON.stringify({ ...refusal, body: refusal.body.slice(0, 200) })}`;
          assert.equal(refusal.status, 413, label);
          assertServiceShape(route.path, refusal, label, route.method);
          assertPrompt(refusal, label, 50);
        }
      }
    });

    test('sent chunked: cut at the limit with a 413 in the service shape, for every route that reads no stream', async () => {
      // Storage's uploads stream to disk and may answer (no such bucket, no permission) before reading: below.
      // S3 authenticates every request by its signature before it reads a byte (an unsigned one
      // gets AccessDenied at once, tested below); a signed upload past a bucket's limit gets
      // EntityTooLarge (tests/conformance/storage-s3.test.ts).
      const streamed = /^\/storage\/v1\/(object\/x\/x|object\/upload\/sign\/x\/x|upload\/resumable|s3)/;
      for (const route of mountedRoutes(server)) {
        if (streamed.test(route.path) && ['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
        const refusal = await sendHuge(`${server.url}${route.path}`, {}, true, route.method);
        const label = `${route.method} ${route.path}: ${JSON.stringify({ ...refusal, body: refusal.body.slice(0, 200) })}`;
        assert.equal(refusal.status, 413, label);
        assertServiceShape(route.path, refusal, label, route.method);
        assertPrompt(refusal, label, 50);
      }
    });

    test('S3: a chunked unsigned body is refused with AccessDenied before it is read; a declared 200 MB with EntityTooLarge', async () => {
      for (const chunked of [true, false]) {
        for (const method of ['PUT', 'POST']) {
          const refusal = await sendHuge(`${server.url}/storage/v1/s3/bucket/key.bin`, {}, chunked, method);
          const label = `${method} chunked=${chunked}: ${JSON.stringify({ ...refusal, body: refusal.body.slice(0, 200) })}`;
          assert.equal(refusal.status, chunked ? 403 : 413, label);
          assert.match(refusal.body, chunked ? /<Code>AccessDenied<\/Code>/ : /<Code>EntityTooLarge<\/Code>/, label);
          assertPrompt(refusal, label, 50);
        }
      }
    });

    test('a streamed upload past storage file_size_limit (50 MiB) is cut with storage 413, the object not stored', async () => {
      const admin = server.admin();
      assert.equal((await admin.storage.createBucket('unbounded', { public: false })).error, null);
      const refusal = await sendHuge(
        `${server.url}/storage/v1/object/unbounded/big.bin`,
        { Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/octet-stream' },
        true,
      );
      const label = JSON.stringify({ ...refusal, body: refusal.body.slice(0, 200) });
      assert.equal(refusal.status, 413, label);
      assertServiceShape('/storage/v1/', refusal, label);
      // The answer comes before the body ends. How much the sender writes meanwhile is the
      // machine's speed: the rest of a refused body is read and dropped while the 413 goes out
      // (decision 300), and a fast machine drops 70 MB in the 200 ms that takes.
      assertPrompt(refusal, label, 200);
      const { data } = await admin.storage.from('unbounded').list();
      assert.deepEqual(data, []);
    });

    test('six 200 MB bodies at once: the server process grows by less than 50 MB', async () => {
      const targets = [
        ['POST', '/auth/v1/emulator/authorize'],
        ['POST', '/auth/v1/signup'],
        ['POST', '/rest/v1/places'],
        ['POST', '/functions/v1/export-my-data'],
        ['POST', '/realtime/v1/api/broadcast'],
        ['POST', '/storage/v1/object/list/avatars'],
      ] as const;
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const refusals = await Promise.all(targets.map(([method, path]) => sendHuge(`${server.url}${path}`, {}, true, method)));
      clearInterval(sampler);
      for (const [i, refusal] of refusals.entries()) assert.equal(refusal.status, 413, targets[i]?.[1] ?? '');
      const growthMb = (Math.max(peak, ...refusals.map((r) => r.rssGrowthMb * 2 ** 20 + before)) - before) / 2 ** 20;
      assert.ok(growthMb < 50, `grew ${growthMb.toFixed(1)} MB`);
    });
  });
}
