/**
 * Attack: the emulated provider's consent page signs anyone in as any address, and a verified
 * address joins the account that holds it. On a server reachable from other machines that would
 * be a way into every account, so Pinstar's own config (Google and GitHub emulated) served on a
 * non-loopback HOST offers no provider at all, and its consent page is not there.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readProjectToml } from '../../server/src/lib/config.ts';
import { repoRoot, startTestServer, testBackends, type TestServer } from '../support/server.ts';

test("Pinstar's config asks for the emulator in a way the Supabase CLI accepts (an enabled provider needs a client id and secret)", () => {
  const external = (readProjectToml(path.join(repoRoot, 'supabase')).auth as { external: Record<string, Record<string, unknown>> })
    .external;
  const enabled = Object.entries(external).filter(([, p]) => p.enabled === true);
  assert.deepEqual(
    enabled.map(([name]) => name),
    ['google', 'github'],
  );
  for (const [name, provider] of enabled) {
    assert.equal(provider.client_id, 'emulator', name);
    assert.ok(typeof provider.secret === 'string' && provider.secret !== '', `${name} has a secret`);
  }
});

for (const backend of testBackends()) {
  describe(`emulated providers and the bind address on ${backend}`, () => {
    let loopback: TestServer;
    let remote: TestServer;
    before(async () => {
      loopback = await startTestServer(backend, { override: { seed: false } });
      remote = await startTestServer(backend, { override: { seed: false }, env: { HOST: '0.0.0.0', ALLOW_DEMO_KEYS: '1' } });
    });
    after(async () => {
      await loopback?.close();
      await remote?.close();
    });

    const external = async (server: TestServer) =>
      (
        (await (await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json()) as {
          external: Record<string, boolean>;
        }
      ).external;

    test('on a loopback bind, Google and GitHub are emulated', async () => {
      const on = await external(loopback);
      assert.equal(on.google, true);
      assert.equal(on.github, true);
      const res = await fetch(`${loopback.url}/auth/v1/authorize?provider=google`, { redirect: 'manual' });
      assert.equal(res.status, 302);
      assert.equal(new URL(res.headers.get('location') ?? '').pathname, '/auth/v1/emulator/authorize');
    });

    test('on 0.0.0.0 the same config offers no provider and no consent page', async () => {
      const off = await external(remote);
      assert.equal(off.google, false);
      assert.equal(off.github, false);
      const res = await fetch(`${remote.url}/auth/v1/authorize?provider=google`, { redirect: 'manual' });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { msg: string }).msg, 'Unsupported provider: provider is not enabled');
      const page = await fetch(`${remote.url}/auth/v1/emulator/authorize?state=x`);
      assert.equal(page.status, 400);
      assert.doesNotMatch(await page.text(), /name="email"/);
    });
  });
}
