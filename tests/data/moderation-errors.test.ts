/**
 * The database's moderation refusals, as supabase-js returns them, become the app's catalogue
 * messages (web/src/lib/errors.ts): a duplicate open report, the hourly report limit, the new
 * account review brake, the last admin, and a member calling a moderator's function.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { describeError, messages } from '../../web/src/lib/errors.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createMember, reviewBody, sql, unwrap, type Member } from './support.ts';

for (const backend of testBackends()) {
  describe(`moderation errors in the app's words on ${backend}`, () => {
    let server: TestServer;
    let member: Member;
    let place: string;

    before(async () => {
      server = await startInProcessTestServer(backend);
      member = await createMember(server);
      place = unwrap(
        await member.client
          .from('places')
          .insert({ name: `Corner ${randomUUID().slice(0, 6)}`, category: 'bar', lat: 40.7, lng: -74 })
          .select('id')
          .single(),
      ).id;
    });
    after(() => server?.close());

    test('a second open report on the same target: "already reported"', async () => {
      const first = await member.client.from('reports').insert({ target_type: 'place', target_id: place, reason: 'spam' });
      assert.equal(first.error, null);
      const again = await member.client.from('reports').insert({ target_type: 'place', target_id: place, reason: 'duplicate' });
      assert.equal(again.error?.code, '23505');
      assert.deepEqual(describeError(again.error, { table: 'reports' }), {
        code: '23505',
        message: messages.reportExists,
        reaction: 'form',
      });
      // without the table hint too: the constraint name is in the message
      assert.equal(describeError(again.error).message, messages.reportExists);
    });

    test('the 21st report within an hour: the hourly limit', async () => {
      const reporter = await createMember(server);
      await sql(
        server,
        `insert into reports (reporter_id, target_type, target_id, reason, status, resolved_at) select $1, 'place', $2, 'spam', 'dismissed', now() from generate_series(1, 20)`,
        [reporter.id, place],
      );
      const over = await reporter.client.from('reports').insert({ target_type: 'place', target_id: place, reason: 'spam' });
      assert.equal(over.error?.code, 'P0001');
      assert.deepEqual(describeError(over.error, { table: 'reports' }), { code: 'P0001', message: messages.reportLimit, reaction: 'form' });
    });

    test('a fourth review within an hour from a new account: the brake', async () => {
      const fresh = await createMember(server, { joinedHoursAgo: 1 });
      const places = await sql<{ id: string }>(
        server,
        `insert into places (name, category, lat, lng) select 'Brake ' || g, 'park', 10, 10 from generate_series(1, 4) g returning id`,
      );
      const results = [];
      for (const p of places) results.push(await fresh.client.from('reviews').insert({ place_id: p.id, rating: 4, body: reviewBody() }));
      assert.deepEqual(
        results.map((r) => r.error?.code ?? 'ok'),
        ['ok', 'ok', 'ok', 'P0001'],
      );
      assert.equal(describeError(results[3]?.error, { table: 'reviews' }).message, messages.reviewLimit);
    });

    test('the last admin stepping down, and a member hiding content', async () => {
      const admin = await createMember(server, { role: 'admin' });
      await sql(server, `update profiles set role = 'member' where role = 'admin' and id <> $1`, [admin.id]);
      const last = await admin.client.rpc('set_role', { user_id: admin.id, role: 'member' });
      assert.deepEqual(describeError(last.error), { code: 'P0001', message: messages.lastAdmin, reaction: 'form' });
      const hide = await member.client.rpc('hide_content', { target_type: 'place', target_id: place, reason: 'mine now' });
      assert.deepEqual(describeError(hide.error), { code: '42501', message: messages.forbidden, reaction: 'sign-in-prompt' });
    });
  });
}
