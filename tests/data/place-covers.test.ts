/**
 * A place's cover photo and the photos' ThumbHashes, as clients see them: the cover is a
 * visible photo of the best-rated visible review, follows hides and deletes, carries its
 * ThumbHash, and only the trigger writes it; a ThumbHash must be base64 of a sane length.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, outcome, reviewBody, unwrap, withoutSeed, type Member } from './support.ts';

const hashA = 'mcYJLYpJl3h/iIhweHd5eIaAfQeI';
const hashB = '17gJNYxYhXiPh4hxmUiIeHh/dwio';

for (const backend of testBackends()) {
  describe(`place covers on ${backend}`, () => {
    let server: TestServer;
    let owner: Member;
    let fan: Member;
    let critic: Member;
    let moderator: Member;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [owner, fan, critic, moderator] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server, { role: 'moderator' }),
      ]);
    });
    after(async () => {
      await server?.close();
    });

    async function review(who: Member, place: string, rating: number, thumbhash: string | null) {
      const id = unwrap(await who.client.from('reviews').insert({ place_id: place, rating, body: reviewBody() }).select('id').single()).id;
      const path = `${who.id}/${id}/${randomUUID()}.webp`;
      const photo = unwrap(
        await who.client
          .from('review_photos')
          .insert({ review_id: id, place_id: place, uploader_id: who.id, path, alt: 'A view', width: 800, height: 600, thumbhash })
          .select('id, thumbhash')
          .single(),
      );
      assert.equal(photo.thumbhash, thumbhash);
      return { review: id, photo: photo.id, path };
    }

    const coverOf = async (place: string) =>
      unwrap(await anonClient(server).from('places').select('cover_photo_path, cover_photo_thumbhash').eq('id', place).single());

    test('the cover is the best-rated visible review’s photo, follows hides and deletes, and lists carry it', async () => {
      const place = unwrap(
        await owner.client
          .from('places')
          .insert({ name: `Cover ${randomUUID().slice(0, 6)}`, category: 'park', lat: 10.5, lng: 20.5 })
          .select('id')
          .single(),
      ).id;
      assert.deepEqual(await coverOf(place), { cover_photo_path: null, cover_photo_thumbhash: null });
      const low = await review(critic, place, 2, hashB);
      assert.deepEqual(await coverOf(place), { cover_photo_path: low.path, cover_photo_thumbhash: hashB });
      const high = await review(fan, place, 5, hashA);
      assert.deepEqual(await coverOf(place), { cover_photo_path: high.path, cover_photo_thumbhash: hashA });
      const inView = unwrap(
        await anonClient(server)
          .rpc('places_in_view', { min_lat: 10, min_lng: 20, max_lat: 11, max_lng: 21 })
          .select('id, cover_photo_path'),
      );
      assert.deepEqual(inView, [{ id: place, cover_photo_path: high.path }]);
      assert.equal(
        (await moderator.client.rpc('hide_content', { target_type: 'photo', target_id: high.photo, reason: 'A face' })).error,
        null,
      );
      assert.deepEqual(await coverOf(place), { cover_photo_path: low.path, cover_photo_thumbhash: hashB });
      assert.equal(
        (await moderator.client.rpc('hide_content', { target_type: 'review', target_id: low.review, reason: 'Spam' })).error,
        null,
      );
      assert.deepEqual(await coverOf(place), { cover_photo_path: null, cover_photo_thumbhash: null });
      assert.equal(
        (await moderator.client.rpc('restore_content', { target_type: 'photo', target_id: high.photo, reason: 'Fine' })).error,
        null,
      );
      assert.deepEqual(await coverOf(place), { cover_photo_path: high.path, cover_photo_thumbhash: hashA });
      assert.equal((await fan.client.from('review_photos').delete().eq('id', high.photo)).error, null);
      assert.deepEqual(await coverOf(place), { cover_photo_path: null, cover_photo_thumbhash: null });
    });

    test('members cannot write a cover or change a ThumbHash, and a ThumbHash must be short base64', async () => {
      const place = unwrap(
        await owner.client
          .from('places')
          .insert({ name: `Mine ${randomUUID().slice(0, 6)}`, category: 'cafe', lat: 11.5, lng: 21.5 })
          .select('id')
          .single(),
      ).id;
      const set = await owner.client
        .from('places')
        .update({ cover_photo_path: `${owner.id}/x/evil.webp` })
        .eq('id', place);
      assert.equal(outcome(set), '42501');
      const mine = await review(owner, place, 4, hashA);
      const change = await owner.client.from('review_photos').update({ thumbhash: hashB }).eq('id', mine.photo);
      assert.equal(outcome(change), '42501');
      const r = unwrap(
        await critic.client.from('reviews').insert({ place_id: place, rating: 3, body: reviewBody() }).select('id').single(),
      ).id;
      for (const bad of ['not base64!', 'A'.repeat(80), '<svg onload=alert(1)>']) {
        const insert = await critic.client.from('review_photos').insert({
          review_id: r,
          place_id: place,
          uploader_id: critic.id,
          path: `${critic.id}/${r}/a.webp`,
          alt: 'A view',
          width: 10,
          height: 10,
          thumbhash: bad,
        });
        assert.equal(outcome(insert), '23514', `${bad} is refused`);
      }
    });
  });
}
