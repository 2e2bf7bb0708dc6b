/**
 * Attack: five requests, no password, no mail, and the attacker is signed in as the admin. The
 * emulated provider's consent page signs anyone in as any address, and a verified address joins
 * the account that holds it: /authorize → the consent page (its CSRF token and cookie) → the
 * form with `sam@pinstar.local` → the callback → tokens. It is meant for this machine's browser
 * only; two ways reached it from elsewhere:
 *   (a) DNS rebinding: a page on the attacker's name, rebound to 127.0.0.1, sends every request
 *       with `Host: <attacker's name>`; the emulator had no Host check.
 *   (b) a same-host reverse proxy in front of a server bound to 127.0.0.1: every request comes
 *       from 127.0.0.1, with the proxy's `X-Forwarded-For`, and the emulator trusted the bind.
 * The envelope serves the emulator only to a loopback `Host` with no proxy (decision 302).
 */
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

type Send = (method: string, path: string, headers?: Record<string, string>, body?: string) => Promise<Answer>;

/** A raw HTTP request to `base` with the headers as given (a browser's `Host` included). */
function sender(base: string, extra: Record<string, string> = {}): Send {
  return (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers: { ...extra, ...headers } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** The path and query of a redirect's target (the attacker follows them by hand, through its own way in). */
function pathOf(location: string | undefined): string {
  const url = new URL(location ?? '', 'http://placeholder');
  return `${url.pathname}${url.search}`;
}

/** The five requests; returns the email of whoever the tokens at the end sign in as, or where the chain stopped. */
async function signInAs(send: Send, email: string): Promise<{ signedInAs: string | null; stoppedAt: string }> {
  const authorize = await send('GET', '/auth/v1/authorize?provider=google');
  if (authorize.status !== 302) return { signedInAs: null, stoppedAt: `authorize ${authorize.status}` };
  const page = await send('GET', pathOf(authorize.headers.location));
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  const state = /name="state" value="([^"]+)"/.exec(page.body)?.[1];
  const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  if (page.status !== 200 || !csrf || !state) return { signedInAs: null, stoppedAt: `consent page ${page.status}` };
  const form = new URLSearchParams({ state, csrf, email, name: 'Anyone' }).toString();
  const posted = await send('POST', '/auth/v1/emulator/authorize', { 'content-type': 'application/x-www-form-urlencoded', cookie }, form);
  if (posted.status !== 303) return { signedInAs: null, stoppedAt: `consent form ${posted.status}` };
  const callback = await send('GET', pathOf(posted.headers.location));
  const fragment = new URLSearchParams(new URL(callback.headers.location ?? 'http://x/').hash.slice(1));
  const token = fragment.get('access_token');
  if (!token) return { signedInAs: null, stoppedAt: `callback ${callback.status}` };
  const user = await send('GET', '/auth/v1/user', { authorization: `Bearer ${token}` });
  return { signedInAs: (JSON.parse(user.body) as { email?: string }).email ?? null, stoppedAt: 'signed in' };
}

/** A reverse proxy on this machine in front of `target`, as nginx or Caddy would be configured. */
async function startProxy(target: string, style: 'keep-host' | 'upstream-host'): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined) headers[name] = value;
    headers['x-forwarded-for'] = '203.0.113.7';
    headers['x-forwarded-proto'] = 'https';
    if (style === 'upstream-host') {
      headers['x-forwarded-host'] = String(incoming.headers.host);
      headers.host = upstream.host;
    }
    const forwarded = request(target + (incoming.url ?? '/'), { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const admin = 'sam@pinstar.local';

for (const backend of testBackends()) {
  describe(`the sign-in emulator signs no stranger in on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend);
    });
    after(() => server?.close());

    test("this machine's own browser still signs in with it (the emulator works where it is meant to)", async () => {
      const local = await signInAs(sender(server.url), 'someone-new@example.com');
      assert.deepEqual(local, { signedInAs: 'someone-new@example.com', stoppedAt: 'signed in' });
    });

    test('(a) DNS rebinding: every request names the attacker’s host; the chain stops, nobody is signed in', async () => {
      const port = new URL(server.url).port;
      const rebound = await signInAs(sender(server.url, { host: `rebind.attacker.example:${port}` }), admin);
      assert.equal(rebound.signedInAs, null, rebound.stoppedAt);
      // The consent page itself refuses the foreign name, whatever led there.
      const page = await sender(server.url, { host: `rebind.attacker.example:${port}` })('GET', '/auth/v1/emulator/authorize?state=x');
      assert.equal(page.status, 403);
      assert.doesNotMatch(page.body, /pinstar\.local/);
    });

    for (const style of ['keep-host', 'upstream-host'] as const) {
      test(`(b) through a reverse proxy on this machine (${style === 'keep-host' ? 'Host passed on, as Caddy' : 'Host rewritten to the upstream, as nginx by default'}): nobody is signed in`, async () => {
        const proxy = await startProxy(server.url, style);
        try {
          const proxied = await signInAs(sender(proxy.url), admin);
          assert.equal(proxied.signedInAs, null, proxied.stoppedAt);
          const page = await sender(proxy.url)('GET', '/auth/v1/emulator/authorize?state=x');
          assert.equal(page.status, 403);
          assert.equal(page.headers['access-control-allow-origin'], undefined);
        } finally {
          await proxy.close();
        }
      });
    }
  });

  describe(`the emulator is off, with a line saying why, where it cannot be served safely on ${backend}`, () => {
    for (const [label, env] of [
      ['a reverse proxy is configured', { TRUSTED_PROXIES: '127.0.0.1' }],
      ['API_EXTERNAL_URL is not local', { API_EXTERNAL_URL: 'https://pinstar.example.com' }],
    ] as const) {
      test(label, async () => {
        const warnings: string[] = [];
        const log = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };
        const off = await startTestServer(backend, { override: { seed: false }, env: { ...env, ALLOW_DEMO_KEYS: '1' }, log });
        try {
          const res = await fetch(`${off.url}/auth/v1/authorize?provider=google`, { redirect: 'manual' });
          assert.equal(res.status, 400);
          assert.ok(
            warnings.some((w) => /google has no real client_id; its sign-in emulator/.test(w)),
            warnings.join('\n'),
          );
        } finally {
          await off.close();
        }
      });
    }
  });
}
