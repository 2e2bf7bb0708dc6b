/**
 * Aggregates stay exact under concurrent writes (rating_avg, rating_count, photo_count kept by
 * triggers under a lock on the place row), hidden content stops counting and stops showing
 * to anyone but its author and moderators, and the moderation functions check roles, log
 * publicly and resolve reports.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, reviewBody, sql, unwrap, withoutSeed, type Member } from './support.ts';

interface Stats {
  rating_avg: string;
  rating_count: number;
  photo_count: number;
  mean: string;
  n: number;
  photos: number;
}

for (const backend of testBackends()) {
  describe(`aggregates and moderation on ${backend}`, () => {
    let server: TestServer;
    let members: Member[];
    let moderator: Member;
    let admin: Member;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      members = await Promise.all(Array.from({ length: 12 }, () => createMember(server)));
      [moderator, admin] = await Promise.all([createMember(server, { role: 'moderator' }), createMember(server, { role: 'admin' })]);
    });
    after(() => server?.close());

    const member = (i: number) => members[i] ?? assert.fail(`member ${i}`);
    const newPlace = async () =>
      unwrap(
        await member(0)
          .client.from('places')
          .insert({ name: `Busy ${randomUUID().slice(0, 6)}`, category: 'bar', lat: 52.5, lng: 13.4 })
          .select('id')
          .single(),
      ).id;

    /** The stored aggregates next to a recount from the rows. */
    const stats = async (place: string): Promise<Stats> =>
      (
        await sql<Stats>(
          server,
          `select p.rating_avg::text, p.rating_count, p.photo_count,
          (select coalesce(round(avg(r.rating), 2), 0)::text from reviews r where r.place_id = p.id and r.hidden_at is null) as mean,
          (select count(*)::int from reviews r where r.place_id = p.id and r.hidden_at is null) as n,
          (select count(*)::int from review_photos ph join reviews r on r.id = ph.review_id
            where ph.place_id = p.id and ph.hidden_at is null and r.hidden_at is null) as photos
        from places p where p.id = $1`,
          [place],
        )
      )[0] ?? assert.fail('no place');

    const assertExact = (s: Stats, count: number) => {
      assert.equal(s.rating_count, count);
      assert.equal(s.rating_count, s.n);
      assert.equal(s.rating_avg, s.mean);
      assert.equal(s.photo_count, s.photos);
    };

    test('concurrent reviews, edits and deletes keep the rating exact', async () => {
      const place = await newPlace();
      const ratings = members.map((_, i) => (i % 5) + 1);
      const results = await Promise.all(
        members.map((m, i) =>
          m.client
            .from('reviews')
            .insert({ place_id: place, rating: ratings[i] ?? 1, body: reviewBody(i) })
            .select('id')
            .single(),
        ),
      );
      assert.deepEqual(
        results.map((r) => r.error),
        members.map(() => null),
      );
      let s = await stats(place);
      assertExact(s, members.length);
      assert.equal(s.rating_avg, (ratings.reduce((a, b) => a + b, 0) / ratings.length).toFixed(2));
      await Promise.all(
        members.slice(0, 6).map((m) => m.client.from('reviews').update({ rating: 5 }).eq('place_id', place).eq('author_id', m.id)),
      );
      await Promise.all(members.slice(6, 9).map((m) => m.client.from('reviews').delete().eq('place_id', place).eq('author_id', m.id)));
      s = await stats(place);
      assertExact(s, members.length - 3);
      const { data } = await anonClient(server).from('places').select('rating_avg, rating_count').eq('id', place).single();
      assert.deepEqual(data, { rating_avg: Number(s.rating_avg), rating_count: members.length - 3 });
    });

    test('concurrent photo uploads: exactly 5 per review, photo_count exact', async () => {
      const place = await newPlace();
      const author = member(1);
      const review = unwrap(
        await author.client.from('reviews').insert({ place_id: place, rating: 4, body: reviewBody() }).select('id').single(),
      ).id;
      const attempts = await Promise.all(
        Array.from({ length: 8 }, () =>
          author.client
            .from('review_photos')
            .insert({ review_id: review, place_id: place, path: `${author.id}/${randomUUID()}.webp`, alt: 'Bar counter' }),
        ),
      );
      assert.equal(attempts.filter((a) => a.error === null).length, 5);
      assert.deepEqual(
        new Set(attempts.filter((a) => a.error).map((a) => a.error?.message)),
        new Set(['A review can have at most 5 photos.']),
      );
      assertExact(await stats(place), 1);
      assert.equal((await stats(place)).photo_count, 5);
    });

    test('hiding a review removes it, its photos and its rating for everyone but author and moderators', async () => {
      const place = await newPlace();
      const [author, other] = [member(2), member(3)];
      const review = unwrap(
        await author.client.from('reviews').insert({ place_id: place, rating: 1, body: reviewBody() }).select('id').single(),
      ).id;
      await other.client.from('reviews').insert({ place_id: place, rating: 5, body: reviewBody() });
      await author.client
        .from('review_photos')
        .insert({ review_id: review, place_id: place, path: `${author.id}/${randomUUID()}.webp`, alt: 'A photo' });
      assert.deepEqual(await stats(place).then((s) => [s.rating_avg, s.rating_count, s.photo_count]), ['3.00', 2, 1]);
      const report = unwrap(
        await other.client.from('reports').insert({ target_type: 'review', target_id: review, reason: 'offensive' }).select('id').single(),
      ).id;

      assert.equal(
        (await author.client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'offensive' })).error?.code,
        '42501',
      );
      const hidden = await moderator.client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'offensive' });
      assert.equal(hidden.error, null);
      assert.equal(hidden.data?.action, 'hide');
      assert.equal(hidden.data?.moderator_id, moderator.id);
      assert.equal(
        (await moderator.client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'again' })).error?.message,
        'This review is already hidden.',
      );

      const s = await stats(place);
      assert.deepEqual([s.rating_avg, s.rating_count, s.photo_count], ['5.00', 1, 0]);
      const histogram = unwrap(await anonClient(server).rpc('place_rating_histogram', { place_id: place }));
      assert.deepEqual(
        histogram,
        [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 5 ? 1 : 0 })),
      );
      const visible = async (client: typeof author.client) => ({
        review: (await client.from('reviews').select('id').eq('id', review)).data?.length,
        photos: (await client.from('review_photos').select('id').eq('review_id', review)).data?.length,
      });
      assert.deepEqual(await visible(anonClient(server)), { review: 0, photos: 0 });
      assert.deepEqual(await visible(other.client), { review: 0, photos: 0 });
      assert.deepEqual(await visible(author.client), { review: 1, photos: 1 });
      assert.deepEqual(await visible(moderator.client), { review: 1, photos: 1 });
      const [resolved] = await sql<{ status: string; resolved_by: string }>(
        server,
        `select status::text, resolved_by::text from reports where id = $1`,
        [report],
      );
      assert.deepEqual(resolved, { status: 'resolved', resolved_by: moderator.id });

      const restored = await moderator.client.rpc('restore_content', {
        target_type: 'review',
        target_id: review,
        reason: 'Reviewed again: fine',
      });
      assert.equal(restored.data?.action, 'restore');
      assert.deepEqual(await stats(place).then((x) => [x.rating_avg, x.rating_count, x.photo_count]), ['3.00', 2, 1]);
      assert.deepEqual(await visible(anonClient(server)), { review: 1, photos: 1 });
    });

    test('hidden places disappear from tables and RPCs except for their author and moderators', async () => {
      const place = await newPlace();
      await moderator.client.rpc('hide_content', { target_type: 'place', target_id: place, reason: 'duplicate' });
      const sees = async (client: typeof moderator.client) => {
        const row = (await client.from('places').select('id').eq('id', place)).data?.length;
        const inView = (await client.rpc('places_in_view', { min_lat: 52, min_lng: 13, max_lat: 53, max_lng: 14 })).data?.some(
          (p) => p.id === place,
        );
        return { row, inView };
      };
      assert.deepEqual(await sees(anonClient(server)), { row: 0, inView: false });
      assert.deepEqual(await sees(member(5).client), { row: 0, inView: false });
      assert.deepEqual(await sees(member(0).client), { row: 1, inView: true });
      assert.deepEqual(await sees(moderator.client), { row: 1, inView: true });
      const histogram = await anonClient(server).rpc('place_rating_histogram', { place_id: place });
      assert.equal(histogram.error?.code, 'P0002');
    });

    test('the moderation log is public, without the moderator for visitors and members', async () => {
      const anon = anonClient(server);
      const star = await anon.from('moderation_actions').select('*');
      assert.equal(star.error?.code, '42501');
      const log = unwrap(await anon.from('moderation_log').select('*').order('created_at', { ascending: false }).limit(1));
      assert.deepEqual(Object.keys(log[0] ?? {}).sort(), ['action', 'created_at', 'details', 'id', 'reason', 'target_id', 'target_type']);
      assert.deepEqual(unwrap(await member(4).client.from('moderation_actions').select('moderator_id').eq('action', 'hide')), []);
      const full = unwrap(
        await moderator.client
          .from('moderation_actions')
          .select('moderator_id')
          .eq('action', 'hide')
          .order('created_at', { ascending: false })
          .limit(1),
      );
      assert.equal(full[0]?.moderator_id, moderator.id);
    });

    test('roles: only admins assign them, and the last admin stays', async () => {
      const target = member(6);
      assert.equal((await moderator.client.rpc('set_role', { user_id: target.id, role: 'moderator' })).error?.code, '42501');
      const promoted = await admin.client.rpc('set_role', { user_id: target.id, role: 'moderator' });
      assert.equal(promoted.error, null);
      assert.deepEqual(promoted.data?.details, { from: 'member', to: 'moderator' });
      assert.equal(unwrap(await anonClient(server).from('profiles').select('role').eq('id', target.id).single()).role, 'moderator');
      assert.equal(
        (
          await target.client
            .from('profiles')
            .update({ role: 'admin' } as never)
            .eq('id', target.id)
        ).error?.code,
        '42501',
      );
      const admins = await sql<{ id: string }>(server, `select id from profiles where role = 'admin'`);
      for (const a of admins.filter((x) => x.id !== admin.id))
        await sql(server, `update profiles set role = 'member' where id = $1`, [a.id]);
      const last = await admin.client.rpc('set_role', { user_id: admin.id, role: 'member' });
      assert.equal(last.error?.code, 'P0001');
      assert.equal(last.error?.message, 'There must always be at least one admin.');
      assert.equal((await admin.client.rpc('set_role', { user_id: randomUUID(), role: 'admin' })).error?.code, 'P0002');
    });

    test('updated_at moves on edits, not on aggregate refreshes', async () => {
      const place = await newPlace();
      const before = (await sql<{ u: string }>(server, `select updated_at::text as u from places where id = $1`, [place]))[0]?.u;
      await member(7).client.from('reviews').insert({ place_id: place, rating: 3, body: reviewBody() });
      const afterReview = (await sql<{ u: string }>(server, `select updated_at::text as u from places where id = $1`, [place]))[0]?.u;
      assert.equal(afterReview, before);
      await member(0).client.from('places').update({ description: 'Now with a description.' }).eq('id', place);
      const afterEdit = (
        await sql<{ later: boolean }>(server, `select updated_at > $2::timestamptz as later from places where id = $1`, [place, before])
      )[0]?.later;
      assert.equal(afterEdit, true);
    });
  });
}
