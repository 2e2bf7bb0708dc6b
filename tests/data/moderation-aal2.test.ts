/**
 * Moderators and admins who enrolled a second factor moderate only from a session that used it:
 * the database refuses hide, restore and role changes at aal1 (42501, hint aal2_required), and
 * the app's catalogue asks for the code.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { describeError, messages } from '../../web/src/lib/errors.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createMember, sql, unwrap, type Member } from './support.ts';

for (const backend of testBackends()) {
  describe(`moderation at aal2 once enrolled on ${backend}`, () => {
    let server: TestServer;
    let author: Member;

    before(async () => {
      server = await startInProcessTestServer(backend);
      author = await createMember(server);
    });
    after(() => server?.close());

    /** The member's client with a token at `aal`, as the auth service issues after sign-in or a verified code. */
    async function at(member: Member, aal: 'aal1' | 'aal2') {
      const token = await new SignJWT({
        sub: member.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: member.email,
        aal,
        session_id: randomUUID(),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(server.keys.secret);
      return createClient(server.url, server.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: server.fetch, headers: { Authorization: `Bearer ${token}` } },
        realtime: { transport: WebSocket as never },
      });
    }

    async function enrol(member: Member): Promise<void> {
      await sql(
        server,
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values (gen_random_uuid(), $1, 'Phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
        [member.id],
      );
    }

    async function newPlace(): Promise<string> {
      return unwrap(
        await author.client
          .from('places')
          .insert({ name: `Spot ${randomUUID().slice(0, 6)}`, category: 'cafe', lat: 48.8, lng: 2.3 })
          .select('id')
          .single(),
      ).id;
    }

    test('a moderator without a factor moderates at aal1', async () => {
      const moderator = await createMember(server, { role: 'moderator' });
      const hidden = await (
        await at(moderator, 'aal1')
      ).rpc('hide_content', { target_type: 'place', target_id: await newPlace(), reason: 'spam' });
      assert.equal(hidden.error, null);
    });

    test('once enrolled, hide and restore need aal2; the refusal reads as a request for the code', async () => {
      const moderator = await createMember(server, { role: 'moderator' });
      await enrol(moderator);
      const place = await newPlace();
      const refused = await (await at(moderator, 'aal1')).rpc('hide_content', { target_type: 'place', target_id: place, reason: 'spam' });
      assert.equal(refused.error?.code, '42501');
      assert.equal(refused.error?.hint, 'aal2_required');
      assert.deepEqual(describeError(refused.error), { code: 'aal2_required', message: messages.mfaRequired, reaction: 'form' });
      const strong = await at(moderator, 'aal2');
      assert.equal((await strong.rpc('hide_content', { target_type: 'place', target_id: place, reason: 'spam' })).error, null);
      const weakRestore = await (
        await at(moderator, 'aal1')
      ).rpc('restore_content', { target_type: 'place', target_id: place, reason: 'ok' });
      assert.equal(weakRestore.error?.hint, 'aal2_required');
      assert.equal((await strong.rpc('restore_content', { target_type: 'place', target_id: place, reason: 'ok' })).error, null);
      const log = await sql<{ n: number }>(server, `select count(*)::int as n from public.moderation_actions where moderator_id = $1`, [
        moderator.id,
      ]);
      assert.deepEqual(log, [{ n: 2 }], 'refused attempts leave no trace');
    });

    test('once enrolled, an admin changes roles only at aal2', async () => {
      const admin = await createMember(server, { role: 'admin' });
      await enrol(admin);
      const target = await createMember(server);
      const refused = await (await at(admin, 'aal1')).rpc('set_role', { user_id: target.id, role: 'moderator' });
      assert.equal(refused.error?.hint, 'aal2_required');
      assert.deepEqual(await sql(server, `select role::text from public.profiles where id = $1`, [target.id]), [{ role: 'member' }]);
      assert.equal((await (await at(admin, 'aal2')).rpc('set_role', { user_id: target.id, role: 'moderator' })).error, null);
    });
  });
}
