/**
 * Attack: a moderator's password leaks. The moderator enrolled an authenticator app, so hide,
 * restore and role changes already asked for it (aal2), but a session signed in with the
 * password only (aal1) still read every report with the reporter's private note, dismissed
 * reports through `PATCH /rest/v1/reports` (which notifies the reporter), read hidden content and
 * who moderated. Every moderator power now needs aal2 in SQL for such an account (decision 304).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createMember, reviewBody, sql, withoutSeed, type Member } from '../data/support.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

for (const backend of testBackends()) {
  describe(`a moderator's password alone moderates nothing once a factor is enrolled, on ${backend}`, () => {
    let server: TestServer;
    let reporter: Member;
    let author: Member;
    let stolen: Member;
    let withCode: Member;
    let place: string;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [reporter, author] = await Promise.all([createMember(server), createMember(server)]);
      stolen = await createMember(server, { role: 'moderator', mfa: 'aal1' });
      withCode = await createMember(server, { role: 'moderator', mfa: 'aal2' });
      [{ id: place = '' } = { id: '' }] = await sql<{ id: string }>(
        server,
        `insert into places (name, category, lat, lng, created_by) values ('Reported', 'cafe', 1, 1, $1) returning id`,
        [author.id],
      );
    });
    after(() => server?.close());

    /** A report on a place of its own (a member has one open report per target). */
    async function report(note: string): Promise<string> {
      const rows = await sql<{ id: string }>(
        server,
        `with p as (insert into places (name, category, lat, lng, created_by) values ('Reported too', 'park', 2, 2, $3) returning id)
         insert into reports (reporter_id, target_type, target_id, reason, note) select $1, 'place', p.id, 'spam', $2 from p returning id`,
        [reporter.id, note, author.id],
      );
      return rows[0]?.id ?? '';
    }

    const notificationsOf = async (member: Member) =>
      (await sql<{ n: number }>(server, `select count(*)::int as n from notifications where recipient_id = $1`, [member.id]))[0]?.n ?? 0;

    test('reads no report and no private note', async () => {
      const note = `private note ${randomUUID()}`;
      const id = await report(note);
      const { data } = await stolen.client.from('reports').select('id, note');
      assert.deepEqual(data, []);
      const withIt = await withCode.client.from('reports').select('id, note').eq('id', id);
      assert.deepEqual(withIt.data, [{ id, note }]);
    });

    test('dismisses no report, so the reporter hears nothing', async () => {
      const id = await report('spam, really');
      const before = await notificationsOf(reporter);
      const res = await fetch(`${server.url}/rest/v1/reports?id=eq.${id}`, {
        method: 'PATCH',
        headers: { apikey: server.anonKey, Authorization: `Bearer ${stolen.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'dismissed' }),
      });
      assert.ok(res.status < 500, String(res.status));
      const [row] = await sql<{ status: string }>(server, `select status::text as status from reports where id = $1`, [id]);
      assert.equal(row?.status, 'open');
      assert.equal(await notificationsOf(reporter), before);
      // With the code, the same request dismisses it.
      await withCode.client.from('reports').update({ status: 'dismissed' }).eq('id', id);
      const [after] = await sql<{ status: string }>(server, `select status::text as status from reports where id = $1`, [id]);
      assert.equal(after?.status, 'dismissed');
    });

    test('reads no hidden content and not who moderated', async () => {
      const [review] = await sql<{ id: string }>(
        server,
        `insert into reviews (place_id, author_id, rating, body, hidden_at) values ($1, $2, 2, $3, now()) returning id`,
        [place, author.id, reviewBody(7)],
      );
      await sql(
        server,
        `insert into moderation_actions (moderator_id, target_type, target_id, action, reason) values ($1, 'review', $2, 'hide', 'abuse')`,
        [withCode.id, review?.id],
      );
      assert.deepEqual(
        (
          await stolen.client
            .from('reviews')
            .select('id')
            .eq('id', review?.id ?? '')
        ).data,
        [],
      );
      assert.deepEqual(
        (
          await stolen.client
            .from('moderation_actions')
            .select('moderator_id')
            .eq('target_id', review?.id ?? '')
        ).data,
        [],
      );
      assert.equal(
        (
          await withCode.client
            .from('reviews')
            .select('id')
            .eq('id', review?.id ?? '')
        ).data?.length,
        1,
      );
    });

    test('hides, restores and changes roles with nothing but the refusal that asks for the code', async () => {
      const hide = await stolen.client.rpc('hide_content', { target_type: 'place', target_id: place, reason: 'spam' });
      assert.equal(hide.error?.code, '42501');
      assert.equal(hide.error?.hint, 'aal2_required');
    });
  });
}
