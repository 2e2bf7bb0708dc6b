import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { verifyLink, waitForMail } from '../e2e/support/mailbox.ts';
import { freePort } from '../support/free-port.ts';
import { repoRoot, startTestServer, testBackends, type TestServer } from '../support/server.ts';

const authToml = (siteUrl: string) =>
  [
    '[auth]',
    `site_url = "${siteUrl}"`,
    'additional_redirect_urls = ["http://localhost:54321/**", "http://127.0.0.1:54321/**"]',
    '[auth.rate_limit]',
    'email_sent = 1000',
    '[auth.email]',
    'enable_confirmations = true',
    'max_frequency = "0s"',
  ].join('\n');

/** A project with the boot fixture's schema and this config.toml. */
function projectWith(toml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-origin-'));
  cpSync(path.join(repoRoot, 'tests/fixtures/boot/good'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'config.toml'), toml);
  return dir;
}

/** Where the verify link of the newest mail to `email` sends the browser. */
async function landing(origin: string, email: string, subject: RegExp, since: number): Promise<URL> {
  const link = verifyLink(await waitForMail(origin, email, subject, since));
  assert.equal(new URL(link).origin, origin, 'the mailed link points at the serving origin');
  const response = await fetch(link, { redirect: 'manual' });
  assert.equal(response.status, 303);
  return new URL(response.headers.get('location') ?? '');
}

for (const backend of testBackends()) {
  describe(`mailed links and redirects follow the serving origin (${backend})`, () => {
    let server: TestServer;
    let project: string;
    let origin: string;
    before(async () => {
      project = projectWith(authToml('http://localhost:54321'));
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = await startTestServer(backend, { project, port, env: { API_EXTERNAL_URL: origin } });
    });
    after(async () => {
      await server?.close();
      rmSync(project, { recursive: true, force: true });
    });

    test('the default site_url becomes the serving origin: sign-up without a redirect lands there', async () => {
      const email = `origin-${Date.now()}@example.com`;
      const since = Date.now();
      const { error } = await server.client().auth.signUp({ email, password: 'a long password' });
      assert.equal(error, null);
      const to = await landing(origin, email, /confirm/i, since);
      assert.equal(to.origin, origin);
    });

    test('a redirect on the default redirect URL follows too: recovery keeps the requested page', async () => {
      const email = `origin-recover-${Date.now()}@example.com`;
      await server.admin().auth.admin.createUser({ email, password: 'a long password', email_confirm: true });
      const since = Date.now();
      const { error } = await server.client().auth.resetPasswordForEmail(email, { redirectTo: `${origin}/auth/reset-password` });
      assert.equal(error, null);
      const to = await landing(origin, email, /reset|password|recover/i, since);
      assert.equal(`${to.origin}${to.pathname}`, `${origin}/auth/reset-password`);
    });
  });
}

describe('a site_url that is a choice is kept', () => {
  test('recovery without a redirect lands on the configured site', async () => {
    const project = projectWith(authToml('https://app.example.com'));
    const server = await startTestServer('pglite', { project });
    try {
      const email = `kept-${Date.now()}@example.com`;
      await server.admin().auth.admin.createUser({ email, password: 'a long password', email_confirm: true });
      const since = Date.now();
      assert.equal((await server.client().auth.resetPasswordForEmail(email)).error, null);
      const to = await landing(server.url, email, /reset|password|recover/i, since);
      assert.equal(to.origin, 'https://app.example.com');
    } finally {
      await server.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
