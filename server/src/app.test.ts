import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openInProcessServer, type InProcessServer } from '../../tests/support/in-process.ts';

/** The composed server answered in-process (through the envelope, no port), on PGlite. */
describe('the server in-process', () => {
  let server: InProcessServer;
  before(async () => {
    server = await openInProcessServer({ project: path.resolve(import.meta.dirname, '../../tests/fixtures/rest') });
  });
  after(() => server?.close());

  test('health answers ok', async () => {
    const res = await server.request('/_server/health');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
  });

  test('a CORS preflight is answered as the gateway answers it: any origin, no credentials, the requested headers', async () => {
    const res = await server.request('/rest/v1/places', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://example.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'x-custom, prefer',
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /x-custom/);
  });

  test('auth settings list the providers and the sign-up switches', async () => {
    const res = await server.request('/auth/v1/settings', { headers: { apikey: server.anonKey } });
    assert.equal(res.status, 200);
    const settings = (await res.json()) as { external: Record<string, boolean>; disable_signup: boolean; mailer_autoconfirm: boolean };
    assert.equal(settings.external.email, true);
    assert.equal(typeof settings.disable_signup, 'boolean');
    assert.equal(typeof settings.mailer_autoconfirm, 'boolean');
  });

  test('a REST read filters, orders and pages, with Range and an exact count', async () => {
    const res = await server.request('/rest/v1/places?select=id,name&category=eq.cafe&order=id.desc', {
      headers: { apikey: server.anonKey, prefer: 'count=exact', range: '0-0' },
    });
    assert.equal(res.status, 206);
    assert.equal(res.headers.get('content-range'), '0-0/2');
    assert.deepEqual(await res.json(), [{ id: 4, name: 'Corner Cafe' }]);
  });

  test('a REST error leaves in PostgREST shape', async () => {
    const res = await server.request('/rest/v1/places?id=nope.1', { headers: { apikey: server.anonKey } });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      code: 'PGRST100',
      details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
      hint: null,
      message: '"failed to parse filter (nope.1)" (line 1, column 1)',
    });
  });
});
