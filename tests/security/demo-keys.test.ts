/**
 * Attack: the Supabase CLI's JWT secret, demo keys and built-in signing key are public (every
 * local stack uses them). A server others can reach that still signs with them lets anyone mint
 * a service_role token, an OAuth `state` that sends the browser to their site with the sign-in
 * result, or a storage URL to a private file. Such a server no longer starts (decision 301)
 * unless ALLOW_DEMO_KEYS=1 says so, which is warned about; with its own secrets, whatever is
 * forged with the public ones is refused.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importJWK, SignJWT } from 'jose';
import { defaultJwtSecret } from '../../server/src/lib/config.ts';
import { cliDefaultSigningKey } from '../../server/src/lib/signing-keys.ts';
import { startServer } from '../../server/src/server.ts';
import { repoRoot, startTestServer, testBackends, type TestServer } from '../support/server.ts';

const demoSecret = new TextEncoder().encode(defaultJwtSecret);

/** Starts the app's own project as a deployment would, without a database of the tests' own (it stops before opening one). */
async function startWith(env: NodeJS.ProcessEnv, warnings: string[] = []): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-demo-keys-'));
  try {
    const server = await startServer({
      projectDir: path.join(repoRoot, 'supabase'),
      port: 0,
      dataDir,
      webDist: null,
      env: { ...process.env, DATABASE_URL: '', ...env },
      log: { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined },
      override: { logRequests: false, seed: false },
    });
    return async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  } catch (error: unknown) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

describe('a server others can reach does not start with the public demo keys', () => {
  for (const [label, env] of [
    ['HOST=0.0.0.0', { HOST: '0.0.0.0' }],
    ['a public API_EXTERNAL_URL (behind a proxy or a tunnel)', { API_EXTERNAL_URL: 'https://pinstar.example.com' }],
  ] as const) {
    test(`${label}: refused, naming what to set and how to make it`, async () => {
      await assert.rejects(startWith(env), (error: unknown) => {
        const message = error instanceof Error ? error.message : '';
        assert.match(message, /public demo keys/);
        for (const name of [
          'JWT_SECRET',
          'ANON_KEY',
          'SERVICE_ROLE_KEY',
          'PUBLISHABLE_KEY',
          'SECRET_KEY',
          'ALLOW_DEMO_KEYS=1',
          'openssl rand',
        ])
          assert.ok(message.includes(name), `${name} in: ${message}`);
        return true;
      });
    });
  }

  test('ALLOW_DEMO_KEYS=1 starts it anyway, with a warning', async () => {
    const warnings: string[] = [];
    const close = await startWith({ HOST: '0.0.0.0', ALLOW_DEMO_KEYS: '1' }, warnings);
    await close();
    assert.ok(
      warnings.some((w) => /ALLOW_DEMO_KEYS=1: serving with the Supabase CLI's public JWT_SECRET/.test(w)),
      warnings.join('\n'),
    );
  });
});

for (const backend of testBackends()) {
  describe(`on a reachable server with its own secrets, what is forged with the public ones is refused (${backend})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, {
        env: {
          HOST: '0.0.0.0',
          JWT_SECRET: randomBytes(36).toString('base64url'),
          PUBLISHABLE_KEY: `sb_publishable_${randomBytes(16).toString('hex')}`,
          SECRET_KEY: `sb_secret_${randomBytes(16).toString('hex')}`,
        },
      });
    });
    after(() => server?.close());

    test('a service_role token signed with the public secret, or with the CLI’s built-in signing key', async () => {
      const hs256 = await new SignJWT({ role: 'service_role', iss: 'supabase-demo' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(demoSecret);
      const es256 = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: cliDefaultSigningKey.kid })
        .setExpirationTime('1h')
        .sign(await importJWK({ ...cliDefaultSigningKey, key_ops: ['sign'] }, 'ES256'));
      for (const forged of [hs256, es256]) {
        const res = await fetch(`${server.url}/rest/v1/places?select=id&limit=1`, {
          headers: { apikey: server.anonKey, Authorization: `Bearer ${forged}` },
        });
        assert.equal(res.status, 401);
        const users = await fetch(`${server.url}/auth/v1/admin/users`, { headers: { apikey: forged, Authorization: `Bearer ${forged}` } });
        assert.equal(users.status, 403);
      }
      // The public anon key is not this server's either.
      const demoAnon = await new SignJWT({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(demoSecret);
      assert.notEqual(server.anonKey, demoAnon);
    });

    test('an OAuth state signed with the public secret cannot send the browser to another site', async () => {
      const state = await new SignJWT({ provider: 'google', referrer: 'https://attacker.example/collect', flow_state_id: '' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('5m')
        .sign(demoSecret);
      const res = await fetch(`${server.url}/auth/v1/callback?state=${state}&code=anything`, { redirect: 'manual' });
      assert.ok([302, 303].includes(res.status), String(res.status));
      const location = new URL(res.headers.get('location') ?? '');
      assert.notEqual(location.host, 'attacker.example');
      assert.equal(location.searchParams.get('error_code'), 'bad_oauth_state');
    });

    test("a signed URL to a private bucket's object, signed with the public secret, is refused", async () => {
      const admin = server.admin();
      assert.equal((await admin.storage.createBucket('private-docs', { public: false })).error, null);
      assert.equal((await admin.storage.from('private-docs').upload('secret.txt', new Blob(['the secret']))).error, null);
      const forged = await new SignJWT({ url: 'private-docs/secret.txt' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(demoSecret);
      const res = await fetch(`${server.url}/storage/v1/object/sign/private-docs/secret.txt?token=${forged}`);
      assert.notEqual(res.status, 200);
      assert.doesNotMatch(await res.text(), /the secret/);
      // The server's own signed URL still works.
      const signed = await admin.storage.from('private-docs').createSignedUrl('secret.txt', 60);
      assert.equal(await (await fetch(signed.data?.signedUrl ?? '')).text(), 'the secret');
    });
  });
}
