/**
 * Community as a client sees it through supabase-js: helpful votes and replies with their
 * exact counts under concurrent writers, follows, the limits (the same as the app's zod
 * schemas), every notification trigger, the feed, and the private realtime topics.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterHelpful } from '../../web/src/features/reviews/helpful-cursor.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, outcome, reviewBody, sql, unwrap, withoutSeed, type Client, type Member } from './support.ts';

function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

interface Notice {
  kind: string;
  actor_id: string | null;
  actor_count: number;
  review_id: string | null;
  reply_id: string | null;
  place_id: string | null;
  list_id: string | null;
  target_type: string | null;
  reason: string | null;
  read_at: string | null;
}

for (const backend of testBackends()) {
  describe(`community on ${backend}`, () => {
    let server: TestServer;
    let moderator: Member;
    const clients: Client[] = [];

    before(async () => {
      server = await startInProcessTestServer(backend, { ...withoutSeed, listen: true });
      moderator = await createMember(server, { role: 'moderator' });
    });
    after(async () => {
      for (const client of clients) await client.removeAllChannels();
      await server?.close();
    });

    const one = async (text: string, params: unknown[] = []) => (await sql<{ id: string }>(server, text, params))[0]?.id ?? '';
    const newPlace = (by: string | null = null, lat = 48.85, lng = 2.35) =>
      one(`insert into places (name, category, lat, lng, created_by) values ('Community place', 'cafe', $2, $3, $1) returning id`, [
        by,
        lat,
        lng,
      ]);
    const newReview = (place: string, by: string, rating = 4) =>
      one(`insert into reviews (place_id, author_id, rating, body) values ($1, $2, $3, $4) returning id`, [
        place,
        by,
        rating,
        reviewBody(),
      ]);
    const notices = async (member: Member): Promise<Notice[]> =>
      unwrap(await member.client.from('notifications').select('*').order('updated_at', { ascending: false })) as Notice[];
    const counts = async (review: string) =>
      (
        await sql<{ helpful: number; replies: number }>(
          server,
          `select helpful_count as helpful, reply_count as replies from reviews where id = $1`,
          [review],
        )
      )[0];
    const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(server)));

    test('helpful votes: exact under concurrent voters, one per member, never on one’s own, grouped in one notification', async () => {
      const ada = await createMember(server);
      const review = await newReview(await newPlace(), ada.id);
      const voters = await members(24);
      const results = await Promise.all(voters.map((v) => v.client.from('review_votes').insert({ review_id: review })));
      assert.deepEqual(new Set(results.map(outcome)), new Set(['ok']));
      assert.equal((await counts(review))?.helpful, 24);
      // one group: the latest voter and the number of voters
      let mine = (await notices(ada)).filter((n) => n.kind === 'helpful');
      assert.equal(mine.length, 1);
      assert.equal(mine[0]?.actor_count, 24);

      const undo = await Promise.all(voters.slice(0, 10).map((v) => v.client.from('review_votes').delete().eq('review_id', review)));
      assert.deepEqual(new Set(undo.map(outcome)), new Set(['ok']));
      assert.equal((await counts(review))?.helpful, 14);
      mine = (await notices(ada)).filter((n) => n.kind === 'helpful');
      assert.equal(mine[0]?.actor_count, 14);
      assert.ok(
        voters.slice(10).some((v) => v.id === mine[0]?.actor_id),
        'the group names someone who still finds it helpful',
      );

      assert.equal(outcome(await voters[12]!.client.from('review_votes').insert({ review_id: review })), '23505');
      const own = await ada.client.from('review_votes').insert({ review_id: review });
      assert.equal(outcome(own), '23514');
      assert.match(own.error?.message ?? '', /own review/);
      // votes are private to the voter
      assert.equal(unwrap(await ada.client.from('review_votes').select('user_id').eq('review_id', review)).length, 0);
      assert.equal(unwrap(await voters[20]!.client.from('review_votes').select('user_id').eq('review_id', review)).length, 1);

      // once read, the next vote opens a new group
      unwrap(await ada.client.from('notifications').update({ read_at: new Date().toISOString() }).is('read_at', null).select('id'));
      await voters[0]!.client.from('review_votes').insert({ review_id: review });
      mine = (await notices(ada)).filter((n) => n.kind === 'helpful');
      assert.deepEqual(
        mine.map((n) => [n.actor_count, n.read_at === null]),
        [
          [1, true],
          [14, false],
        ],
      );
      // a hidden review takes no votes, and its vote notifications are withdrawn
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'Spam' }));
      assert.equal(outcome(await voters[1]!.client.from('review_votes').insert({ review_id: review })), '42501');
      assert.deepEqual(
        (await notices(ada)).map((n) => n.kind),
        ['content_hidden'],
      );
    });

    test('"Most helpful" pages by keyset: votes, then the newest, then the id, with no review repeated or skipped', async () => {
      const place = await newPlace();
      const authors = await members(7);
      const voters = await members(3);
      const ids: string[] = [];
      for (const [i, author] of authors.entries()) {
        // two pairs share their second, so the id decides between them
        ids.push(
          await one(
            `insert into reviews (place_id, author_id, rating, body, created_at) values ($1, $2, 4, $3, timestamptz '2026-11-01 12:00:00.123+00' - make_interval(secs => $4)) returning id`,
            [place, author.id, reviewBody(i), Math.floor(i / 2)],
          ),
        );
      }
      const votes = [3, 0, 1, 1, 0, 2, 1];
      for (const [i, n] of votes.entries())
        for (const voter of voters.slice(0, n)) await voter.client.from('review_votes').insert({ review_id: ids[i] ?? '' });
      const expected = (
        await sql<{ id: string }>(
          server,
          `select id from reviews where place_id = $1 order by helpful_count desc, created_at desc, id desc`,
          [place],
        )
      ).map((r) => r.id);
      const seen: string[] = [];
      let cursor: { helpful_count: number; created_at: string; id: string } | null = null;
      for (let page = 0; page < 5; page++) {
        let query = anonClient(server)
          .from('reviews')
          .select('id, helpful_count, created_at')
          .eq('place_id', place)
          .order('helpful_count', { ascending: false })
          .order('created_at', { ascending: false })
          .order('id', { ascending: false });
        if (cursor) query = query.or(afterHelpful(cursor));
        const rows = unwrap(await query.limit(2));
        seen.push(...rows.map((r) => r.id));
        const last = rows.at(-1);
        if (!last || rows.length < 2) break;
        cursor = last;
      }
      assert.deepEqual(seen, expected);
      assert.deepEqual(
        (
          await sql<{ n: number }>(server, `select helpful_count as n from reviews where id = any($1) order by array_position($1, id)`, [
            ids,
          ])
        ).map((r) => r.n),
        votes,
      );
    });

    test('helpful votes and replies are limited per hour, tighter for new accounts', async () => {
      const author = await createMember(server);
      const reviews = await Promise.all(Array.from({ length: 61 }, async () => newReview(await newPlace(), author.id)));
      const fresh = await createMember(server, { joinedHoursAgo: 1 });
      for (const review of reviews.slice(0, 20))
        assert.equal(outcome(await fresh.client.from('review_votes').insert({ review_id: review })), 'ok');
      const refused = await fresh.client.from('review_votes').insert({ review_id: reviews[20] ?? '' });
      assert.equal(outcome(refused), 'P0001');
      assert.match(refused.error?.message ?? '', /at most 20 reviews helpful per hour/);
      const settled = await createMember(server);
      for (const review of reviews.slice(0, 60))
        assert.equal(outcome(await settled.client.from('review_votes').insert({ review_id: review })), 'ok');
      assert.match((await settled.client.from('review_votes').insert({ review_id: reviews[60] ?? '' })).error?.message ?? '', /at most 60/);

      const target = reviews[0] ?? '';
      for (let i = 0; i < 5; i++)
        assert.equal(outcome(await fresh.client.from('review_replies').insert({ review_id: target, body: `Reply ${i}` })), 'ok');
      const sixth = await fresh.client.from('review_replies').insert({ review_id: target, body: 'One more' });
      assert.equal(outcome(sixth), 'P0001');
      assert.match(sixth.error?.message ?? '', /at most 5 replies per hour/);
      for (let i = 0; i < 30; i++)
        assert.equal(outcome(await settled.client.from('review_replies').insert({ review_id: target, body: `Reply ${i}` })), 'ok');
      assert.match(
        (await settled.client.from('review_replies').insert({ review_id: target, body: 'More' })).error?.message ?? '',
        /at most 30/,
      );
    });

    test('replies: length limits, exact counts, a notification to the review’s author, hidden ones for author and moderators only', async () => {
      const [ada, ben, cleo] = await members(3);
      const place = await newPlace();
      const review = await newReview(place, ada!.id);
      assert.equal(outcome(await ben!.client.from('review_replies').insert({ review_id: review, body: '   ' })), '23514');
      assert.equal(outcome(await ben!.client.from('review_replies').insert({ review_id: review, body: 'x'.repeat(1001) })), '23514');
      assert.equal(outcome(await ben!.client.from('review_replies').insert({ review_id: review, body: 'x'.repeat(1000) })), 'ok');
      const repliers = await members(12);
      await Promise.all(repliers.map((m) => m.client.from('review_replies').insert({ review_id: review, body: 'Agreed, lovely spot.' })));
      assert.equal((await counts(review))?.replies, 13);
      // her own reply notifies nobody
      await ada!.client.from('review_replies').insert({ review_id: review, body: 'Thanks all!' });
      assert.equal((await notices(ada!)).filter((n) => n.kind === 'reply').length, 13);

      const reply = unwrap(
        await cleo!.client.from('review_replies').insert({ review_id: review, body: 'Buy my pills' }).select('id').single(),
      ).id;
      // edit own only
      unwrap(await cleo!.client.from('review_replies').update({ body: 'Buy my pills!' }).eq('id', reply).select('id'));
      assert.equal(unwrap(await ben!.client.from('review_replies').update({ body: 'Hijacked' }).eq('id', reply).select('id')).length, 0);
      // reported, then hidden with a public reason
      unwrap(await ben!.client.from('reports').insert({ target_type: 'reply', target_id: reply, reason: 'spam' }).select('id'));
      const queue = unwrap(
        await moderator.client.from('reports').select('target_type, target_id').eq('target_id', reply).eq('status', 'open'),
      );
      assert.deepEqual(queue, [{ target_type: 'reply', target_id: reply }]);
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'reply', target_id: reply, reason: 'Advertising' }));
      assert.equal((await counts(review))?.replies, 14);
      const seen = async (client: Client) => (unwrap(await client.from('review_replies').select('id').eq('id', reply)) as unknown[]).length;
      assert.deepEqual(
        [await seen(anonClient(server)), await seen(ben!.client), await seen(cleo!.client), await seen(moderator.client)],
        [0, 0, 1, 1],
      );
      assert.equal((await notices(ada!)).filter((n) => n.reply_id === reply).length, 0, 'the hidden reply’s notification is withdrawn');
      const hidden = (await notices(cleo!)).find((n) => n.kind === 'content_hidden');
      assert.deepEqual(
        [hidden?.target_type, hidden?.reason, hidden?.review_id, hidden?.place_id, hidden?.actor_id],
        ['reply', 'Advertising', review, place, null],
      );
      const resolved = (await notices(ben!)).find((n) => n.kind === 'report_resolved');
      assert.deepEqual([resolved?.target_type, resolved?.reason], ['reply', 'Advertising']);
      const logged = unwrap(
        await anonClient(server).from('moderation_log').select('target_type, action, reason, details').eq('target_id', reply),
      );
      assert.deepEqual(logged, [
        { target_type: 'reply', action: 'hide', reason: 'Advertising', details: { place_id: place, review_id: review } },
      ]);

      unwrap(await moderator.client.rpc('restore_content', { target_type: 'reply', target_id: reply, reason: 'Appeal accepted' }));
      assert.equal((await counts(review))?.replies, 15);
      assert.equal((await notices(cleo!)).find((n) => n.kind === 'content_restored')?.reason, 'Appeal accepted');
      assert.equal(outcome(await cleo!.client.from('review_replies').delete().eq('id', reply)), 'ok');
      assert.equal((await counts(review))?.replies, 14);
    });

    test('a dismissed report tells its reporter; a moderator’s own content and own report notify nobody', async () => {
      const [ada, ben] = await members(2);
      const place = await newPlace(ada!.id);
      const report = unwrap(
        await ben!.client.from('reports').insert({ target_type: 'place', target_id: place, reason: 'duplicate' }).select('id').single(),
      ).id;
      unwrap(await moderator.client.from('reports').update({ status: 'dismissed' }).eq('id', report).select('id'));
      const dismissed = (await notices(ben!)).filter((n) => n.kind === 'report_dismissed');
      assert.deepEqual(
        dismissed.map((n) => [n.target_type, n.place_id, n.reason]),
        [['place', place, null]],
      );

      const own = await newPlace(moderator.id);
      unwrap(await moderator.client.from('reports').insert({ target_type: 'place', target_id: own, reason: 'other' }).select('id'));
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'place', target_id: own, reason: 'Test' }));
      assert.deepEqual(await notices(moderator), []);
    });

    test('follows: exact counts under concurrent (and mutual) follows, a notification withdrawn on unfollow, preferences respected', async () => {
      const [ada, ben] = await members(2);
      const fans = await members(16);
      const results = await Promise.all([
        ...fans.map((f) => f.client.from('follows').insert({ followee_id: ada!.id })),
        ...fans.map((f) => ada!.client.from('follows').insert({ followee_id: f.id })),
      ]);
      assert.deepEqual(new Set(results.map(outcome)), new Set(['ok']));
      const profile = async (m: Member) =>
        unwrap(await anonClient(server).from('profiles').select('follower_count, following_count').eq('id', m.id).single());
      assert.deepEqual(await profile(ada!), { follower_count: 16, following_count: 16 });
      assert.equal((await notices(ada!)).filter((n) => n.kind === 'follow').length, 16);
      assert.equal(outcome(await ada!.client.from('follows').insert({ followee_id: ada!.id })), '23514');
      assert.equal(outcome(await ben!.client.from('follows').insert({ follower_id: ada!.id, followee_id: ben!.id })), '42501');

      await Promise.all(fans.slice(0, 6).map((f) => f.client.from('follows').delete().eq('followee_id', ada!.id)));
      assert.deepEqual(await profile(ada!), { follower_count: 10, following_count: 16 });
      assert.equal((await notices(ada!)).filter((n) => n.kind === 'follow').length, 10);
      assert.equal(unwrap(await anonClient(server).from('follows').select('follower_id').eq('followee_id', ada!.id)).length, 10);

      unwrap(await ben!.client.from('notification_preferences').insert({ follow: false }).select('user_id'));
      await ada!.client.from('follows').insert({ followee_id: ben!.id });
      assert.deepEqual(await notices(ben!), []);
    });

    test('a new review on a starred or listed place reaches those who opted in; a hidden one is withdrawn', async () => {
      const [ada, ben, cleo, dan] = await members(4);
      const place = await newPlace();
      await sql(server, `insert into stars (user_id, place_id) values ($1, $3), ($2, $3)`, [ada!.id, ben!.id, place]);
      const list = await one(`insert into lists (owner_id, name) values ($1, 'Mine') returning id`, [cleo!.id]);
      await sql(server, `insert into list_places (list_id, place_id, added_by) values ($1, $2, $3)`, [list, place, cleo!.id]);
      for (const m of [ada!, cleo!]) unwrap(await m.client.from('notification_preferences').insert({ new_review: true }).select('user_id'));
      const review = unwrap(
        await dan!.client
          .from('reviews')
          .insert({ place_id: place, rating: 5, body: reviewBody(7) })
          .select('id')
          .single(),
      ).id;
      const got = async (m: Member) => (await notices(m)).filter((n) => n.kind === 'new_review' && n.review_id === review).length;
      assert.deepEqual([await got(ada!), await got(ben!), await got(cleo!)], [1, 0, 1]);
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'Off topic' }));
      assert.deepEqual([await got(ada!), await got(cleo!)], [0, 0]);
    });

    test('a list invitation notifies the invitee, is read once accepted and withdrawn when cancelled', async () => {
      const [ada, ben, cleo] = await members(3);
      const list = await one(`insert into lists (owner_id, name) values ($1, 'Shared') returning id`, [ada!.id]);
      unwrap(
        await ada!.client
          .from('list_members')
          .insert({ list_id: list, user_id: ben!.id, role: 'editor', invited_by: ada!.id })
          .select('id'),
      );
      unwrap(
        await ada!.client
          .from('list_members')
          .insert({ list_id: list, user_id: cleo!.id, role: 'viewer', invited_by: ada!.id })
          .select('id'),
      );
      const invite = (await notices(ben!)).find((n) => n.kind === 'list_invite');
      assert.deepEqual([invite?.list_id, invite?.actor_id, invite?.read_at], [list, ada!.id, null]);
      unwrap(await ben!.client.from('list_members').update({ accepted_at: new Date().toISOString() }).eq('user_id', ben!.id).select('id'));
      assert.notEqual((await notices(ben!)).find((n) => n.kind === 'list_invite')?.read_at, null);
      unwrap(await ada!.client.from('list_members').delete().eq('user_id', cleo!.id).select('id'));
      assert.deepEqual(await notices(cleo!), []);
    });

    test('the bell: unread count, mark all as read; notifications are private and never written by clients', async () => {
      const [ada, ben] = await members(2);
      const review = await newReview(await newPlace(), ada!.id);
      await ben!.client.from('review_votes').insert({ review_id: review });
      await ben!.client.from('review_replies').insert({ review_id: review, body: 'Nice one' });
      await ben!.client.from('follows').insert({ followee_id: ada!.id });
      assert.equal(unwrap(await ada!.client.rpc('unread_notification_count')), 3);
      assert.equal(unwrap(await ben!.client.from('notifications').select('id').eq('recipient_id', ada!.id)).length, 0);
      assert.equal(outcome(await ben!.client.from('notifications').insert({ recipient_id: ada!.id, kind: 'follow' } as never)), '42501');
      const first = (await notices(ada!))[0];
      unwrap(
        await ben!.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('recipient_id', ada!.id).select('id'),
      );
      assert.equal(unwrap(await ada!.client.rpc('unread_notification_count')), 3);
      unwrap(await ada!.client.from('notifications').update({ read_at: new Date().toISOString() }).is('read_at', null).select('id'));
      assert.equal(unwrap(await ada!.client.rpc('unread_notification_count')), 0);
      assert.ok(first);
    });

    test('the feed of a member who follows many people is a scan of everything they follow, newest first, page after page', async () => {
      // 60 people followed (a member who follows 50 or more reads the newest of everyone first)
      // and 5 who are not, whose 250 reviews and 210 places are the newest of all: a small page's
      // window holds nothing by the people followed, a large one holds all of it
      const [reader] = await members(1);
      const people = await sql<{ id: string }>(
        server,
        `insert into auth.users (id, email, raw_user_meta_data)
         select gen_random_uuid(), 'feed' || i || '-' || gen_random_uuid() || '@example.com', jsonb_build_object('username', 'feed_' || substr(md5(random()::text), 1, 12))
           from generate_series(1, 65) i returning id::text`,
      );
      const followed = people.slice(0, 60).map((p) => p.id);
      const others = people.slice(60).map((p) => p.id);
      await sql(
        server,
        `with made as (
           insert into places (name, category, lat, lng, created_by, created_at, hidden_at)
           select 'Followed place ' || i, 'cafe', 10, 10, ($1::uuid[])[1 + i % 60], now() - make_interval(hours => 5 + i * 2),
                  case when i % 9 = 0 then now() end
             from generate_series(0, 59) i returning id, created_by)
         insert into reviews (place_id, author_id, rating, body, created_at, hidden_at)
         select m.id, ($1::uuid[])[1 + (k * 7 + n) % 60], 1 + k % 5, 'A thoughtful review of a place with enough words to pass.',
                now() - make_interval(hours => (10 + n)::int, mins => k), case when k % 11 = 0 then now() end
           from (select id, row_number() over (order by id) as n from made) m cross join generate_series(0, 2) k`,
        [followed],
      );
      await sql(
        server,
        `with made as (
           insert into places (name, category, lat, lng, created_by, created_at)
           select 'Other place ' || i, 'bar', 11, 11, ($1::uuid[])[1 + i % 5], now() - make_interval(mins => i)
             from generate_series(0, 209) i returning id, created_by)
         insert into reviews (place_id, author_id, rating, body, created_at)
         select m.id, ($1::uuid[])[1 + (m.n + k) % 5], 4, 'A thoughtful review of a place with enough words to pass.', now() - make_interval(secs => (m.n * 5 + k)::int)
           from (select id, row_number() over (order by id) as n from made) m cross join generate_series(0, 1) k
          where m.n <= 125`,
        [others],
      );
      unwrap(
        await reader!.client
          .from('follows')
          .insert(followed.map((id) => ({ followee_id: id })))
          .select('followee_id'),
      );
      const everything = await sql<{ id: string; created_at: string }>(
        server,
        `select x.id::text, x.created_at from (
           select rv.id, rv.created_at from reviews rv join places p on p.id = rv.place_id
            where rv.author_id = any($1::uuid[]) and rv.hidden_at is null and p.hidden_at is null
           union all
           select p.id, p.created_at from places p where p.created_by = any($1::uuid[]) and p.hidden_at is null) x
          order by x.created_at desc, x.id desc`,
        [followed],
      );
      assert.ok(everything.length > 150, `${everything.length} items`);
      for (const size of [1, 2, 7, 20, 50]) {
        const seen: string[] = [];
        let page: { id: string; created_at: string }[] = [];
        do {
          const last = page.at(-1);
          page = unwrap(
            await reader!.client.rpc('member_feed', {
              max_results: size,
              ...(last ? { before_created_at: last.created_at, before_id: last.id } : {}),
            }),
          );
          assert.ok(page.length <= size);
          seen.push(...page.map((item) => item.id));
          // (pages of 1 and 2: the first 40 items, where the window holds nothing followed)
        } while (page.length === size && seen.length < (size <= 2 ? 40 : everything.length + size));
        assert.deepEqual(
          seen,
          everything.slice(0, size <= 2 ? 40 : everything.length).map((item) => item.id),
          `pages of ${size}`,
        );
      }
    });

    test('the feed: followed members’ reviews and places newest first, keyset-paged; discover when following nobody', async () => {
      const [ada, ben, reader] = await members(3);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const place = await one(
          `insert into places (name, category, lat, lng, created_by, created_at) values ('Feed place', 'bar', 10, 10, $1, now() - make_interval(mins => $2)) returning id`,
          [ada!.id, 100 - i * 10],
        );
        made.push(place);
        made.push(
          await one(
            `insert into reviews (place_id, author_id, rating, body, created_at) values ($1, $2, 3, $3, now() - make_interval(mins => $4)) returning id`,
            [place, ben!.id, reviewBody(i), 95 - i * 10],
          ),
        );
      }
      assert.deepEqual(unwrap(await reader!.client.rpc('member_feed', {})), []);
      await reader!.client.from('follows').insert([{ followee_id: ada!.id }, { followee_id: ben!.id }]);
      const first = unwrap(await reader!.client.rpc('member_feed', { max_results: 4 }));
      assert.deepEqual(
        first.map((r) => r.id),
        made.slice().reverse().slice(0, 4),
      );
      const last = first[3]!;
      const next = unwrap(
        await reader!.client.rpc('member_feed', { max_results: 20, before_created_at: last.created_at, before_id: last.id }),
      );
      assert.deepEqual(
        next.map((r) => r.id),
        made.slice().reverse().slice(4),
      );
      assert.deepEqual([first[0]?.kind, first[1]?.kind, first[0]?.author_username], ['review', 'place', ben!.username]);
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'review', target_id: made[9] ?? '', reason: 'Spam' }));
      assert.equal(unwrap(await reader!.client.rpc('member_feed', {}))[0]?.id, made[8]);

      // discover: recent 4-5 star reviews near the position, others' only
      const near = await newPlace(null, 45.76, 4.84);
      const far = await newPlace(null, 35.0, 139.0);
      const good = await newReview(near, ada!.id, 5);
      await newReview(far, ben!.id, 5);
      await newReview(near, ben!.id, 2);
      const found = unwrap(await reader!.client.rpc('discover_reviews', { lat: 45.764, lng: 4.836 }));
      assert.deepEqual(
        found.map((r) => r.id),
        [good],
      );
      assert.equal(outcome(await anonClient(server).rpc('member_feed', {})), '42501');
    });

    test('export-my-data carries votes, replies, follows and notifications; delete-account undoes their counts and keeps anonymized replies', async () => {
      // the functions ask the auth service who calls, so Eve signs in for a real session
      const email = `eve_${Date.now().toString(36)}@test.pinstar.local`;
      const password = 'correct horse battery';
      assert.equal((await server.admin().auth.admin.createUser({ email, password, email_confirm: true })).error, null);
      const session = server.client();
      const signedIn = await session.auth.signInWithPassword({ email, password });
      const eve = { id: signedIn.data.user?.id ?? '', client: session as Client } as Member;
      const ada = await createMember(server);
      const review = await newReview(await newPlace(), ada.id);
      await eve.client.from('review_votes').insert({ review_id: review });
      const reply = unwrap(await eve.client.from('review_replies').insert({ review_id: review, body: 'So true' }).select('id').single()).id;
      await eve.client.from('follows').insert({ followee_id: ada.id });
      await ada.client.from('follows').insert({ followee_id: eve.id });
      await eve.client.from('notification_preferences').insert({ new_review: true });
      const exported = unwrap(await eve.client.functions.invoke('export-my-data')) as Record<string, unknown>;
      assert.deepEqual(
        [
          (exported.helpful_votes as { review_id: string }[]).map((v) => v.review_id),
          (exported.review_replies as { body: string }[]).map((r) => r.body),
          (exported.following as { followee_id: string }[]).map((f) => f.followee_id),
          (exported.followers as { follower_id: string }[]).map((f) => f.follower_id),
          (exported.notifications as { kind: string; actor_id: string }[]).map((n) => [n.kind, n.actor_id]),
          (exported.notification_preferences as { new_review: boolean }).new_review,
        ],
        [[review], ['So true'], [ada.id], [ada.id], [['follow', ada.id]], true],
      );
      unwrap(await eve.client.functions.invoke('delete-account', { body: { reviews: 'anonymize' } }));
      const left = await sql(
        server,
        `select (select helpful_count from reviews where id = $1) as helpful, (select reply_count from reviews where id = $1) as replies,
                (select author_id from review_replies where id = $2) as reply_author,
                (select row(follower_count, following_count)::text from profiles where id = $3) as follows,
                (select count(*)::int from notifications where recipient_id = $3) as notices`,
        [review, reply, ada.id],
      );
      assert.deepEqual(left, [{ helpful: 0, replies: 1, reply_author: null, follows: '(0,0)', notices: 0 }]);
    });

    test('hostile input to the feed and the bell: page sizes clamped, bad cursors refused, visitors refused', async () => {
      const [ada, reader] = (await members(2)) as [Member, Member];
      for (let i = 0; i < 60; i++) await newPlace(ada.id);
      await reader.client.from('follows').insert({ followee_id: ada.id });
      assert.equal(unwrap(await reader.client.rpc('member_feed', { max_results: 100000 })).length, 50);
      assert.equal(unwrap(await reader.client.rpc('member_feed', { max_results: -5 })).length, 1);
      assert.equal(outcome(await reader.client.rpc('member_feed', { before_created_at: 'yesterday-ish', before_id: ada.id })), '22007');
      assert.equal(
        outcome(await reader.client.rpc('member_feed', { before_created_at: new Date().toISOString(), before_id: "x' or 1=1 --" })),
        '22P02',
      );
      assert.equal(unwrap(await reader.client.rpc('discover_reviews', { lat: 1e308, lng: -1e308, max_results: 1e9 })).length <= 50, true);
      assert.equal(outcome(await anonClient(server).rpc('unread_notification_count')), '42501');
      assert.equal(outcome(await anonClient(server).rpc('discover_reviews', {})), '42501');
    });

    test('live: a member’s notifications topic is theirs alone; the feed topic announces new reviews and places', async () => {
      const [ada, ben, cleo] = await members(3);
      clients.push(ada!.client, cleo!.client);
      const bell = ada!.client.channel(`notifications:${ada!.id}`, { config: { private: true } });
      const arrived = new Promise<{ kind: string }>((resolve) =>
        bell.on('broadcast', { event: 'notification' }, (m) => resolve(m.payload as { kind: string })),
      );
      assert.equal(await join(bell), 'SUBSCRIBED');
      const feed = cleo!.client.channel('feed', { config: { private: true } });
      const item = new Promise<{ kind: string; id: string; author_id: string }>((resolve) =>
        feed.on('broadcast', { event: 'feed_item' }, (m) => resolve(m.payload as { kind: string; id: string; author_id: string })),
      );
      assert.equal(await join(feed), 'SUBSCRIBED');
      assert.match(await join(cleo!.client.channel(`notifications:${ada!.id}`, { config: { private: true } })), /^CHANNEL_ERROR/);
      const visitor = anonClient(server);
      clients.push(visitor);
      assert.match(await join(visitor.channel('feed', { config: { private: true } })), /^CHANNEL_ERROR/);

      const review = unwrap(
        await ada!.client
          .from('reviews')
          .insert({ place_id: await newPlace(), rating: 4, body: reviewBody(3) })
          .select('id')
          .single(),
      ).id;
      const announced = await item;
      assert.deepEqual([announced.kind, announced.id, announced.author_id], ['review', review, ada!.id]);
      await ben!.client.from('follows').insert({ followee_id: ada!.id });
      assert.equal((await arrived).kind, 'follow');
    });
  });
}
