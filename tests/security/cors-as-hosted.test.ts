/**
 * Attack: a page on another origin, opened by someone who runs the server, reads what the
 * server shows that person. The API reflected any `Origin` together with
 * `Access-Control-Allow-Credentials: true`, local pages included, so the page could read the
 * sign-in emulator's consent page (up to 50 accounts' emails, and its form's CSRF token) and
 * follow a redirect chain to read where it ended. Now CORS is the gateway's as hosted answers it
 * (any origin as `*`, never credentials), and the local-only pages send no CORS headers at all.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { startOtherOrigin, type OtherOrigin } from './support.ts';

interface Attempts {
  consentPage: string;
  consentPageWithCredentials: string;
  redirectEnd: string;
  redirectEndWithCredentials: string;
  restRead: string;
}

const attackScript = (victim: string, apikey: string) => `(async () => {
  const attempt = async (run) => { try { return await run(); } catch (error) { return 'blocked: ' + error.name; } };
  const authorize = ${JSON.stringify(`${victim}/auth/v1/authorize?provider=google`)};
  const consent = ${JSON.stringify(`${victim}/auth/v1/emulator/authorize?provider=google&state=`)} + 'x';
  return {
    consentPage: await attempt(async () => (await fetch(consent)).text()),
    consentPageWithCredentials: await attempt(async () => (await fetch(consent, { credentials: 'include' })).text()),
    redirectEnd: await attempt(async () => { const r = await fetch(authorize); return r.url + ' ' + (await r.text()); }),
    redirectEndWithCredentials: await attempt(async () => { const r = await fetch(authorize, { credentials: 'include' }); return r.url + ' ' + (await r.text()); }),
    restRead: await attempt(async () => String((await fetch(${JSON.stringify(`${victim}/rest/v1/places?select=id&limit=1`)}, { headers: { apikey: ${JSON.stringify(apikey)} } })).status)),
  };
})()`;

for (const backend of testBackends()) {
  describe(`CORS as hosted's gateway answers it on ${backend}`, () => {
    let server: TestServer;
    let browser: Browser;
    let attacker: OtherOrigin;

    before(async () => {
      server = await startTestServer(backend);
      browser = await launchBrowser();
      attacker = await startOtherOrigin('<!doctype html><title>Free prizes</title><p>Nothing to see.</p>');
    });
    after(async () => {
      await browser?.close();
      await attacker?.close();
      await server?.close();
    });

    test('a page on another origin in Chromium reads neither the consent page nor where a redirect chain ends', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(attacker.url);
      const result = await page.evaluate<Attempts>(attackScript(server.url, server.anonKey));
      await context.close();
      assert.equal(result.consentPage, 'blocked: TypeError');
      assert.equal(result.consentPageWithCredentials, 'blocked: TypeError');
      assert.equal(result.redirectEnd, 'blocked: TypeError');
      assert.equal(result.redirectEndWithCredentials, 'blocked: TypeError');
      assert.ok(!JSON.stringify(result).includes('pinstar.local'));
      assert.ok(!JSON.stringify(result).includes('csrf'));
      // The API itself stays open to every origin, as hosted: a plain read works.
      assert.equal(result.restRead, '200');
    });

    test('no answer reflects an origin with credentials; the local pages send no CORS header at all, preflights included', async () => {
      const origin = 'https://attacker.example';
      const paths = [
        '/rest/v1/places?select=id&limit=1',
        '/auth/v1/settings',
        '/storage/v1/bucket',
        '/realtime/v1/api/broadcast',
        '/auth/v1/authorize?provider=google',
      ];
      for (const path of paths) {
        const res = await fetch(`${server.url}${path}`, { headers: { origin, apikey: server.anonKey }, redirect: 'manual' });
        assert.equal(res.headers.get('access-control-allow-origin'), '*', path);
        assert.equal(res.headers.get('access-control-allow-credentials'), null, path);
        const preflight = await fetch(`${server.url}${path}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, content-type' },
        });
        assert.equal(preflight.status, 200, path);
        assert.equal(preflight.headers.get('access-control-allow-origin'), '*', path);
        assert.equal(preflight.headers.get('access-control-allow-credentials'), null, path);
      }
      for (const path of ['/auth/v1/emulator/authorize?state=x', '/_dev/mail/api/messages']) {
        for (const method of ['GET', 'OPTIONS']) {
          const res = await fetch(`${server.url}${path}`, {
            method,
            headers: { origin, 'access-control-request-method': 'GET' },
          });
          const cors = [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
          assert.deepEqual(cors, [], `${method} ${path}`);
        }
      }
    });
  });
}
