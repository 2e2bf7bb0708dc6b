/**
 * Attack: a stolen password is not enough to delete an account protected by an authenticator
 * app. `delete-account` answers 403 `insufficient_aal` to an aal1 session of a member with a
 * verified factor and deletes nothing; the same member at aal2 deletes; a member without a factor
 * is unaffected.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { nextCode } from '../support/totp.ts';

const password = 'correct horse battery';

for (const backend of testBackends()) {
  describe(`delete-account and two-factor on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startInProcessTestServer(backend, { override: { seed: false }, listen: true });
    });
    after(() => server?.close());

    async function member() {
      const email = `aal_${randomUUID().slice(0, 8)}@test.pinstar.local`;
      const created = await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal(created.error, null);
      const client = server.client();
      assert.equal((await client.auth.signInWithPassword({ email, password })).error, null);
      return { client, email, userId: created.data.user?.id ?? '' };
    }

    async function call(client: ReturnType<TestServer['client']>) {
      const { data, error } = await client.functions.invoke('delete-account', { body: { reviews: 'delete' } });
      if (!error) return { status: 200, body: data as unknown };
      assert.ok(error instanceof FunctionsHttpError, String(error));
      const response = error.context as Response;
      return { status: response.status, body: (await response.json()) as unknown };
    }

    test('with a verified factor, an aal1 session is refused and an aal2 session deletes', async () => {
      const { client, email, userId } = await member();
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
      assert.equal(enrolled.error, null);
      const factorId = enrolled.data!.id;
      assert.equal((await client.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(enrolled.data!.totp.secret) })).error, null);

      // Someone with only the password signs in on another device: aal1.
      const thief = server.client();
      assert.equal((await thief.auth.signInWithPassword({ email, password })).error, null);
      const refused = await call(thief);
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body, { code: 'insufficient_aal', message: 'Enter the code from your authenticator app first.' });
      const still = await server.admin().auth.admin.getUserById(userId);
      assert.equal(still.data.user?.id, userId, 'nothing was deleted');

      const deleted = await call(client);
      assert.equal(deleted.status, 200);
      assert.equal((await server.admin().auth.admin.getUserById(userId)).error?.status, 404);
    });

    test('without a factor, an ordinary session deletes', async () => {
      const { client, userId } = await member();
      assert.equal((await call(client)).status, 200);
      assert.equal((await server.admin().auth.admin.getUserById(userId)).error?.status, 404);
    });
  });
}
