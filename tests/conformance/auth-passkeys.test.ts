import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { authFetch, authFixture, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { appOrigin, passkeyToml, projectWith } from '../fixtures/auth/project-with.ts';
import { SoftAuthenticator } from '../fixtures/auth/soft-authenticator.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';
const totpToml = `[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true\n`;

for (const target of conformanceTargets()) {
  describe(`auth passkeys on ${target.name}`, () => {
    let server: ConformanceTarget;
    let disabled: ConformanceTarget;
    const project = projectWith(`${passkeyToml}\n${totpToml}`);
    before(async () => {
      server = await target.start(project.dir);
      disabled = await target.start(authFixture('project'));
    });
    after(async () => {
      await server?.close();
      await disabled?.close();
      project.remove();
    });

    async function member(): Promise<{ client: SupabaseClient; email: string; id: string }> {
      const client = server.client();
      const email = uniqueEmail('passkey');
      const { data, error } = await client.auth.signUp({ email, password });
      assert.equal(error, null);
      return { client, email, id: data.user?.id ?? '' };
    }

    /** Registers a passkey of a new software authenticator through supabase-js's two-step API. */
    async function register(client: SupabaseClient, key = new SoftAuthenticator({ origin: appOrigin, rpId: 'localhost' })) {
      const started = await client.auth.passkey.startRegistration();
      assert.equal(started.error, null);
      const verified = await client.auth.passkey.verifyRegistration({
        challengeId: started.data?.challenge_id ?? '',
        credential: key.create(started.data?.options as never) as never,
      });
      assert.equal(verified.error, null);
      return { key, passkey: verified.data };
    }

    async function signInWith(key: SoftAuthenticator) {
      const client = server.client();
      const started = await client.auth.passkey.startAuthentication();
      assert.equal(started.error, null);
      const result = await client.auth.passkey.verifyAuthentication({
        challengeId: started.data?.challenge_id ?? '',
        credential: key.get(started.data?.options as never) as never,
      });
      return { client, ...result };
    }

    test('settings say passkeys are on; a server without [auth.passkey] answers every passkey route 404 passkey_disabled', async () => {
      assert.equal(((await authFetch(server, '/settings')).body as { passkeys_enabled: boolean }).passkeys_enabled, true);
      assert.equal(((await authFetch(disabled, '/settings')).body as { passkeys_enabled: boolean }).passkeys_enabled, false);
      for (const [method, path] of [
        ['POST', '/passkeys/authentication/options'],
        ['POST', '/passkeys/authentication/verify'],
        ['POST', '/passkeys/registration/options'],
        ['GET', '/passkeys'],
        ['DELETE', '/passkeys/00000000-0000-0000-0000-000000000000'],
      ] as const) {
        const answer = await authFetch(disabled, path, { method, version: true, body: method === 'POST' ? '{}' : undefined });
        assert.equal(answer.status, 404, path);
        assert.deepEqual(answer.body, { code: 'passkey_disabled', message: 'Passkeys are disabled' }, path);
      }
    });

    test('registration options name the configured relying party, ask for a discoverable credential and exclude the ones registered', async () => {
      const { client, email, id } = await member();
      const first = await client.auth.passkey.startRegistration();
      assert.equal(first.error, null);
      const options = first.data?.options;
      assert.equal(options?.rp.id, 'localhost');
      assert.equal(options?.rp.name, 'Pinstar tests');
      assert.equal(options?.user.name, email);
      assert.equal(Buffer.from(options?.user.id ?? '', 'base64url').toString(), id, 'the user handle is the user id');
      assert.equal(options?.authenticatorSelection?.residentKey, 'required');
      assert.ok(options?.pubKeyCredParams.some((p) => p.alg === -7));
      assert.ok((first.data?.expires_at ?? 0) > Date.now() / 1000 + 250);
      assert.deepEqual(options?.excludeCredentials ?? [], []);
      const { key } = await register(client);
      const second = await client.auth.passkey.startRegistration();
      assert.deepEqual(
        second.data?.options.excludeCredentials?.map((c) => c.id),
        [key.id],
      );
    });

    test('a passkey signs in: a session for its owner with passkey in amr; the counter and last use are stored', async () => {
      const { client, id } = await member();
      const { key, passkey } = await register(client);
      assert.equal(passkey?.friendly_name, 'Passkey');
      const started = await server.client().auth.passkey.startAuthentication();
      assert.deepEqual(started.data?.options.allowCredentials ?? [], [], 'discoverable: no credentials named');
      const signedIn = await signInWith(key);
      assert.equal(signedIn.error, null);
      assert.equal(signedIn.data?.user?.id, id);
      const claims = decodeJwt(signedIn.data?.session?.access_token ?? '');
      assert.deepEqual(
        (claims.amr as Array<{ method: string }>).map((a) => a.method),
        ['passkey'],
      );
      assert.equal(claims.aal, 'aal1');
      assert.equal((await signedIn.client.auth.getUser()).data.user?.id, id);
      await signInWith(key);
      const stored = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query<{ sign_count: number; credential: string; used: boolean }>(
          `select sign_count::int, encode(credential_id, 'base64') as credential, last_used_at is not null as used
           from auth.webauthn_credentials where user_id = $1`,
          [id],
        ),
      );
      assert.deepEqual(stored.rows, [{ sign_count: 2, credential: key.credentialId.toString('base64'), used: true }]);
      const listed = await client.auth.passkey.list();
      assert.equal(typeof listed.data?.[0]?.last_used_at, 'string');
    });

    test('list, rename (at most 120 bytes) and remove; the admin API lists and removes a member’s passkeys', async () => {
      const { client, id } = await member();
      const { passkey } = await register(client);
      const { passkey: other } = await register(client);
      const listed = await client.auth.passkey.list();
      assert.deepEqual(
        listed.data?.map((p) => p.id),
        [passkey?.id, other?.id],
      );
      const renamed = await client.auth.passkey.update({ passkeyId: passkey?.id ?? '', friendlyName: 'Work laptop' });
      assert.equal(renamed.data?.friendly_name, 'Work laptop');
      const long = await client.auth.passkey.update({ passkeyId: passkey?.id ?? '', friendlyName: 'é'.repeat(61) });
      assert.equal(long.error?.message, 'friendly_name must be 120 characters or less');
      assert.equal((await client.auth.passkey.delete({ passkeyId: other?.id ?? '' })).error, null);
      const admin = server.admin().auth.admin;
      assert.deepEqual(
        (await admin.passkey.listPasskeys({ userId: id })).data?.map((p) => [p.id, p.friendly_name]),
        [[passkey?.id, 'Work laptop']],
      );
      assert.equal((await admin.passkey.deletePasskey({ userId: id, passkeyId: passkey?.id ?? '' })).error, null);
      assert.deepEqual((await client.auth.passkey.list()).data, []);
      const gone = await client.auth.passkey.delete({ passkeyId: passkey?.id ?? '' });
      assert.equal(gone.error?.status, 404);
    });

    test('ten passkeys at most: the eleventh is too_many_passkeys', async () => {
      const { client } = await member();
      for (let i = 0; i < 10; i++) await register(client);
      const refused = await client.auth.passkey.startRegistration();
      assert.equal(refused.error?.code, 'too_many_passkeys');
    });

    test('with a verified second factor, adding or removing a passkey needs an aal2 session', async () => {
      const { client } = await member();
      const { passkey } = await register(client);
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
      const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data?.totp.secret ?? '') });
      assert.equal((await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data?.id ?? '', code: totp.generate() })).error, null);
      assert.equal((await client.auth.passkey.startRegistration()).error, null, 'aal2: allowed');
      const { client: aal1, error } = await signInWith((await register(client)).key);
      assert.equal(error, null);
      assert.equal((await aal1.auth.passkey.startRegistration()).error?.code, 'insufficient_aal');
      assert.equal((await aal1.auth.passkey.delete({ passkeyId: passkey?.id ?? '' })).error?.code, 'insufficient_aal');
      assert.equal((await aal1.auth.passkey.list()).data?.length, 2, 'listing needs no aal2');
    });

    test('an expired challenge is webauthn_challenge_expired; an unknown one webauthn_challenge_not_found', async () => {
      const { client } = await member();
      const { key } = await register(client);
      const started = await server.client().auth.passkey.startAuthentication();
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`, [
          started.data?.challenge_id,
        ]),
      );
      const expired = await server.client().auth.passkey.verifyAuthentication({
        challengeId: started.data?.challenge_id ?? '',
        credential: key.get(started.data?.options as never) as never,
      });
      assert.equal(expired.error?.code, 'webauthn_challenge_expired');
      const unknown = await server.client().auth.passkey.verifyAuthentication({
        challengeId: '00000000-0000-0000-0000-000000000000',
        credential: key.get(started.data?.options as never) as never,
      });
      assert.equal(unknown.error?.code, 'webauthn_challenge_not_found');
    });

    test('an unconfirmed or banned member cannot sign in with a passkey', async () => {
      const { client, id } = await member();
      const { key } = await register(client);
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`update auth.users set email_confirmed_at = null where id = $1`, [id]),
      );
      assert.equal((await signInWith(key)).error?.code, 'email_not_confirmed');
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`update auth.users set email_confirmed_at = now(), banned_until = now() + interval '1 hour' where id = $1`, [id]),
      );
      const banned = await signInWith(key);
      assert.equal(banned.error?.code, 'user_banned');
      assert.equal(banned.error?.status, 403);
    });

    test('bad bodies are validation errors in GoTrue’s shape', async () => {
      for (const [body, message] of [
        [{}, 'challenge_id is required'],
        [{ challenge_id: 'x' }, 'credential is required'],
        [{ challenge_id: 'x', credential: {} }, 'challenge_id must be a valid UUID'],
      ] as const) {
        const answer = await authFetch(server, '/passkeys/authentication/verify', {
          method: 'POST',
          version: true,
          body: JSON.stringify(body),
        });
        assert.equal(answer.status, 400);
        assert.deepEqual(answer.body, { code: 'validation_failed', message });
      }
    });
  });
}
