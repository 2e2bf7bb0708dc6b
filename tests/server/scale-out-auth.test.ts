import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../server/src/lib/config.ts';
import { createKeys, type Keys } from '../../server/src/lib/keys.ts';
import { SoftAuthenticator } from '../fixtures/auth/soft-authenticator.ts';
import { createTestDatabase } from '../support/databases.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { repoRoot, testBackends } from '../support/server.ts';

const project = path.join(repoRoot, 'tests/fixtures/scale');
const password = 'Correct-horse-1';
const origin = 'http://localhost:5173';

/**
 * Passkeys and the OAuth server on two server processes sharing one PostgreSQL: a challenge or an
 * authorization lives in the database, so whichever process is asked next answers it — once.
 */
for (const backend of testBackends().filter((b) => b === 'postgres')) {
  describe(`passkeys and OAuth across two server processes on one ${backend}`, { timeout: 300_000 }, () => {
    let database: { url: string; drop: () => Promise<void> };
    let dataDir: string;
    let a: ServerProcess;
    let b: ServerProcess;
    let keys: Keys;

    const clientAt = (url: string, key = keys.anonKey): SupabaseClient =>
      createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

    async function member(url: string): Promise<SupabaseClient> {
      const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
      assert.equal((await clientAt(url, keys.serviceRoleKey).auth.admin.createUser({ email, password, email_confirm: true })).error, null);
      const client = clientAt(url);
      assert.equal((await client.auth.signInWithPassword({ email, password })).error, null);
      return client;
    }

    before(async () => {
      database = await createTestDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-scale-auth-'));
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
      keys = await createKeys(loadConfig({ projectDir: project }, env));
      a = await startServerProcess(project, env);
      b = await startServerProcess(project, env);
    });

    after(async () => {
      await a?.stop();
      await b?.stop();
      await database?.drop().catch(() => undefined);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('a passkey registered through one process signs in through the other; a sign-in challenge answered once across both', async () => {
      const owner = await member(a.url);
      const key = new SoftAuthenticator({ origin, rpId: 'localhost' });
      const started = await owner.auth.passkey.startRegistration();
      const session = (await owner.auth.getSession()).data.session;
      const onB = clientAt(b.url);
      await onB.auth.setSession({ access_token: session?.access_token ?? '', refresh_token: session?.refresh_token ?? '' });
      const registered = await onB.auth.passkey.verifyRegistration({
        challengeId: started.data?.challenge_id ?? '',
        credential: key.create(started.data?.options as never) as never,
      });
      assert.equal(registered.error, null, 'a registration begun on A ends on B');
      const signIn = await clientAt(b.url).auth.passkey.startAuthentication();
      const assertion = key.get(signIn.data?.options as never);
      const answers = await Promise.all(
        [a.url, b.url].map((url) =>
          clientAt(url).auth.passkey.verifyAuthentication({ challengeId: signIn.data?.challenge_id ?? '', credential: assertion as never }),
        ),
      );
      assert.deepEqual(answers.map((r) => r.error?.code ?? 'ok').sort(), ['ok', 'webauthn_challenge_not_found']);
    });

    test('an OAuth authorization made on one process is consented on the other and its code exchanged once', async () => {
      const owner = await member(a.url);
      const admin = clientAt(a.url, keys.serviceRoleKey).auth.admin.oauth;
      const app = (await admin.createClient({ client_name: 'Scale app', redirect_uris: ['https://app.example.com/cb'] })).data;
      const verifier = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        client_id: app?.client_id ?? '',
        redirect_uri: 'https://app.example.com/cb',
        scope: 'email',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const started = await fetch(`${a.url}/auth/v1/oauth/authorize?${query.toString()}`, { redirect: 'manual' });
      const authorizationId = new URL(started.headers.get('location') ?? '').searchParams.get('authorization_id') ?? '';
      const session = (await owner.auth.getSession()).data.session;
      const onB = clientAt(b.url);
      await onB.auth.setSession({ access_token: session?.access_token ?? '', refresh_token: session?.refresh_token ?? '' });
      assert.equal((await onB.auth.oauth.getAuthorizationDetails(authorizationId)).error, null);
      const approved = await onB.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
      const code = new URL(approved.data?.redirect_url ?? '').searchParams.get('code') ?? '';
      const exchange = (url: string) =>
        fetch(`${url}/auth/v1/oauth/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${app?.client_id}:${app?.client_secret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier }).toString(),
        });
      const statuses = (await Promise.all([exchange(a.url), exchange(b.url)])).map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 400]);
    });
  });
}
