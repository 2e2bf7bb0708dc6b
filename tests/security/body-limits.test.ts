import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertPrompt, sendHuge, type Refusal } from '../support/huge-body.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

for (const backend of testBackends()) {
  describe(`request bodies are bounded before they are parsed on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend);
    });
    after(() => server?.close());

    const endpoints = () => [
      {
        name: 'REST insert',
        url: `${server.url}/rest/v1/places`,
        contentType: 'application/json',
        expect: (r: Refusal) => {
          assert.match(r.contentType ?? '', /^application\/json/);
          assert.deepEqual(JSON.parse(r.body), {
            code: 'PGRST102',
            details: null,
            hint: null,
            message: 'Request body too large: the limit is 8000000 bytes',
          });
        },
      },
      {
        name: 'REST rpc',
        url: `${server.url}/rest/v1/rpc/search_places`,
        contentType: 'application/json',
        expect: (r: Refusal) => assert.equal((JSON.parse(r.body) as { code: string }).code, 'PGRST102'),
      },
      {
        name: 'edge function',
        url: `${server.url}/functions/v1/export-my-data`,
        contentType: 'application/json',
        expect: (r: Refusal) =>
          assert.deepEqual(JSON.parse(r.body), {
            code: 'REQUEST_TOO_LARGE',
            message: 'Request body too large: the limit is 8000000 bytes',
          }),
      },
      {
        name: 'realtime HTTP broadcast',
        url: `${server.url}/realtime/v1/api/broadcast`,
        contentType: 'application/json',
        expect: (r: Refusal) => assert.equal(JSON.parse(r.body), 'Content Too Large'),
      },
    ];

    for (const withKey of [true, false]) {
      for (const chunked of [false, true]) {
        test(`a 200 MB body ${chunked ? 'sent chunked' : 'with its Content-Length'}, ${withKey ? 'with' : 'without'} an API key: 413 once past the limit, memory flat`, async () => {
          for (const endpoint of endpoints()) {
            const keyHeaders: Record<string, string> = withKey ? { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` } : {};
            const refusal = await sendHuge(endpoint.url, { 'Content-Type': endpoint.contentType, ...keyHeaders }, chunked);
            const label = `${endpoint.name}: ${JSON.stringify({ ...refusal, body: refusal.body.slice(0, 200) })}`;
            assert.equal(refusal.status, 413, label);
            endpoint.expect(refusal);
            // The limit is 8 MB; the sender's writes in flight while the 413 goes out come on top.
            assertPrompt(refusal, label, 50);
            // The server may read up to the 8 MB limit (and copy it once) before it refuses; the
            // RSS is the whole test process's. Buffering the body would grow it by 200 MB.
            assert.ok(refusal.rssGrowthMb < 32, label);
          }
        });
      }
    }

    test('a body at the limit still goes through (the function echoes nothing but answers)', async () => {
      const response = await fetch(`${server.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: 'limits', event: 'e', payload: { pad: 'x'.repeat(1000) } }] }),
      });
      assert.equal(response.status, 202);
    });

    test('a REST write with a Content-Type PostgREST does not read gets its 400 PGRST102', async () => {
      const headers = { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` };
      for (const [type, shown] of [
        ['text/html', 'text/html'],
        ['image/png; text/html', 'image/png; text/html'],
        ['text/plain', 'text/plain'],
        ['application/octet-stream', 'application/octet-stream'],
      ] as const) {
        const response = await fetch(`${server.url}/rest/v1/places`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': type },
          body: '{"name":"x"}',
        });
        assert.equal(response.status, 400, type);
        assert.deepEqual(
          await response.json(),
          { code: 'PGRST102', details: null, hint: null, message: `Content-Type not acceptable: ${shown}` },
          type,
        );
      }
      const rpc = await fetch(`${server.url}/rest/v1/rpc/search_places`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/html' },
        body: '{}',
      });
      assert.equal(rpc.status, 400);
      assert.equal(((await rpc.json()) as { message: string }).message, 'Content-Type not acceptable: text/html');
      // JSON with parameters is JSON: the request reaches the table (anon may not insert places).
      const json = await fetch(`${server.url}/rest/v1/places`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
        body: '{"name":"x"}',
      });
      assert.equal(json.status, 401);
    });
  });
}
