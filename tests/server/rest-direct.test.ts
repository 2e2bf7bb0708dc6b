import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { restProject } from '../fixtures/rest/support.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the target exactly as given (fetch would normalize `..` and encodings). */
function raw(
  server: TestServer,
  target: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: string } = {},
): Promise<Raw> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        method: options.method ?? 'GET',
        headers: { apikey: server.anonKey, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The headers a client compares: all but the clock's. */
function comparable(headers: Raw['headers']): Raw['headers'] {
  const { date: _date, ...rest } = headers;
  return rest;
}

async function metric(server: TestServer, series: string): Promise<number> {
  const text = await (await fetch(`${server.url}/_server/metrics`, { headers: { apikey: server.serviceRoleKey } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/**
 * REST requests are answered from Node's request and written to its response without Hono's
 * Fetch objects (decision 261). What a client sees must not depend on which way a request went:
 * targets Hono would normalize (percent-encoded paths, dot segments) still take Hono's way.
 */
for (const backend of testBackends()) {
  describe(`REST answers written straight to the socket on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { project: restProject });
    });
    after(() => server?.close());

    test('every answer carries CORS: a read, an error, a raised error with its own headers, a preflight', async () => {
      const read = await raw(server, '/rest/v1/places?select=id&id=eq.1');
      assert.equal(read.status, 200);
      assert.deepEqual(JSON.parse(read.body), [{ id: 1 }]);
      assert.equal(read.headers['access-control-allow-origin'], '*');
      assert.match(String(read.headers['access-control-expose-headers']), /Content-Range/);
      assert.equal(read.headers['access-control-allow-credentials'], undefined);
      assert.equal(read.headers['content-range'], '0-0/*');
      assert.equal(read.headers['content-length'], String(Buffer.byteLength(read.body)));

      const fromSite = await raw(server, '/rest/v1/places?select=id&id=eq.1', { headers: { origin: 'https://example.com' } });
      // As hosted's gateway: any origin as `*`, never an origin reflected with credentials (decision 300).
      assert.equal(fromSite.headers['access-control-allow-origin'], '*');
      assert.equal(fromSite.headers['access-control-allow-credentials'], undefined);

      const missing = await raw(server, '/rest/v1/no_such_table', { headers: { origin: 'https://example.com' } });
      assert.equal(missing.status, 404);
      assert.equal((JSON.parse(missing.body) as { code: string }).code, 'PGRST205');
      assert.equal(missing.headers['access-control-allow-origin'], '*');

      const raised = await raw(server, '/rest/v1/rpc/fail_custom', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(raised.status, 402);
      assert.equal(raised.headers['x-powered-by'], 'Nerd Rage');
      assert.equal(raised.headers['access-control-allow-origin'], '*');

      const preflight = await raw(server, '/rest/v1/places', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.com',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'x-custom, prefer',
        },
      });
      assert.equal(preflight.status, 200);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
      assert.equal(preflight.headers['access-control-allow-headers'], 'x-custom, prefer');
      assert.match(String(preflight.headers['access-control-allow-methods']), /PATCH/);
    });

    test('a target Hono would normalize is answered exactly as its plain form', async () => {
      const pairs: Array<[string, string]> = [
        ['/rest/v1/places?select=id,name&id=eq.1', '/rest/v1/%70laces?select=id,name&id=eq.1'],
        ['/rest/v1/places?select=id,name&order=id&limit=2', '/rest/v1/other/../places?select=id,name&order=id&limit=2'],
        ['/rest/v1/places?select=id&name=eq.Corner%20Cafe', '/rest/v1/./places?select=id&name=eq.Corner%20Cafe'],
        ['/rest/v1/no_such_table?select=id', '/rest/v1/no_such_t%61ble?select=id'],
      ];
      for (const [plain, normalized] of pairs) {
        const [a, b] = [
          await raw(server, plain, { headers: { origin: 'https://example.com' } }),
          await raw(server, normalized, { headers: { origin: 'https://example.com' } }),
        ];
        assert.equal(a.status, b.status, normalized);
        assert.equal(a.body, b.body, normalized);
        assert.deepEqual(comparable(a.headers), comparable(b.headers), normalized);
      }
    });

    test('the metrics count and time each answer once, preflights included', async () => {
      const ok = 'pinstar_http_requests_total{service="rest",method="GET",status="200"}';
      const notFound = 'pinstar_http_requests_total{service="rest",method="GET",status="404"}';
      const preflights = 'pinstar_http_requests_total{service="rest",method="OPTIONS",status="200"}';
      const timed = 'pinstar_http_request_duration_seconds_count{service="rest"}';
      const before = await Promise.all([ok, notFound, preflights, timed].map((s) => metric(server, s)));
      for (let i = 0; i < 3; i++) assert.equal((await raw(server, `/rest/v1/places?select=id&id=eq.${i + 1}`)).status, 200);
      assert.equal((await raw(server, '/rest/v1/no_such_table')).status, 404);
      const preflight = await raw(server, '/rest/v1/places', {
        method: 'OPTIONS',
        headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.status, 200);
      const afterwards = await Promise.all([ok, notFound, preflights, timed].map((s) => metric(server, s)));
      assert.deepEqual(
        afterwards.map((n, i) => n - (before[i] ?? 0)),
        [3, 1, 1, 5],
      );
    });
  });
}
