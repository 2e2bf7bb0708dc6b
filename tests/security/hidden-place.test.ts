/**
 * Attack: read a hidden place's content by the side doors: its reviews by place, by author
 * (the profile page) or by id, their photos, the map, search and nearby RPCs, counts, and the
 * place's live topic. Hiding a place hides it and its reviews and photos from everyone but
 * their own authors and moderators, as hiding a review does; restoring shows them again.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { anonClient, createMember, unwrap, withoutSeed, type Client, type Member } from '../data/support.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';

for (const backend of testBackends()) {
  describe(`a hidden place's content on ${backend}`, () => {
    let server: TestServer;
    let owner: Member;
    let reviewer: Member;
    let stranger: Member;
    let moderator: Member;
    let place: string;
    let review: string;
    let photo: string;

    before(async () => {
      server = await startInProcessTestServer(backend, { ...withoutSeed, listen: true });
      [owner, reviewer, stranger, moderator] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server, { role: 'moderator' }),
      ]);
      place = unwrap(
        await owner.client.from('places').insert({ name: 'Zanzibar hideaway', category: 'bar', lat: 47.3, lng: 8.5 }).select('id').single(),
      ).id;
      review = unwrap(
        await reviewer.client
          .from('reviews')
          .insert({ place_id: place, rating: 2, body: 'A review of a place that is about to be hidden.' })
          .select('id')
          .single(),
      ).id;
      photo = unwrap(
        await reviewer.client
          .from('review_photos')
          .insert({
            review_id: review,
            place_id: place,
            path: `${reviewer.id}/${randomUUID()}.webp`,
            alt: 'The bar',
            width: 10,
            height: 10,
          })
          .select('id')
          .single(),
      ).id;
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'place', target_id: place, reason: 'Fake place' }));
    });
    after(() => server?.close());

    /** What a client can find of the place and its content, through every door. */
    async function seen(client: Client) {
      const count = async (query: PromiseLike<{ count: number | null }>) => (await query).count ?? 0;
      return {
        place: await count(client.from('places').select('id', { count: 'exact', head: true }).eq('id', place)),
        reviewsOfPlace: await count(client.from('reviews').select('id', { count: 'exact', head: true }).eq('place_id', place)),
        reviewsOfAuthor: await count(client.from('reviews').select('id', { count: 'exact', head: true }).eq('author_id', reviewer.id)),
        reviewById: unwrap(await client.from('reviews').select('id').eq('id', review)).length,
        photos: await count(client.from('review_photos').select('id', { count: 'exact', head: true }).eq('place_id', place)),
        photoById: unwrap(await client.from('review_photos').select('id').eq('id', photo)).length,
        inView: unwrap(await client.rpc('places_in_view', { min_lat: 47, min_lng: 8, max_lat: 48, max_lng: 9 })).some(
          (p) => p.id === place,
        ),
        nearby: unwrap(await client.rpc('places_nearby', { lat: 47.3, lng: 8.5, radius_km: 1 })).some((p) => p.id === place),
        search: unwrap(await client.rpc('search_places', { q: 'Zanzibar' })).some((p) => p.id === place),
        histogram: (await client.rpc('place_rating_histogram', { place_id: place })).status,
      };
    }

    const nothing = {
      place: 0,
      reviewsOfPlace: 0,
      reviewsOfAuthor: 0,
      reviewById: 0,
      photos: 0,
      photoById: 0,
      inView: false,
      nearby: false,
      search: false,
      histogram: 404,
    };

    test('visitors and other members see nothing of it', async () => {
      assert.deepEqual(await seen(anonClient(server)), nothing);
      assert.deepEqual(await seen(stranger.client), nothing);
    });

    test("the reviewer still sees their own review and photo, not the place; the place's author the place, not others' reviews", async () => {
      assert.deepEqual(await seen(reviewer.client), {
        ...nothing,
        reviewsOfPlace: 1,
        reviewsOfAuthor: 1,
        reviewById: 1,
        photos: 1,
        photoById: 1,
      });
      assert.deepEqual(await seen(owner.client), { ...nothing, place: 1, inView: true, nearby: true, search: true, histogram: 200 });
    });

    test('moderators see all of it', async () => {
      assert.deepEqual(await seen(moderator.client), {
        place: 1,
        reviewsOfPlace: 1,
        reviewsOfAuthor: 1,
        reviewById: 1,
        photos: 1,
        photoById: 1,
        inView: true,
        nearby: true,
        search: true,
        histogram: 200,
      });
    });

    test('nothing new is attached to it', async () => {
      const another = await stranger.client
        .from('reviews')
        .insert({ place_id: place, rating: 5, body: 'Trying to review a hidden place anyway.' });
      assert.equal(another.error?.code, '42501');
      const extra = await reviewer.client
        .from('review_photos')
        .insert({ review_id: review, place_id: place, path: `${reviewer.id}/${randomUUID()}.webp`, alt: 'Another', width: 10, height: 10 });
      assert.equal(extra.error?.code, '42501');
    });

    test("its reviewer's edits are not announced on the place's public topic", async () => {
      const channel = anonClient(server).channel(`place:${place}`, { config: { private: true } });
      const events: unknown[] = [];
      channel.on('broadcast', { event: '*' }, (message) => events.push(message));
      // a visible place's change after the edit: once it arrives, the edit would have too
      const witness = unwrap(
        await owner.client.from('places').insert({ name: 'Witness', category: 'park', lat: 1, lng: 1 }).select('id').single(),
      ).id;
      const marker = anonClient(server).channel(`place:${witness}`, { config: { private: true } });
      const arrived = new Promise<void>((resolve) => marker.on('broadcast', { event: 'UPDATE' }, () => resolve()));
      try {
        await Promise.all(
          [channel, marker].map(
            (c) =>
              new Promise<void>((resolve, reject) =>
                c.subscribe((status) =>
                  status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined,
                ),
              ),
          ),
        );
        assert.equal(
          (await reviewer.client.from('reviews').update({ body: 'An edit nobody but moderators should learn of.' }).eq('id', review)).error,
          null,
        );
        assert.equal((await owner.client.from('places').update({ description: 'Changed after the edit' }).eq('id', witness)).error, null);
        await arrived;
        assert.deepEqual(events, []);
      } finally {
        await Promise.all([channel.unsubscribe(), marker.unsubscribe()]);
      }
    });

    test('restoring shows the place, its review and photo again, with the same figures', async () => {
      unwrap(await moderator.client.rpc('restore_content', { target_type: 'place', target_id: place, reason: 'It exists after all' }));
      assert.deepEqual(await seen(stranger.client), {
        place: 1,
        reviewsOfPlace: 1,
        reviewsOfAuthor: 1,
        reviewById: 1,
        photos: 1,
        photoById: 1,
        inView: true,
        nearby: true,
        search: true,
        histogram: 200,
      });
      const [row] = unwrap(await anonClient(server).from('places').select('rating_avg, rating_count, photo_count').eq('id', place));
      assert.deepEqual(row, { rating_avg: 2, rating_count: 1, photo_count: 1 });
    });
  });
}
