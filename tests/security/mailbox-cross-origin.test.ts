import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { Logger } from '../../server/src/lib/log.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { startOtherOrigin, type OtherOrigin } from './support.ts';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What the attacker's page gets back from each attempt (the page has no DOM types here: a string). */
interface AttackResult {
  recover: number;
  read: string;
  readWithCredentials: string;
  clear: string;
}

const attackScript = (victim: string, apikey: string, email: string) => `(async () => {
  const attempt = async (run) => { try { return await run(); } catch (error) { return 'blocked: ' + error.name; } };
  const recover = await fetch(${JSON.stringify(`${victim}/auth/v1/recover`)}, {
    method: 'POST', headers: { apikey: ${JSON.stringify(apikey)}, 'Content-Type': 'application/json' }, body: JSON.stringify({ email: ${JSON.stringify(email)} }),
  });
  const inbox = ${JSON.stringify(`${victim}/_dev/mail/api/messages`)};
  return {
    recover: recover.status,
    read: await attempt(async () => (await fetch(inbox)).text()),
    readWithCredentials: await attempt(async () => (await fetch(inbox, { credentials: 'include' })).text()),
    clear: await attempt(async () => String((await fetch(inbox, { method: 'DELETE' })).status)),
  };
})()`;

/** A request with a Host header of our choosing (fetch keeps its own), as a rebound DNS name sends it. */
function statusForHost(url: string, method: string, host: string): Promise<{ status: number; cors: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { Host: host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, cors: response.headers['access-control-allow-origin'] });
    });
    req.on('error', reject);
    req.end();
  });
}

async function mailbox(server: TestServer, email: string): Promise<MailMessage[]> {
  const response = await fetch(`${server.url}/_dev/mail/api/messages?to=${encodeURIComponent(email)}`);
  assert.equal(response.status, 200);
  return (await response.json()) as MailMessage[];
}

for (const backend of testBackends()) {
  describe(`local mailbox against another origin on ${backend}`, () => {
    let server: TestServer;
    let browser: Browser;
    let attacker: OtherOrigin;
    const email = `victim-${Date.now().toString(36)}@example.com`;

    before(async () => {
      server = await startTestServer(backend);
      const created = await server.admin().auth.admin.createUser({ email, password: 'victim-password-1', email_confirm: true });
      assert.equal(created.error, null);
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await attacker?.close();
      await server?.close();
    });

    test('a page on another origin asks for a recovery mail but can neither read nor clear the mailbox', async () => {
      attacker = await startOtherOrigin('<!doctype html><title>Free prizes</title><p>Nothing to see.</p>');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(attacker.url);
      const result = await page.evaluate<AttackResult>(attackScript(server.url, server.anonKey, email));
      await context.close();

      // Auth is open to every origin, as hosted: the mail is sent...
      assert.equal(result.recover, 200);
      const mails = await mailbox(server, email);
      assert.equal(mails.length, 1);
      assert.match(mails[0]?.subject ?? '', /reset/i);
      // ...but its link never reaches the attacker's page, and the mailbox is not emptied.
      assert.equal(result.read, 'blocked: TypeError');
      assert.equal(result.readWithCredentials, 'blocked: TypeError');
      assert.equal(result.clear, 'blocked: TypeError');
      assert.match(`${mails[0]?.text}`, /token_hash=/, 'the mail carries a link that signs its reader in');
      assert.ok(!JSON.stringify(result).includes('token_hash') && !JSON.stringify(result).includes('/auth/v1/verify'));
      assert.equal((await mailbox(server, email)).length, 1);
    });

    test('no CORS headers, and requests marked as cross-origin or for another host are refused', async () => {
      const inbox = `${server.url}/_dev/mail/api/messages`;
      const preflight = await fetch(inbox, {
        method: 'OPTIONS',
        headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'DELETE' },
      });
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null);
      for (const headers of [{ Origin: 'http://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }]) {
        for (const method of ['GET', 'DELETE']) {
          const response = await fetch(inbox, { method, headers });
          assert.equal(response.status, 403, `${method} with ${JSON.stringify(headers)}`);
          assert.equal(response.headers.get('access-control-allow-origin'), null);
          assert.equal(response.headers.get('access-control-allow-credentials'), null);
        }
      }
      for (const method of ['GET', 'DELETE']) {
        // DNS rebinding: a name the attacker controls, resolved to this machine, is same-origin to the browser.
        assert.deepEqual(
          await statusForHost(inbox, method, `evil.example:${new URL(server.url).port}`),
          { status: 403, cors: undefined },
          method,
        );
      }
      const page = await fetch(`${server.url}/_dev/mail`, { headers: { Origin: 'http://evil.example' } });
      assert.equal(page.status, 403);
      const own = await fetch(inbox);
      assert.equal(own.status, 200);
      assert.equal(own.headers.get('access-control-allow-origin'), null);
      assert.equal(own.headers.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal((await mailbox(server, email)).length, 1);
    });

    test('a page on the server’s own origin still reads the code and clears the mailbox', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/_dev/mail`);
      const read = await page.evaluate<string>(`fetch('/_dev/mail/api/messages?to=${encodeURIComponent(email)}').then((r) => r.text())`);
      // the project's recovery template links to the app's /auth/confirm with the token's hash
      assert.match(read, /token_hash=[0-9a-f]{20,}&type=recovery/);
      const cleared = await page.evaluate<number>(`fetch('/_dev/mail/api/messages', { method: 'DELETE' }).then((r) => r.status)`);
      assert.equal(cleared, 204);
      await context.close();
      assert.equal((await mailbox(server, email)).length, 0);
    });
  });
}

describe('local mailbox on a non-loopback address', () => {
  test('is off unless MAILBOX_ALLOW_REMOTE=1, which serves it with a warning at start', async () => {
    const off = await startTestServer('pglite', { override: { host: '0.0.0.0', allowDemoKeys: true } });
    try {
      assert.equal((await fetch(`${off.url}/_dev/mail/api/messages`)).status, 404);
    } finally {
      await off.close();
    }
    const warnings: string[] = [];
    const log: Logger = { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };
    const on = await startTestServer('pglite', { override: { host: '0.0.0.0', mailboxAllowRemote: true, allowDemoKeys: true }, log });
    try {
      assert.equal((await fetch(`${on.url}/_dev/mail/api/messages`)).status, 200);
      assert.equal(warnings.filter((w) => w.includes('MAILBOX_ALLOW_REMOTE')).length, 1);
    } finally {
      await on.close();
    }
  });
});
