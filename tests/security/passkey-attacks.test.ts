import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { authFetch, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { appOrigin, passkeyToml, projectWith } from '../fixtures/auth/project-with.ts';
import { SoftAuthenticator, type Bend } from '../fixtures/auth/soft-authenticator.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

const password = 'passkey-attack-1';
const mfaToml = `[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true\n`;

type Options = { challenge: string } & Record<string, unknown>;

/**
 * Passkeys and WebAuthn factors under attack: replayed and raced challenges, another member's
 * challenge or credential, answers made for another origin or relying party, a cloned
 * authenticator, and members reaching for each other's passkeys. Each refusal leaves no session.
 */
for (const backend of testBackends()) {
  describe(`passkey and WebAuthn attacks on ${backend}`, () => {
    let server: TestServer;
    const project = projectWith(`${passkeyToml}\n${mfaToml}`);
    before(async () => {
      server = await startTestServer(backend, { project: project.dir });
    });
    after(async () => {
      await server?.close();
      project.remove();
    });

    async function member(): Promise<{ client: SupabaseClient; id: string; token: () => Promise<string> }> {
      const client = server.client();
      const { data, error } = await client.auth.signUp({ email: uniqueEmail('attack'), password });
      assert.equal(error, null);
      return { client, id: data.user?.id ?? '', token: async () => (await client.auth.getSession()).data.session?.access_token ?? '' };
    }

    async function registered(client: SupabaseClient, bend: Bend = {}) {
      const key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      const started = await client.auth.passkey.startRegistration();
      const verified = await client.auth.passkey.verifyRegistration({
        challengeId: started.data?.challenge_id ?? '',
        credential: key.create(started.data?.options as never, bend) as never,
      });
      return { key, ...verified };
    }

    async function signInOptions(): Promise<{ id: string; options: Options }> {
      const started = await server.client().auth.passkey.startAuthentication();
      assert.equal(started.error, null);
      return { id: started.data?.challenge_id ?? '', options: started.data?.options as never };
    }

    const answer = (challengeId: string, credential: unknown) =>
      authFetch(server, '/passkeys/authentication/verify', {
        method: 'POST',
        version: true,
        body: JSON.stringify({ challenge_id: challengeId, credential }),
      });
    const codeOf = (body: unknown) => (body as { code?: string }).code;

    test('a sign-in challenge answers once: the same assertion replayed, or a second answer to it, is challenge_not_found', async () => {
      const { client } = await member();
      const { key } = await registered(client);
      const { id, options } = await signInOptions();
      const assertion = key.get(options);
      assert.equal((await answer(id, assertion)).status, 200);
      const replayed = await answer(id, assertion);
      assert.equal(codeOf(replayed.body), 'webauthn_challenge_not_found');
      const fresh = await answer(id, key.get(options));
      assert.equal(codeOf(fresh.body), 'webauthn_challenge_not_found');
    });

    test('two answers raced at one challenge: exactly one signs in', async () => {
      const { client } = await member();
      const { key } = await registered(client);
      const { id, options } = await signInOptions();
      const results = await Promise.all([answer(id, key.get(options)), answer(id, key.get(options)), answer(id, key.get(options))]);
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400]);
    });

    test('an assertion signed for another challenge (an old one replayed) is refused, and burns the challenge it was sent to', async () => {
      const { client } = await member();
      const { key } = await registered(client);
      const old = await signInOptions();
      const oldAssertion = key.get(old.options);
      const current = await signInOptions();
      assert.equal(codeOf((await answer(current.id, oldAssertion)).body), 'webauthn_verification_failed');
      assert.equal(codeOf((await answer(current.id, key.get(current.options))).body), 'webauthn_challenge_not_found');
    });

    test("an assertion naming another member's user handle, or signed with another member's key, signs no one in", async () => {
      const alice = await member();
      const bob = await member();
      const { key: aliceKey } = await registered(alice.client);
      const { key: bobKey } = await registered(bob.client);
      const asBob = await signInOptions();
      const claimed = await answer(asBob.id, aliceKey.get(asBob.options, { userHandle: Buffer.from(bob.id).toString('base64url') }));
      assert.equal(codeOf(claimed.body), 'webauthn_verification_failed');
      const swapped = await signInOptions();
      const forged = bobKey.get(swapped.options, { userHandle: Buffer.from(alice.id).toString('base64url') });
      assert.equal(codeOf((await answer(swapped.id, forged)).body), 'webauthn_verification_failed');
    });

    test('answers made for another origin or relying party are refused, at registration and at sign-in', async () => {
      const { client } = await member();
      for (const bend of [
        { origin: 'https://evil.example' },
        { rpId: 'evil.example' },
        { origin: 'http://localhost:5174' },
        { type: 'webauthn.get' },
      ]) {
        const refused = await registered(client, bend);
        assert.equal(refused.error?.code, 'webauthn_verification_failed', JSON.stringify(bend));
      }
      assert.deepEqual((await client.auth.passkey.list()).data, [], 'nothing was registered');
      const { key } = await registered(client);
      for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { type: 'webauthn.create' }]) {
        const { id, options } = await signInOptions();
        assert.equal(codeOf((await answer(id, key.get(options, bend))).body), 'webauthn_verification_failed', JSON.stringify(bend));
      }
    });

    test('a cloned authenticator (a counter that does not grow) is refused', async () => {
      const { client } = await member();
      const { key } = await registered(client);
      const first = await signInOptions();
      assert.equal((await answer(first.id, key.get(first.options, { counter: 5 }))).status, 200);
      const clone = await signInOptions();
      assert.equal(codeOf((await answer(clone.id, key.get(clone.options, { counter: 5 }))).body), 'webauthn_verification_failed');
      const older = await signInOptions();
      assert.equal(codeOf((await answer(older.id, key.get(older.options, { counter: 3 }))).body), 'webauthn_verification_failed');
    });

    test("one member's registration challenge cannot register a passkey for another; a credential is registered once", async () => {
      const alice = await member();
      const bob = await member();
      const started = await alice.client.auth.passkey.startRegistration();
      const key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      const stolen = await bob.client.auth.passkey.verifyRegistration({
        challengeId: started.data?.challenge_id ?? '',
        credential: key.create(started.data?.options as never) as never,
      });
      assert.equal(stolen.error?.code, 'webauthn_challenge_not_found');
      const { key: aliceKey } = await registered(alice.client);
      const again = await bob.client.auth.passkey.startRegistration();
      const twice = await bob.client.auth.passkey.verifyRegistration({
        challengeId: again.data?.challenge_id ?? '',
        credential: aliceKey.create(again.data?.options as never) as never,
      });
      assert.equal(twice.error?.code, 'webauthn_credential_exists');
    });

    test("members cannot see, rename or remove each other's passkeys; the admin API refuses a member's token", async () => {
      const alice = await member();
      const bob = await member();
      const { data } = await registered(alice.client);
      assert.deepEqual((await bob.client.auth.passkey.list()).data, []);
      assert.equal((await bob.client.auth.passkey.update({ passkeyId: data?.id ?? '', friendlyName: 'mine' })).error?.status, 404);
      assert.equal((await bob.client.auth.passkey.delete({ passkeyId: data?.id ?? '' })).error?.status, 404);
      assert.equal((await alice.client.auth.passkey.list()).data?.length, 1);
      const asMember = await authFetch(server, `/admin/users/${alice.id}/passkeys`, {
        headers: { authorization: `Bearer ${await bob.token()}` },
      });
      assert.equal(asMember.status, 403);
    });

    test("a WebAuthn factor's challenge is answered once, only by its own key, and only its owner may ask for one", async () => {
      const alice = await member();
      const enrolled = await alice.client.auth.mfa.enroll({ factorType: 'webauthn' });
      const factorId = enrolled.data?.id ?? '';
      const key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      const challenge = async () =>
        (
          await authFetch(server, `/factors/${factorId}/challenge`, {
            method: 'POST',
            headers: { authorization: `Bearer ${await alice.token()}` },
            body: '{}',
          })
        ).body as { id: string; webauthn: { credential_options: { publicKey: never } } };
      const verify = async (id: string, type: string, response: unknown) =>
        authFetch(server, `/factors/${factorId}/verify`, {
          method: 'POST',
          version: true,
          headers: { authorization: `Bearer ${await alice.token()}` },
          body: JSON.stringify({ challenge_id: id, webauthn: { type, credential_response: response } }),
        });
      const made = await challenge();
      const created = key.create(made.webauthn.credential_options.publicKey);
      assert.equal((await verify(made.id, 'create', created)).status, 200);
      assert.equal(codeOf((await verify(made.id, 'create', created)).body), 'mfa_factor_not_found', 'replayed');
      const asked = await challenge();
      const stranger = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' });
      stranger.create(made.webauthn.credential_options.publicKey);
      assert.equal(
        codeOf((await verify(asked.id, 'request', stranger.get(asked.webauthn.credential_options.publicKey))).body),
        'webauthn_verification_failed',
      );
      const bob = await member();
      const bobsFactor = await authFetch(server, `/factors/${factorId}/challenge`, {
        method: 'POST',
        version: true,
        headers: { authorization: `Bearer ${await bob.token()}` },
        body: '{}',
      });
      assert.equal(bobsFactor.status, 404, "another member's factor is not found");
    });
  });
}
