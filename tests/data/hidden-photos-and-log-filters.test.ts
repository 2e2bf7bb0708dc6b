/**
 * What the app reads for a hidden photo and for the filtered public log, as clients see it:
 * the review's embedded photos (with `hidden_at`) reach the uploader and moderators only, the
 * reason is in the public log, and the log filters by action and target type for visitors
 * (the view) and moderators (the table, with who acted).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, reviewBody, unwrap, withoutSeed, type Member } from './support.ts';

for (const backend of testBackends()) {
  describe(`hidden photos and log filters on ${backend}`, () => {
    let server: TestServer;
    let author: Member;
    let stranger: Member;
    let moderator: Member;
    let admin: Member;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [author, stranger, moderator, admin] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server, { role: 'moderator' }),
        createMember(server, { role: 'admin' }),
      ]);
    });
    after(async () => {
      await server?.close();
    });

    async function reviewWithPhoto() {
      const place = unwrap(
        await author.client
          .from('places')
          .insert({ name: `Spot ${randomUUID().slice(0, 6)}`, category: 'park', lat: 51.5, lng: -0.12 })
          .select('id')
          .single(),
      ).id;
      const review = unwrap(
        await author.client.from('reviews').insert({ place_id: place, rating: 4, body: reviewBody() }).select('id').single(),
      ).id;
      const photo = unwrap(
        await author.client
          .from('review_photos')
          .insert({
            review_id: review,
            place_id: place,
            uploader_id: author.id,
            path: `${author.id}/${review}/a.webp`,
            alt: 'The pond',
            width: 800,
            height: 600,
          })
          .select('id')
          .single(),
      ).id;
      return { place, review, photo };
    }

    test('a hidden photo stays in its review for the uploader and moderators, marked, with the public reason', async () => {
      const { place, review, photo } = await reviewWithPhoto();
      assert.equal(
        (await moderator.client.rpc('hide_content', { target_type: 'photo', target_id: photo, reason: 'A stranger’s face' })).error,
        null,
      );
      // the columns the place page asks for
      const photosOf = async (client: Member['client']) =>
        unwrap(await client.from('reviews').select('id, photos:review_photos(id, alt, hidden_at)').eq('id', review).single()).photos;
      assert.deepEqual(await photosOf(anonClient(server)), []);
      assert.deepEqual(await photosOf(stranger.client), []);
      for (const who of [author, moderator]) {
        const [seen, ...rest] = await photosOf(who.client);
        assert.deepEqual(rest, []);
        assert.equal(seen?.id, photo);
        assert.equal(seen?.alt, 'The pond');
        assert.ok(seen?.hidden_at && !Number.isNaN(Date.parse(seen.hidden_at)), 'hidden_at is a timestamp');
      }
      // the gallery lists visible photos only, for the uploader too
      assert.deepEqual(unwrap(await author.client.from('review_photos').select('id').eq('place_id', place).is('hidden_at', null)), []);
      // why: the latest hide in the public log, readable by the uploader (and anyone)
      for (const client of [author.client, anonClient(server)]) {
        const why = unwrap(await client.from('moderation_log').select('reason, action').eq('target_type', 'photo').eq('target_id', photo));
        assert.deepEqual(why, [{ reason: 'A stranger’s face', action: 'hide' }]);
      }
      assert.equal(
        (await moderator.client.rpc('restore_content', { target_type: 'photo', target_id: photo, reason: 'Blurred by the author' })).error,
        null,
      );
      assert.deepEqual(await photosOf(anonClient(server)), [{ id: photo, alt: 'The pond', hidden_at: null }]);
    });

    test('the log filters by action and by target type, for visitors and for moderators', async () => {
      const { review } = await reviewWithPhoto();
      assert.equal(
        (await moderator.client.rpc('hide_content', { target_type: 'review', target_id: review, reason: 'Off topic' })).error,
        null,
      );
      assert.equal((await admin.client.rpc('set_role', { user_id: stranger.id, role: 'moderator' })).error, null);
      const all = unwrap(
        await anonClient(server)
          .from('moderation_log')
          .select('id, action, target_type')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false }),
      );
      assert.ok(all.length >= 4, 'hides, a restore and a role change are logged');
      const cases: { action?: 'hide' | 'restore' | 'role_change'; target?: 'place' | 'review' | 'photo' | 'profile' }[] = [
        { action: 'hide' },
        { action: 'restore' },
        { action: 'role_change' },
        { target: 'photo' },
        { target: 'review' },
        { target: 'profile' },
        { action: 'hide', target: 'photo' },
        { action: 'role_change', target: 'photo' },
      ];
      for (const { action, target } of cases) {
        const expected = all.filter((r) => (!action || r.action === action) && (!target || r.target_type === target)).map((r) => r.id);
        let visitor = anonClient(server).from('moderation_log').select('id');
        let staff = moderator.client
          .from('moderation_actions')
          .select('id, moderator:profiles!moderation_actions_moderator_id_fkey(username)');
        if (action) {
          visitor = visitor.eq('action', action);
          staff = staff.eq('action', action);
        }
        if (target) {
          visitor = visitor.eq('target_type', target);
          staff = staff.eq('target_type', target);
        }
        const label = JSON.stringify({ action, target });
        const seen = unwrap(await visitor.order('created_at', { ascending: false }).order('id', { ascending: false }));
        assert.deepEqual(
          seen.map((r) => r.id),
          expected,
          `visitors, ${label}`,
        );
        const staffSeen = unwrap(await staff.order('created_at', { ascending: false }).order('id', { ascending: false }));
        assert.deepEqual(
          staffSeen.map((r) => r.id),
          expected,
          `moderators, ${label}`,
        );
        assert.ok(
          staffSeen.every((r) => r.moderator?.username),
          `moderators see who acted, ${label}`,
        );
        if (!(action === 'role_change' && target === 'photo'))
          assert.ok(expected.length > 0 && expected.length < all.length, `${label} narrows the log`);
      }
      assert.deepEqual(
        unwrap(await anonClient(server).from('moderation_log').select('id').eq('action', 'role_change').eq('target_type', 'photo')),
        [],
        'a combination with no action is empty',
      );
    });
  });
}
