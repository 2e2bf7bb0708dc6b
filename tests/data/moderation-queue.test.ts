/**
 * The moderation screens' data as a client sees it: the queue read by a moderator (reports
 * with their reporters), resolve and dismiss, `report_updated` on the private moderation topic,
 * the log's place context for reviews and photos, and refusals for members.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, reviewBody, sql, unwrap, type Member } from './support.ts';

interface ReportEvent {
  event: string;
  payload: { id: string; status?: string; target_id: string };
}

function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

for (const backend of testBackends()) {
  describe(`moderation queue and log on ${backend}`, () => {
    let server: TestServer;
    let author: Member;
    let reporter: Member;
    let moderator: Member;
    let queue: RealtimeChannel;
    const events: ReportEvent[] = [];
    const waiters: (() => void)[] = [];

    before(async () => {
      server = await startInProcessTestServer(backend, { listen: true });
      [author, reporter, moderator] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server, { role: 'moderator' }),
      ]);
      queue = moderator.client.channel('moderation', { config: { private: true } });
      for (const event of ['report_created', 'report_updated']) {
        queue.on('broadcast', { event }, (message) => {
          events.push({ event, payload: message.payload as ReportEvent['payload'] });
          waiters.splice(0).forEach((wake) => wake());
        });
      }
      assert.equal(await join(queue), 'SUBSCRIBED');
    });
    after(async () => {
      await moderator?.client.removeAllChannels();
      await server?.close();
    });

    /** The first event on the topic matching `accept`, or null after 3 s. */
    async function eventFor(accept: (e: ReportEvent) => boolean): Promise<ReportEvent | null> {
      const deadline = Date.now() + 3000;
      for (;;) {
        const found = events.find(accept);
        if (found) return found;
        if (Date.now() > deadline) return null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    }

    const newReview = async () => {
      const place = unwrap(
        await author.client
          .from('places')
          .insert({ name: `Spot ${randomUUID().slice(0, 6)}`, category: 'cafe', lat: 48.85, lng: 2.35 })
          .select('id')
          .single(),
      ).id;
      const review = unwrap(
        await author.client.from('reviews').insert({ place_id: place, rating: 2, body: reviewBody() }).select('id').single(),
      ).id;
      return { place, review };
    };
    const report = async (target: string, reason: 'spam' | 'offensive' = 'spam') =>
      unwrap(
        await reporter.client
          .from('reports')
          .insert({ target_type: 'review', target_id: target, reason, note: 'Looks copied' })
          .select('id')
          .single(),
      ).id;

    test('a moderator reads open reports with their reporters; a member only their own', async () => {
      const { review } = await newReview();
      const id = await report(review);
      const columns = 'id, reason, note, status, target_type, target_id, reporter:profiles!reports_reporter_id_fkey(username)';
      const seen = unwrap(await moderator.client.from('reports').select(columns).eq('status', 'open').eq('target_id', review));
      assert.deepEqual(seen, [
        {
          id,
          reason: 'spam',
          note: 'Looks copied',
          status: 'open',
          target_type: 'review',
          target_id: review,
          reporter: { username: reporter.username },
        },
      ]);
      assert.deepEqual(unwrap(await author.client.from('reports').select('id').eq('target_id', review)), []);
      assert.equal((await anonClient(server).from('reports').select('id')).error?.code, '42501');
    });

    test('dismissing a report records who and when, and is announced to moderators', async () => {
      const { review } = await newReview();
      const id = await report(review, 'offensive');
      assert.ok(await eventFor((e) => e.event === 'report_created' && e.payload.id === id), 'report_created arrives');
      // a member cannot change the status: the row is not theirs to update under RLS
      const refused = await reporter.client.from('reports').update({ status: 'dismissed' }).eq('id', id).select('id');
      assert.deepEqual(refused.data, []);
      const dismissed = unwrap(
        await moderator.client.from('reports').update({ status: 'dismissed' }).eq('id', id).select('status, resolved_by').single(),
      );
      assert.deepEqual(dismissed, { status: 'dismissed', resolved_by: moderator.id });
      const announced = await eventFor((e) => e.event === 'report_updated' && e.payload.id === id);
      assert.equal(announced?.payload.status, 'dismissed');
      // the reporter may report the same target again once the first report is closed
      assert.equal(
        (await reporter.client.from('reports').insert({ target_type: 'review', target_id: review, reason: 'spam' })).error,
        null,
      );
    });

    test('hiding resolves the reports (announced) and the public log names the place of the review', async () => {
      const { place, review } = await newReview();
      const id = await report(review);
      const hidden = await moderator.client.rpc('hide_content', {
        target_type: 'review',
        target_id: review,
        reason: 'Copied from another site',
      });
      assert.equal(hidden.error, null);
      assert.equal((await eventFor((e) => e.event === 'report_updated' && e.payload.id === id))?.payload.status, 'resolved');
      const log = unwrap(
        await anonClient(server).from('moderation_log').select('action, target_type, reason, details').eq('target_id', review),
      );
      assert.deepEqual(log, [{ action: 'hide', target_type: 'review', reason: 'Copied from another site', details: { place_id: place } }]);
      // the author reads why, the moderator's identity stays out of the visitors' view
      const why = unwrap(await author.client.from('moderation_log').select('reason').eq('target_id', review).eq('action', 'hide'));
      assert.deepEqual(why, [{ reason: 'Copied from another site' }]);
      assert.equal(
        (await anonClient(server).from('moderation_actions').select('moderator_id').eq('target_id', review)).error?.code,
        '42501',
      );
    });

    test('members and visitors are refused the moderation calls', async () => {
      const { review } = await newReview();
      for (const client of [reporter.client, anonClient(server)]) {
        const hide = await client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'nope' });
        assert.equal(hide.error?.code, '42501');
      }
      assert.equal((await reporter.client.rpc('set_role', { user_id: reporter.id, role: 'admin' })).error?.code, '42501');
      const [row] = await sql<{ hidden: boolean }>(server, `select hidden_at is not null as hidden from reviews where id = $1`, [review]);
      assert.equal(row?.hidden, false);
    });
  });
}
