import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { authFetch, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { appOrigin, passkeyToml, projectWith } from '../fixtures/auth/project-with.ts';
import { SoftAuthenticator } from '../fixtures/auth/soft-authenticator.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';
const mfaToml = `
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true

[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
`;

interface Challenge {
  id: string;
  type: string;
  expires_at: number;
  webauthn: { type: 'create' | 'request'; credential_options: { publicKey: never } };
}

for (const target of conformanceTargets()) {
  describe(`auth MFA with WebAuthn factors on ${target.name}`, () => {
    let server: ConformanceTarget;
    const project = projectWith(`${passkeyToml}\n${mfaToml}`);
    before(async () => {
      server = await target.start(project.dir);
    });
    after(async () => {
      await server?.close();
      project.remove();
    });

    async function member(): Promise<{ client: SupabaseClient; email: string }> {
      const client = server.client();
      const email = uniqueEmail('webauthn');
      assert.equal((await client.auth.signUp({ email, password })).error, null);
      return { client, email };
    }

    const token = async (client: SupabaseClient) => (await client.auth.getSession()).data.session?.access_token ?? '';

    async function challenge(client: SupabaseClient, factorId: string): Promise<Challenge> {
      const answer = await authFetch(server, `/factors/${factorId}/challenge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token(client)}` },
        body: '{}',
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body as Challenge;
    }

    /** Challenges the factor and answers with the key; on success the client holds the new session. */
    async function verify(client: SupabaseClient, factorId: string, key: SoftAuthenticator) {
      const c = await challenge(client, factorId);
      const publicKey = c.webauthn.credential_options.publicKey;
      const response = c.webauthn.type === 'create' ? key.create(publicKey) : key.get(publicKey);
      const answer = await authFetch(server, `/factors/${factorId}/verify`, {
        method: 'POST',
        version: true,
        headers: { authorization: `Bearer ${await token(client)}` },
        body: JSON.stringify({ challenge_id: c.id, webauthn: { type: c.webauthn.type, credential_response: response } }),
      });
      if (answer.status === 200) {
        const session = answer.body as { access_token: string; refresh_token: string };
        await client.auth.setSession(session);
      }
      return answer;
    }

    async function enrolledKey(client: SupabaseClient, friendlyName = 'Security key') {
      const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName });
      assert.equal(enrolled.error, null);
      const key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      const verified = await verify(client, enrolled.data?.id ?? '', key);
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      return { factorId: enrolled.data?.id ?? '', key };
    }

    test('enrolling makes an unverified webauthn factor; its first challenge creates the credential and the session becomes aal2', async () => {
      const { client } = await member();
      const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey' });
      assert.equal(enrolled.error, null);
      assert.deepEqual({ type: enrolled.data?.type, name: enrolled.data?.friendly_name }, { type: 'webauthn', name: 'YubiKey' });
      const factorId = enrolled.data?.id ?? '';
      const created = await challenge(client, factorId);
      assert.equal(created.type, 'webauthn');
      assert.equal(created.webauthn.type, 'create');
      const options = created.webauthn.credential_options.publicKey as { rp: { id: string }; challenge: string };
      assert.equal(options.rp.id, 'localhost', 'the configured relying party, whatever the client says');
      assert.ok(created.expires_at > Date.now() / 1000);
      const key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      const verified = await verify(client, factorId, key);
      assert.equal(verified.status, 200);
      const claims = decodeJwt((verified.body as { access_token: string }).access_token);
      assert.equal(claims.aal, 'aal2');
      assert.ok((claims.amr as Array<{ method: string }>).some((a) => a.method === 'mfa/webauthn'));
      const factors = await client.auth.mfa.listFactors();
      assert.deepEqual(
        factors.data?.all.map((f) => [f.factor_type, f.status, f.friendly_name]),
        [['webauthn', 'verified', 'YubiKey']],
      );
      const stored = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ id: string }>(`select web_authn_credential->>'id' as id from auth.mfa_factors where id = $1`, [factorId]),
      );
      assert.equal(stored.rows[0]?.id, key.credentialId.toString('base64'));
    });

    test('a new password session is aal1; the key’s assertion (for that factor only) raises it to aal2, and refresh keeps it', async () => {
      const { client, email } = await member();
      const { factorId, key } = await enrolledKey(client);
      const later = server.client();
      assert.equal((await later.auth.signInWithPassword({ email, password })).error, null);
      const aal = await later.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([aal.data?.currentLevel, aal.data?.nextLevel], ['aal1', 'aal2']);
      const request = await challenge(later, factorId);
      assert.equal(request.webauthn.type, 'request');
      const allowed = (request.webauthn.credential_options.publicKey as { allowCredentials: Array<{ id: string }> }).allowCredentials;
      assert.deepEqual(
        allowed.map((c) => c.id),
        [key.id],
      );
      assert.equal((await verify(later, factorId, key)).status, 200);
      const refreshed = await later.auth.refreshSession();
      assert.equal(decodeJwt(refreshed.data.session?.access_token ?? '').aal, 'aal2');
    });

    test('an authenticator app and a security key together: either one raises a new session to aal2', async () => {
      const { client, email } = await member();
      const { factorId, key } = await enrolledKey(client);
      const totp = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
      assert.equal(totp.error, null, 'a second factor is enrolled from the aal2 session');
      const app = new TOTP({ secret: Secret.fromBase32(totp.data?.totp.secret ?? '') });
      assert.equal((await client.auth.mfa.challengeAndVerify({ factorId: totp.data?.id ?? '', code: app.generate() })).error, null);
      const factors = await client.auth.mfa.listFactors();
      assert.deepEqual(factors.data?.all.map((f) => f.factor_type).sort(), ['totp', 'webauthn']);
      for (const how of ['app', 'key'] as const) {
        const session = server.client();
        assert.equal((await session.auth.signInWithPassword({ email, password })).error, null);
        if (how === 'app') {
          const code = new TOTP({ secret: Secret.fromBase32(totp.data?.totp.secret ?? '') }).generate({ timestamp: Date.now() + 30_000 });
          assert.equal((await session.auth.mfa.challengeAndVerify({ factorId: totp.data?.id ?? '', code })).error, null);
        } else assert.equal((await verify(session, factorId, key)).status, 200);
        assert.equal((await session.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel, 'aal2', how);
      }
    });

    test('unenrolling a verified key needs aal2; the factor and its credential are gone', async () => {
      const { client, email } = await member();
      const { factorId } = await enrolledKey(client);
      const aal1 = server.client();
      await aal1.auth.signInWithPassword({ email, password });
      assert.equal((await aal1.auth.mfa.unenroll({ factorId })).error?.code, 'insufficient_aal');
      assert.equal((await client.auth.mfa.unenroll({ factorId })).error, null);
      assert.deepEqual((await client.auth.mfa.listFactors()).data?.all, []);
    });

    test('verify checks its body first: WebAuthn config required, type create or request, credential_response required', async () => {
      const { client } = await member();
      const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn' });
      const c = await challenge(client, enrolled.data?.id ?? '');
      for (const [webauthn, message] of [
        [undefined, 'WebAuthn config required'],
        [{ type: 'sign' }, 'WebAuthn type must be create or request'],
        [{ type: 'create' }, 'credential_response required'],
      ] as const) {
        const answer = await authFetch(server, `/factors/${enrolled.data?.id}/verify`, {
          method: 'POST',
          version: true,
          headers: { authorization: `Bearer ${await token(client)}` },
          body: JSON.stringify({ challenge_id: c.id, webauthn }),
        });
        assert.equal(answer.status, 400);
        assert.deepEqual(answer.body, { code: 'validation_failed', message });
      }
    });

    test('an expired challenge is mfa_challenge_expired', async () => {
      const { client } = await member();
      const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn' });
      const c = await challenge(client, enrolled.data?.id ?? '');
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [c.id]),
      );
      const key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      const answer = await authFetch(server, `/factors/${enrolled.data?.id}/verify`, {
        method: 'POST',
        version: true,
        headers: { authorization: `Bearer ${await token(client)}` },
        body: JSON.stringify({
          challenge_id: c.id,
          webauthn: { type: 'create', credential_response: key.create(c.webauthn.credential_options.publicKey) },
        }),
      });
      assert.equal(answer.status, 422);
      assert.equal((answer.body as { code: string }).code, 'mfa_challenge_expired');
    });
  });
}
