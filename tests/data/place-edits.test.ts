/**
 * Suggested edits through supabase-js (decision 322): a member suggests, the place's creator, a
 * trusted member or a moderator decides; an accepted change lands in one statement, a pending or
 * rejected one never touches the place; the history is public with the previous values; the
 * suggester hears the outcome; the queue is live on the moderation topic.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, outcome, reviewBody, sql, unwrap, withoutSeed, type Member } from './support.ts';

function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

for (const backend of testBackends()) {
  describe(`suggested edits on ${backend}`, () => {
    let server: TestServer;
    let creator: Member;
    let ben: Member;
    let cleo: Member;
    let moderator: Member;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [creator, ben, cleo, moderator] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server, { role: 'moderator' }),
      ]);
    });
    after(async () => {
      await moderator?.client.removeAllChannels();
      await server?.close();
    });

    const newPlace = async (name = 'Café Original') =>
      (
        await sql<{ id: string }>(
          server,
          `insert into places (name, category, address, lat, lng, created_by, phone) values ($1, 'cafe', '1 Old Street', 48.85, 2.35, $2, '+33 1 00 00 00 00') returning id`,
          [name, creator.id],
        )
      )[0]?.id ?? '';
    const placeRow = async (id: string) =>
      (
        await sql<{ name: string; phone: string | null; lat: number }>(server, `select name, phone, lat from places where id = $1`, [id])
      )[0];
    const notices = async (member: Member) =>
      (
        await sql<{ kind: string; reason: string | null }>(
          server,
          `select kind::text, reason from notifications where recipient_id = $1 order by created_at`,
          [member.id],
        )
      ).map((n) => `${n.kind}${n.reason ? `: ${n.reason}` : ''}`);

    test('a suggestion waits without touching the place; the creator accepts it and it lands with its previous values public', async () => {
      const place = await newPlace();
      const edit = unwrap(
        await ben.client.rpc('suggest_place_edit', {
          place_id: place,
          changes: { name: 'Café Renamed', phone: '+33 1 45 48 55 26', address: '1 Old Street' },
          note: 'New sign over the door.',
        }),
      );
      // what did not change is not part of the suggestion
      assert.deepEqual(edit.changes, { name: 'Café Renamed', phone: '+33 1 45 48 55 26' });
      assert.deepEqual(edit.previous, { name: 'Café Original', phone: '+33 1 00 00 00 00' });
      assert.equal(edit.status, 'pending');
      assert.equal((await placeRow(place))?.name, 'Café Original');
      assert.deepEqual(await notices(creator), ['edit_suggested']);

      // the suggester never decides; a member who is neither creator nor trusted cannot either
      assert.equal(outcome(await ben.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true })), '42501');
      assert.equal(outcome(await cleo.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true })), '42501');
      assert.equal((await placeRow(place))?.name, 'Café Original');

      const decided = unwrap(await creator.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true }));
      assert.equal(decided.status, 'accepted');
      assert.equal(decided.decided_as, 'creator');
      assert.deepEqual(await placeRow(place), { name: 'Café Renamed', phone: '+33 1 45 48 55 26', lat: 48.85 });
      assert.deepEqual(await notices(ben), ['edit_accepted']);
      // a second decision finds it decided
      assert.equal(outcome(await creator.client.rpc('decide_place_edit', { edit_id: edit.id, accept: false })), 'P0001');

      // the history, as a visitor reads it: who, when, what, the previous value — not who decided
      const history = unwrap(
        await anonClient(server)
          .from('place_edits')
          .select('author_id, changes, previous, status, decided_as, decided_at')
          .eq('place_id', place),
      );
      assert.deepEqual(
        history.map((h) => [h.author_id, h.changes, h.previous, h.status, h.decided_as]),
        [
          [
            ben.id,
            { name: 'Café Renamed', phone: '+33 1 45 48 55 26' },
            { name: 'Café Original', phone: '+33 1 00 00 00 00' },
            'accepted',
            'creator',
          ],
        ],
      );
      assert.notEqual(outcome(await anonClient(server).from('place_edits').select('decided_by').eq('place_id', place)), 'ok');
      assert.notEqual(outcome(await cleo.client.from('place_edits').select('decided_by').eq('place_id', place)), 'ok');
    });

    test('a rejected suggestion never changes the place; the suggester is told why', async () => {
      const place = await newPlace();
      const edit = unwrap(await ben.client.rpc('suggest_place_edit', { place_id: place, changes: { lat: 48.9 } }));
      const decided = unwrap(
        await moderator.client.rpc('decide_place_edit', { edit_id: edit.id, accept: false, reason: 'The pin was right.' }),
      );
      assert.equal(decided.status, 'rejected');
      assert.equal(decided.decided_as, 'moderator');
      assert.equal((await placeRow(place))?.lat, 48.85);
      assert.deepEqual((await notices(ben)).slice(-1), ['edit_rejected: The pin was right.']);
    });

    test('values the place would refuse are refused when suggested, in the constraint’s words', async () => {
      const place = await newPlace();
      const suggest = async (changes: Record<string, unknown>) => {
        const result = await ben.client.rpc('suggest_place_edit', { place_id: place, changes: changes as never });
        return result.error
          ? `${result.error.code}${/places_[a-z_]+/.exec(result.error.message)?.[0] ? ' ' + /places_[a-z_]+/.exec(result.error.message)?.[0] : ''}`
          : 'ok';
      };
      assert.equal(await suggest({ phone: 'call me' }), '23514 places_phone_format');
      assert.equal(await suggest({ name: 'x' }), '23514 places_name_length');
      assert.equal(await suggest({ lat: 123 }), '23514 places_lat_range');
      assert.equal(await suggest({ time_zone: 'Europe/Paris', opening_hours: { weekly: [] } }), '23514 places_opening_hours_valid');
      assert.equal(await suggest({ opening_hours: { weekly: [[], [], [], [], [], [], []] } }), '23514 places_opening_hours_time_zone');
      assert.equal(await suggest({ time_zone: 'Nowhere/Land' }), '23514 places_time_zone_format');
      assert.equal(await suggest({ category: 'casino' }), '22P02');
      assert.equal(await suggest({ hidden_at: null }), '22023');
      assert.equal(await suggest({ created_by: ben.id }), '22023');
      assert.equal(await suggest({ name: 'Café Original' }), '22023');
      assert.equal(await suggest({}), '22023');
      // nothing was stored, and the place is as it was
      assert.equal((await sql(server, `select 1 from place_edits where place_id = $1`, [place])).length, 0);
      assert.equal((await placeRow(place))?.name, 'Café Original');
      // one suggestion waiting per member and place
      assert.equal(await suggest({ name: 'Café One' }), 'ok');
      assert.equal(await suggest({ name: 'Café Two' }), '23505');
      // visitors cannot suggest; hidden places take no suggestions
      assert.notEqual(outcome(await anonClient(server).rpc('suggest_place_edit', { place_id: place, changes: { name: 'Anon' } })), 'ok');
      await sql(server, `update places set hidden_at = now() where id = $1`, [place]);
      assert.equal(outcome(await cleo.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Hidden' } })), 'P0002');
    });

    test('a place changed since the suggestion is not overwritten by it', async () => {
      const place = await newPlace();
      const edit = unwrap(await ben.client.rpc('suggest_place_edit', { place_id: place, changes: { phone: '+33 1 11 11 11 11' } }));
      unwrap(await creator.client.from('places').update({ phone: '+33 1 22 22 22 22' }).eq('id', place).select('id'));
      assert.equal(outcome(await creator.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true })), 'P0001');
      assert.equal((await placeRow(place))?.phone, '+33 1 22 22 22 22');
      // the creator's own edit is in the history, as applied, with what it replaced
      const history = unwrap(
        await anonClient(server)
          .from('place_edits')
          .select('changes, previous, status, decided_as')
          .eq('place_id', place)
          .eq('status', 'applied'),
      );
      assert.deepEqual(history, [
        { changes: { phone: '+33 1 22 22 22 22' }, previous: { phone: '+33 1 00 00 00 00' }, status: 'applied', decided_as: 'creator' },
      ]);
    });

    test('two deciders at once: one outcome', async () => {
      const place = await newPlace();
      const edit = unwrap(await ben.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Café Raced' } }));
      const results = await Promise.all([
        creator.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true }),
        moderator.client.rpc('decide_place_edit', { edit_id: edit.id, accept: false }),
      ]);
      assert.deepEqual(results.map(outcome).sort(), ['P0001', 'ok']);
      const [row] = await sql<{ status: string; name: string }>(
        server,
        `select e.status::text, p.name from place_edits e join places p on p.id = e.place_id where e.id = $1`,
        [edit.id],
      );
      assert.ok(row?.status === 'accepted' ? row.name === 'Café Raced' : row?.name === 'Café Original', JSON.stringify(row));
    });

    test('trusted members: 30 days, 10 kept reviews a week old, nothing hidden in 90 days', async () => {
      const place = await newPlace();
      const dana = await createMember(server, { joinedHoursAgo: 24 * 60 });
      const reviewed = await sql<{ id: string }>(
        server,
        `insert into places (name, category, lat, lng) select 'Reviewed ' || i, 'park', 1, i from generate_series(1, 10) i returning id`,
      );
      for (const [i, r] of reviewed.entries()) {
        await sql(
          server,
          `insert into reviews (place_id, author_id, rating, body, created_at) values ($1, $2, 4, $3, now() - interval '8 days')`,
          [r.id, dana.id, reviewBody(i)],
        );
      }
      const standing = async () =>
        unwrap(await dana.client.rpc('place_edit_standing', { place_id: place }).then((r) => ({ ...r, data: r.data ?? 'none' })));
      assert.equal(await standing(), 'trusted');
      const edit = unwrap(await ben.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Café Trusted' } }));
      // one review hidden by a moderator: no longer trusted
      const [hidden] = await sql<{ id: string }>(server, `select id from reviews where author_id = $1 limit 1`, [dana.id]);
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'review', target_id: hidden?.id ?? '', reason: 'spam' }));
      assert.equal(await standing(), 'none');
      assert.equal(outcome(await dana.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true })), '42501');
      unwrap(await moderator.client.rpc('restore_content', { target_type: 'review', target_id: hidden?.id ?? '', reason: 'mistake' }));
      // restored, but the hide stays in the last 90 days' log
      assert.equal(await standing(), 'none');
      await sql(server, `update moderation_actions set created_at = now() - interval '91 days' where target_id = $1`, [hidden?.id]);
      assert.equal(await standing(), 'trusted');
      unwrap(await dana.client.rpc('decide_place_edit', { edit_id: edit.id, accept: true }));
      assert.equal((await placeRow(place))?.name, 'Café Trusted');
      // a young account with the same reviews is not trusted
      await sql(server, `update profiles set created_at = now() - interval '29 days' where id = $1`, [dana.id]);
      assert.equal(await standing(), 'none');
    });

    test('withdrawing, deleting an account, and the moderators’ live queue', async () => {
      const place = await newPlace();
      const queue = moderator.client.channel('moderation', { config: { private: true } });
      const heard: string[] = [];
      queue.on('broadcast', { event: 'place_edit' }, ({ payload }) => heard.push(`${String(payload.operation)} ${String(payload.status)}`));
      assert.equal(await join(queue), 'SUBSCRIBED');
      const edit = unwrap(await ben.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Café Withdrawn' } }));
      // moderators see the queue
      const pending = unwrap(await moderator.client.from('place_edits').select('id').eq('status', 'pending').eq('place_id', place));
      assert.deepEqual(pending, [{ id: edit.id }]);
      // others cannot delete it; its author withdraws it
      await cleo.client.from('place_edits').delete().eq('id', edit.id);
      assert.equal((await sql(server, `select 1 from place_edits where id = $1`, [edit.id])).length, 1);
      await ben.client.from('place_edits').delete().eq('id', edit.id);
      assert.equal((await sql(server, `select 1 from place_edits where id = $1`, [edit.id])).length, 0);
      const deadline = Date.now() + 5000;
      while (heard.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(heard, ['INSERT pending', 'DELETE pending']);

      // an accepted edit cannot be deleted by its author; deleting the account keeps it, nameless
      const eve = await createMember(server);
      const kept = unwrap(await eve.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Café Kept' } }));
      unwrap(await creator.client.rpc('decide_place_edit', { edit_id: kept.id, accept: true }));
      const waiting = unwrap(await eve.client.rpc('suggest_place_edit', { place_id: place, changes: { phone: '+33 1 99 99 99 99' } }));
      await eve.client.from('place_edits').delete().eq('id', kept.id);
      assert.equal((await sql(server, `select 1 from place_edits where id = $1`, [kept.id])).length, 1);
      await sql(server, `select public.delete_account($1, 'anonymize')`, [eve.id]);
      const rows = await sql<{ id: string; author_id: string | null }>(
        server,
        `select id, author_id from place_edits where id in ($1, $2)`,
        [kept.id, waiting.id],
      );
      assert.deepEqual(rows, [{ id: kept.id, author_id: null }]);
    });

    test('export-my-data carries the member’s suggestions and places’ basics; delete-account withdraws what waits', async () => {
      // the functions ask the auth service who calls, so Fay signs in for a real session
      const email = `fay_${Date.now().toString(36)}@test.pinstar.local`;
      const password = 'correct horse battery';
      assert.equal((await server.admin().auth.admin.createUser({ email, password, email_confirm: true })).error, null);
      const session = server.client();
      const signedIn = await session.auth.signInWithPassword({ email, password });
      const fay = { id: signedIn.data.user?.id ?? '', client: session as Member['client'] } as Member;
      const mine = unwrap(
        await fay.client
          .from('places')
          .insert({
            name: 'Fay’s bakery',
            category: 'cafe',
            lat: 1,
            lng: 1,
            phone: '+33 1 23 45 67 89',
            price_level: 1,
            created_by: fay.id,
          })
          .select('id')
          .single(),
      ).id;
      const place = await newPlace();
      const accepted = unwrap(
        await fay.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Café Accepted' }, note: 'Sign' }),
      );
      unwrap(await creator.client.rpc('decide_place_edit', { edit_id: accepted.id, accept: true }));
      const other = await newPlace('Café Other');
      const waiting = unwrap(await fay.client.rpc('suggest_place_edit', { place_id: other, changes: { phone: '+33 1 98 76 54 32' } }));
      const exported = unwrap(await fay.client.functions.invoke('export-my-data')) as {
        place_edits: { id: string; status: string; changes: unknown; previous: unknown; note: string }[];
        places: { id: string; phone: string | null; price_level: number | null }[];
      };
      assert.deepEqual(
        exported.place_edits.map((e) => [e.id, e.status, e.changes, e.previous]),
        [
          [accepted.id, 'accepted', { name: 'Café Accepted' }, { name: 'Café Original' }],
          [waiting.id, 'pending', { phone: '+33 1 98 76 54 32' }, { phone: '+33 1 00 00 00 00' }],
        ],
      );
      assert.deepEqual(
        exported.places.map((p) => [p.id, p.phone, p.price_level]),
        [[mine, '+33 1 23 45 67 89', 1]],
      );
      unwrap(await fay.client.functions.invoke('delete-account', { body: { reviews: 'anonymize' } }));
      const left = await sql<{ id: string; author_id: string | null }>(
        server,
        `select id, author_id from place_edits where id in ($1, $2)`,
        [accepted.id, waiting.id],
      );
      assert.deepEqual(left, [{ id: accepted.id, author_id: null }]);
    });
  });
}
