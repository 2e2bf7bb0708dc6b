/**
 * Attack: probe `place_rating_histogram` with ids of places that do not exist or are hidden,
 * to tell them apart or to make the server fail. Each answers 404 in PostgREST's error shape
 * (no 500, the same body for both), while the place's author and moderators get the bars.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { anonClient, createMember, unwrap, withoutSeed, type Member } from '../data/support.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

const notFound = { code: 'P0002', details: null, hint: null, message: 'Place not found.' };
const shape = (error: { code: string; details: unknown; hint: unknown; message: string } | null) =>
  error && { code: error.code, details: error.details, hint: error.hint, message: error.message };

for (const backend of testBackends()) {
  describe(`rating histogram of an unknown or hidden place on ${backend}`, () => {
    let server: TestServer;
    let author: Member;
    let other: Member;
    let moderator: Member;
    let hidden: string;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [author, other, moderator] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server, { role: 'moderator' }),
      ]);
      hidden = unwrap(
        await author.client.from('places').insert({ name: 'Soon hidden', category: 'cafe', lat: 2, lng: 2 }).select('id').single(),
      ).id;
      assert.equal(
        (await other.client.from('reviews').insert({ place_id: hidden, rating: 4, body: 'A review written before the place was hidden.' }))
          .error,
        null,
      );
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'place', target_id: hidden, reason: 'Duplicate' }));
    });
    after(() => server?.close());

    test('an unknown place is 404 with PostgREST error body, by POST and by GET', async () => {
      const id = randomUUID();
      const viaClient = await anonClient(server).rpc('place_rating_histogram', { place_id: id });
      assert.equal(viaClient.status, 404);
      assert.deepEqual(shape(viaClient.error), notFound);
      const response = await fetch(`${server.url}/rest/v1/rpc/place_rating_histogram?place_id=${id}`, {
        headers: { apikey: server.anonKey },
      });
      assert.equal(response.status, 404);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(await response.json(), notFound);
    });

    test('a hidden place is the same 404 to visitors and other members', async () => {
      for (const client of [anonClient(server), other.client]) {
        const { status, error } = await client.rpc('place_rating_histogram', { place_id: hidden });
        assert.equal(status, 404);
        assert.deepEqual(shape(error), notFound);
      }
    });

    test('its author and moderators still get the bars', async () => {
      const bars = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 4 ? 1 : 0 }));
      for (const client of [author.client, moderator.client])
        assert.deepEqual(unwrap(await client.rpc('place_rating_histogram', { place_id: hidden })), bars);
    });

    test('a missing argument stays a 400', async () => {
      const { status, error } = await anonClient(server).rpc('place_rating_histogram', { place_id: null as unknown as string });
      assert.equal(status, 400);
      assert.equal(error?.code, '22023');
    });
  });
}
