import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { decodeJwt } from 'jose';
import { authFetch, authFixture, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';

/** The auth fixture with manual linking and anonymous sign-ins on, in a temporary folder. */
function projectWithManualLinking(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-linking-'));
  cpSync(authFixture('project'), dir, { recursive: true });
  const config = path.join(dir, 'config.toml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(/^\[auth\]$/m, '[auth]\nenable_manual_linking = true\nenable_anonymous_sign_ins = true'),
  );
  return dir;
}

for (const target of conformanceTargets()) {
  describe(`auth identities on ${target.name}`, () => {
    let server: ConformanceTarget;
    let linking: ConformanceTarget;
    const linkingDir = projectWithManualLinking();
    before(async () => {
      server = await target.start(authFixture('project'));
      linking = await target.start(linkingDir);
    });
    after(async () => {
      await server?.close();
      await linking?.close();
      rmSync(linkingDir, { recursive: true, force: true });
    });

    async function signedIn(on: ConformanceTarget) {
      const client = on.client();
      const { data, error } = await client.auth.signUp({ email: uniqueEmail('linker'), password });
      assert.equal(error, null);
      return { client, user: data.user! };
    }

    test('with manual linking off, linking and unlinking answer manual_linking_disabled (404)', async () => {
      const { client, user } = await signedIn(server);
      const link = await client.auth.linkIdentity({ provider: 'google' });
      assert.equal(link.error?.status, 404);
      assert.equal(link.error?.code, 'manual_linking_disabled');
      assert.equal(link.error?.message, 'Manual linking is disabled');
      const identity = user.identities![0]!;
      const unlink = await client.auth.unlinkIdentity(identity);
      assert.equal(unlink.error?.code, 'manual_linking_disabled');
      const listed = await client.auth.getUserIdentities();
      assert.deepEqual(
        listed.data?.identities.map((i) => i.provider),
        ['email'],
      );
    });

    test('the identity endpoints need a signed-in user before anything else', async () => {
      const res = await server.fetch(`${server.url}/auth/v1/user/identities/authorize?provider=google`, {
        headers: { apikey: server.anonKey },
      });
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as { error_code: string }).error_code, 'no_authorization');
    });

    test('with manual linking on, the last identity cannot be unlinked; another one can, and providers follow', async () => {
      const { client, user } = await signedIn(linking);
      const only = await client.auth.unlinkIdentity(user.identities![0]!);
      assert.equal(only.error?.status, 422);
      assert.equal(only.error?.code, 'single_identity_not_deletable');
      // A second identity as an OAuth sign-in would have linked it.
      await linking.db.transaction({ kind: 'system' }, async (tx) => {
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
           values ('gh-1', $1, '{"sub":"gh-1"}', 'github', now(), now())`,
          [user.id],
        );
        await tx.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"providers":["email","github"]}' where id = $1`, [
          user.id,
        ]);
      });
      const { data } = await client.auth.getUserIdentities();
      const github = data?.identities.find((i) => i.provider === 'github');
      assert.ok(github);
      const missing = await client.auth.unlinkIdentity({ ...github, identity_id: '00000000-0000-4000-8000-000000000000' });
      assert.equal(missing.error?.code, 'identity_not_found');
      assert.equal((await client.auth.unlinkIdentity(github)).error, null);
      const after = await client.auth.refreshSession();
      assert.deepEqual(after.data.user?.app_metadata.providers, ['email']);
      assert.deepEqual(
        after.data.user?.identities?.map((i) => i.provider),
        ['email'],
      );
      const unknown = await client.auth.linkIdentity({ provider: 'nope' as 'google' });
      assert.equal(unknown.error?.status, 400);
      assert.equal(unknown.error?.message, 'Unsupported provider: Provider nope could not be found');
    });

    test('an anonymous user becomes permanent with updateUser({ email }) and a password, keeping its id and data', async () => {
      const client = linking.client();
      const anon = await client.auth.signInAnonymously();
      assert.equal(anon.error, null);
      const id = anon.data.user?.id;
      assert.equal(anon.data.user?.is_anonymous, true);
      const mfa = await client.auth.mfa.enroll({ factorType: 'totp' });
      assert.equal(mfa.error?.code, 'no_authorization', 'anonymous users may not enrol a factor');
      const email = uniqueEmail('converted');
      const withEmail = await client.auth.updateUser({ email });
      assert.equal(withEmail.error, null);
      assert.equal(withEmail.data.user?.email, email);
      assert.equal(withEmail.data.user?.is_anonymous, false);
      assert.deepEqual(
        withEmail.data.user?.identities?.map((i) => [i.provider, i.identity_data?.email]),
        [['email', email]],
      );
      assert.equal((await client.auth.updateUser({ password })).error, null);
      const again = await linking.client().auth.signInWithPassword({ email, password });
      assert.equal(again.error, null);
      assert.equal(again.data.user?.id, id, 'the same account, with everything it made while anonymous');
      assert.equal(decodeJwt(again.data.session?.access_token ?? '').is_anonymous, false);
      const profile = await linking.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`select id from public.profiles where id = $1`, [id]),
      );
      assert.equal(profile.rowCount, 1);
    });

    test('SAML SSO and Web3 sign-in answer as GoTrue does with them off', async () => {
      const sso = await server.client().auth.signInWithSSO({ domain: 'example.com' });
      assert.equal(sso.error?.status, 404);
      assert.equal(sso.error?.code, 'saml_provider_disabled');
      assert.equal(sso.error?.message, 'SAML 2.0 is disabled');
      const web3 = await authFetch(server, '/token?grant_type=web3', { method: 'POST', body: JSON.stringify({ chain: 'solana' }) });
      assert.equal(web3.status, 422);
      assert.equal((web3.body as { error_code: string }).error_code, 'web3_provider_disabled');
      const admin = await authFetch(server, '/admin/sso/providers', { headers: { authorization: `Bearer ${server.serviceRoleKey}` } });
      assert.equal(admin.status, 404);
    });

    test('phone verifyOtp: a malformed number is refused as not E.164, any other phone code as expired or invalid', async () => {
      const client = server.client();
      const malformed = await client.auth.verifyOtp({ phone: 'not a phone', token: '123456', type: 'sms' });
      assert.equal(malformed.error?.status, 400);
      assert.equal(malformed.error?.message, 'Invalid phone number format (E.164 required)');
      for (const type of ['sms', 'phone_change'] as const) {
        const { error } = await client.auth.verifyOtp({ phone: '+14155550100', token: '123456', type });
        assert.equal(error?.status, 403);
        assert.equal(error?.code, 'otp_expired');
        assert.equal(error?.message, 'Token has expired or is invalid');
      }
    });
  });
}
