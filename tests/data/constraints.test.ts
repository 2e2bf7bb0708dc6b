/**
 * Every constraint rejects bad input with the code the app maps to a message (docs/product.md
 * "Error catalogue"): 23514 checks, 23505 uniques, 23503 references, 22P02 bad enum values,
 * P0001 limits enforced by triggers, 42501 rows a member may not write — through supabase-js.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createMember, reviewBody, sql, unwrap, withoutSeed, type Member } from './support.ts';

for (const backend of testBackends()) {
  describe(`constraints on ${backend}`, () => {
    let server: TestServer;
    let ada: Member;
    let ben: Member;
    let place: string;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [ada, ben] = await Promise.all([createMember(server, { username: 'ada_c' }), createMember(server, { username: 'ben_c' })]);
      place = unwrap(
        await ada.client.from('places').insert({ name: 'Constraint Café', category: 'cafe', lat: 48.85, lng: 2.35 }).select('id').single(),
      ).id;
    });
    after(() => server?.close());

    const newPlace = async () =>
      unwrap(
        await ada.client
          .from('places')
          .insert({ name: `Place ${randomUUID().slice(0, 8)}`, category: 'park', lat: 1, lng: 1 })
          .select('id')
          .single(),
      ).id;

    test('profiles: username format, case-insensitive uniqueness, lengths', async () => {
      const update = (patch: Record<string, unknown>) =>
        ada.client
          .from('profiles')
          .update(patch as never)
          .eq('id', ada.id);
      assert.equal((await update({ username: 'ab' })).error?.code, '23514');
      assert.equal((await update({ username: 'Has Space' })).error?.code, '23514');
      assert.equal((await update({ username: 'x'.repeat(25) })).error?.code, '23514');
      const taken = await update({ username: 'ben_c' });
      assert.equal(taken.error?.code, '23505');
      assert.match(taken.error?.message ?? '', /profiles_username_key/);
      assert.equal((await update({ display_name: ' ' })).error?.code, '23514');
      assert.equal((await update({ display_name: 'x'.repeat(51) })).error?.code, '23514');
      assert.equal((await update({ bio: 'x'.repeat(281) })).error?.code, '23514');
      assert.equal((await update({ bio: 'x'.repeat(280), username: 'ada_ok', display_name: 'Ada' })).error, null);
    });

    test('profiles: created on sign-up with a username from the metadata or the email, unique', async () => {
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      await sql(
        server,
        `insert into auth.users (id, email, raw_user_meta_data) values
        ($1, 'Zoé.Durand@example.com', '{}'), ($2, 'zoe.durand@other.example', '{}'), ($3, 'x@example.com', '{"username": "Ada_OK", "display_name": "  Ada L.  "}')`,
        ids,
      );
      const rows = await sql<{ username: string; display_name: string; role: string }>(
        server,
        `select username, display_name, role::text from profiles where id = any($1::uuid[]) order by array_position($1::uuid[], id)`,
        [ids],
      );
      assert.deepEqual(rows, [
        { username: 'zoedurand', display_name: 'zoedurand', role: 'member' },
        { username: 'zoedurand_1', display_name: 'zoedurand_1', role: 'member' },
        { username: 'ada_ok_1', display_name: 'Ada L.', role: 'member' },
      ]);
    });

    test('places: name, description, address lengths, coordinates, category', async () => {
      const insert = (patch: Record<string, unknown>) =>
        ada.client.from('places').insert({ name: 'Valid name', category: 'bar', lat: 0, lng: 0, ...patch } as never);
      assert.equal((await insert({ name: 'x' })).error?.code, '23514');
      assert.equal((await insert({ name: 'x'.repeat(81) })).error?.code, '23514');
      assert.equal((await insert({ description: 'x'.repeat(1001) })).error?.code, '23514');
      assert.equal((await insert({ address: 'x'.repeat(201) })).error?.code, '23514');
      assert.equal((await insert({ lat: 90.5 })).error?.code, '23514');
      assert.equal((await insert({ lng: -180.5 })).error?.code, '23514');
      assert.equal((await insert({ category: 'zoo' })).error?.code, '22P02');
      assert.equal((await insert({ lat: null })).error?.code, '23502');
      assert.equal((await insert({ rating_avg: 5 })).error?.code, '42501');
      assert.equal((await insert({ created_by: ben.id })).error?.code, '42501');
      assert.equal((await insert({ name: 'xy', description: 'x'.repeat(1000), address: 'x'.repeat(200), lat: -90, lng: 180 })).error, null);
    });

    test('reviews: rating, body, visited_on, one per member per place', async () => {
      const insert = (patch: Record<string, unknown>, who = ada) =>
        who.client.from('reviews').insert({ place_id: place, rating: 4, body: reviewBody(), ...patch } as never);
      assert.equal((await insert({ rating: 0 })).error?.code, '23514');
      assert.equal((await insert({ rating: 6 })).error?.code, '23514');
      assert.equal((await insert({ rating: 4.5 })).error?.code, '22P02');
      assert.equal((await insert({ body: 'x'.repeat(19) })).error?.code, '23514');
      assert.equal((await insert({ body: 'x'.repeat(2001) })).error?.code, '23514');
      const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const rejected = await insert({ visited_on: future });
      assert.equal(rejected.error?.code, '23514');
      assert.match(rejected.error?.message ?? '', /reviews_visited_on_not_future/);
      assert.equal((await insert({ hidden_at: new Date().toISOString() })).error?.code, '42501');
      assert.equal((await insert({ author_id: ben.id })).error?.code, '42501');
      const today = new Date().toISOString().slice(0, 10);
      assert.equal((await insert({ visited_on: today, body: 'x'.repeat(20) })).error, null);
      const again = await insert({});
      assert.equal(again.error?.code, '23505');
      assert.match(again.error?.message ?? '', /reviews_one_per_member/);
    });

    test('reviews: not on a hidden place', async () => {
      const hidden = await newPlace();
      await sql(server, `update places set hidden_at = now() where id = $1`, [hidden]);
      const result = await ben.client.from('reviews').insert({ place_id: hidden, rating: 3, body: reviewBody() });
      assert.equal(result.error?.code, '42501');
    });

    test('review_photos: alt, size, folder, place, at most 5 per review', async () => {
      const target = await newPlace();
      const review = unwrap(
        await ben.client.from('reviews').insert({ place_id: target, rating: 5, body: reviewBody() }).select('id').single(),
      ).id;
      const photo = (patch: Record<string, unknown> = {}) => ({
        review_id: review,
        place_id: target,
        path: `${ben.id}/${randomUUID()}.webp`,
        alt: 'Terrace at noon',
        width: 1600,
        height: 1200,
        ...patch,
      });
      const insert = (patch: Record<string, unknown> = {}) => ben.client.from('review_photos').insert(photo(patch) as never);
      assert.equal((await insert({ alt: ' ' })).error?.code, '23514');
      assert.equal((await insert({ alt: 'x'.repeat(151) })).error?.code, '23514');
      assert.equal((await insert({ width: 0 })).error?.code, '23514');
      assert.equal((await insert({ path: `${ada.id}/stolen.webp` })).error?.code, '42501');
      assert.equal((await insert({ place_id: place })).error?.code, '23514');
      // someone else's review
      assert.equal((await ada.client.from('review_photos').insert(photo({ path: `${ada.id}/x.webp` }))).error?.code, '42501');
      const first = photo();
      assert.equal((await ben.client.from('review_photos').insert(first)).error, null);
      assert.equal((await ben.client.from('review_photos').insert({ ...first })).error?.code, '23505');
      for (let i = 0; i < 4; i++) assert.equal((await insert()).error, null);
      const sixth = await insert();
      assert.equal(sixth.error?.code, 'P0001');
      assert.equal(sixth.error?.message, 'A review can have at most 5 photos.');
    });

    test('stars: once per member and place', async () => {
      const target = await newPlace();
      assert.equal((await ben.client.from('stars').insert({ place_id: target })).error, null);
      assert.equal((await ben.client.from('stars').insert({ place_id: target })).error?.code, '23505');
      assert.equal((await ben.client.from('stars').insert({ place_id: randomUUID() })).error?.code, '23503');
    });

    test('reports: note length, reasons, existing target, one open report per target', async () => {
      const target = await newPlace();
      const report = (patch: Record<string, unknown> = {}) =>
        ben.client.from('reports').insert({ target_type: 'place', target_id: target, reason: 'wrong_info', ...patch } as never);
      assert.equal((await report({ note: 'x'.repeat(501) })).error?.code, '23514');
      assert.equal((await report({ reason: 'boring' })).error?.code, '22P02');
      assert.equal((await report({ target_type: 'user' })).error?.code, '22P02');
      const missing = await report({ target_id: randomUUID() });
      assert.equal(missing.error?.code, '23503');
      assert.equal(missing.error?.message, 'The reported place does not exist.');
      assert.equal((await report({ status: 'resolved' })).error?.code, '42501');
      assert.equal((await report({ note: 'x'.repeat(500) })).error, null);
      const again = await report();
      assert.equal(again.error?.code, '23505');
      assert.match(again.error?.message ?? '', /reports_one_open_per_member/);
    });

    test('reports: at most 20 per member per hour', async () => {
      const carol = await createMember(server);
      const targets = await sql<{ id: string }>(
        server,
        `insert into places (name, category, lat, lng) select 'Reported ' || i, 'other', 0, 0 from generate_series(1, 21) i returning id`,
      );
      for (const t of targets.slice(0, 20))
        assert.equal((await carol.client.from('reports').insert({ target_type: 'place', target_id: t.id, reason: 'spam' })).error, null);
      const over = await carol.client.from('reports').insert({ target_type: 'place', target_id: targets[20]?.id ?? '', reason: 'spam' });
      assert.equal(over.error?.code, 'P0001');
      assert.equal(over.error?.message, 'You can send at most 20 reports per hour. Try again later.');
    });

    test('reviews: accounts younger than 24 hours post at most 3 per hour', async () => {
      const newcomer = await createMember(server, { joinedHoursAgo: 2 });
      const veteran = await createMember(server, { joinedHoursAgo: 48 });
      const places = await sql<{ id: string }>(
        server,
        `insert into places (name, category, lat, lng) select 'Rate ' || i, 'cafe', 0, 0 from generate_series(1, 4) i returning id`,
      );
      for (const p of places.slice(0, 3))
        assert.equal((await newcomer.client.from('reviews').insert({ place_id: p.id, rating: 4, body: reviewBody() })).error, null);
      const fourth = await newcomer.client.from('reviews').insert({ place_id: places[3]?.id ?? '', rating: 4, body: reviewBody() });
      assert.equal(fourth.error?.code, 'P0001');
      assert.equal(fourth.error?.message, 'New accounts can post at most 3 reviews per hour. Try again later.');
      for (const p of places)
        assert.equal((await veteran.client.from('reviews').insert({ place_id: p.id, rating: 4, body: reviewBody() })).error, null);
    });
  });
}
