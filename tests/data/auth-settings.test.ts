/**
 * The app's own auth settings (supabase/config.toml), as hosted projects are set up: a new
 * sign-up confirms its address before a session starts, and changing the password asks for
 * the current one unless the session came from a recovery link (decision 192).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, serviceClient, withoutSeed } from './support.ts';

for (const backend of testBackends()) {
  describe(`the app's auth settings on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
    });
    after(() => server?.close());

    async function confirmedMember(password: string) {
      const email = `pw-${randomUUID().slice(0, 8)}@example.com`;
      const created = await serviceClient(server).auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal(created.error, null);
      const client = anonClient(server);
      const signedIn = await client.auth.signInWithPassword({ email, password });
      assert.equal(signedIn.error, null);
      return { email, client };
    }

    test('a new sign-up gets no session until its address is confirmed', async () => {
      const email = `new-${randomUUID().slice(0, 8)}@example.com`;
      const client = anonClient(server);
      const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
      assert.equal(error, null);
      assert.equal(data.session, null);
      assert.equal(data.user?.email_confirmed_at ?? null, null);
      const early = await anonClient(server).auth.signInWithPassword({ email, password: 'correct horse battery' });
      assert.equal(early.error?.code, 'email_not_confirmed');
    });

    test('changing the password asks for the current one, and a wrong one changes nothing', async () => {
      const { email, client } = await confirmedMember('first password 1');
      const missing = await client.auth.updateUser({ password: 'second password 2' });
      assert.equal(missing.error?.code, 'current_password_required');
      assert.equal(missing.error?.status, 400);
      const wrong = await client.auth.updateUser({ password: 'second password 2', current_password: 'not my password' });
      assert.equal(wrong.error?.code, 'current_password_invalid');
      const stillOld = await anonClient(server).auth.signInWithPassword({ email, password: 'first password 1' });
      assert.equal(stillOld.error, null, 'the refused changes left the password as it was');
      const right = await client.auth.updateUser({ password: 'second password 2', current_password: 'first password 1' });
      assert.equal(right.error, null);
      assert.equal((await anonClient(server).auth.signInWithPassword({ email, password: 'second password 2' })).error, null);
      const old = await anonClient(server).auth.signInWithPassword({ email, password: 'first password 1' });
      assert.equal(old.error?.code, 'invalid_credentials');
    });

    test('a session from a recovery link sets a new password without the old one', async () => {
      const { email } = await confirmedMember('forgotten password 1');
      const link = await serviceClient(server).auth.admin.generateLink({ type: 'recovery', email });
      assert.equal(link.error, null);
      const client = anonClient(server);
      const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: link.data.properties?.hashed_token ?? '' });
      assert.equal(verified.error, null);
      const updated = await client.auth.updateUser({ password: 'remembered password 2' });
      assert.equal(updated.error, null);
      assert.equal((await anonClient(server).auth.signInWithPassword({ email, password: 'remembered password 2' })).error, null);
    });
  });
}
