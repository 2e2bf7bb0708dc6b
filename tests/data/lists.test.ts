/**
 * Lists as a client sees them through supabase-js: the limits (in SQL, the same as the app's
 * zod schemas), who opens which list, invitations, and the list's private realtime topic.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, outcome, sql, unwrap, withoutSeed, type Client, type Member } from './support.ts';

function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

for (const backend of testBackends()) {
  describe(`lists on ${backend}`, () => {
    let server: TestServer;
    let ada: Member;
    let ben: Member;
    let cleo: Member;
    let places: string[];
    const clients: Client[] = [];

    before(async () => {
      server = await startInProcessTestServer(backend, { ...withoutSeed, listen: true });
      [ada, ben, cleo] = await Promise.all([createMember(server), createMember(server), createMember(server)]);
      places = (
        await sql<{ id: string }>(
          server,
          `insert into places (name, category, lat, lng) select 'Place ' || i, 'cafe', 40 + i / 10000.0, 3 from generate_series(1, 1001) i returning id`,
        )
      ).map((r) => r.id);
    });
    after(async () => {
      for (const client of clients) await client.removeAllChannels();
      await server?.close();
    });

    const newList = async (owner: Member, fields: { name?: string; visibility?: 'private' | 'unlisted' | 'public' } = {}) =>
      unwrap(
        await owner.client
          .from('lists')
          .insert({ name: fields.name ?? 'Coffee', visibility: fields.visibility ?? 'private', owner_id: owner.id })
          .select('id')
          .single(),
      ).id;

    test('names are 1–60 characters, descriptions ≤ 500, notes ≤ 280', async () => {
      const long = (n: number) => 'x'.repeat(n);
      assert.equal(outcome(await ada.client.from('lists').insert({ name: '  ', owner_id: ada.id })), '23514');
      assert.equal(outcome(await ada.client.from('lists').insert({ name: long(61), owner_id: ada.id })), '23514');
      assert.equal(outcome(await ada.client.from('lists').insert({ name: long(60), description: long(501), owner_id: ada.id })), '23514');
      const list = await newList(ada, { name: long(60) });
      const entry = { list_id: list, place_id: places[0] ?? '', added_by: ada.id };
      assert.equal(outcome(await ada.client.from('list_places').insert({ ...entry, note: long(281) })), '23514');
      assert.equal(outcome(await ada.client.from('list_places').insert({ ...entry, note: long(280) })), 'ok');
      assert.equal(outcome(await ada.client.from('list_places').insert(entry)), '23505');
    });

    test('at most 100 lists per member, 1,000 places per list and 50 members per list', async () => {
      const owner = await createMember(server);
      await sql(server, `insert into lists (owner_id, name) select $1, 'List ' || i from generate_series(1, 99) i`, [owner.id]);
      const last = await newList(owner);
      const over = await owner.client.from('lists').insert({ name: 'One too many', owner_id: owner.id });
      assert.deepEqual([over.error?.code, over.error?.message], ['P0001', 'You can have at most 100 lists.']);

      await sql(server, `insert into list_places (list_id, place_id, added_by) select $1, unnest($2::uuid[]), $3`, [
        last,
        places.slice(0, 999),
        owner.id,
      ]);
      assert.equal(
        outcome(await owner.client.from('list_places').insert({ list_id: last, place_id: places[999] ?? '', added_by: owner.id })),
        'ok',
      );
      const full = await owner.client.from('list_places').insert({ list_id: last, place_id: places[1000] ?? '', added_by: owner.id });
      assert.deepEqual([full.error?.code, full.error?.message], ['P0001', 'A list can hold at most 1,000 places.']);
      const counted = unwrap(await owner.client.from('lists').select('place_count').eq('id', last).single());
      assert.equal(counted.place_count, 1000);
      assert.equal(
        outcome(
          await owner.client
            .from('lists')
            .update({ place_count: 3 } as never)
            .eq('id', last),
        ),
        '42501',
      );

      const invitees = await Promise.all(Array.from({ length: 50 }, () => createMember(server)));
      await sql(server, `insert into list_members (list_id, user_id, invited_by) select $1, unnest($2::uuid[]), $3`, [
        last,
        invitees.slice(0, 49).map((m) => m.id),
        owner.id,
      ]);
      const fiftieth = await owner.client
        .from('list_members')
        .insert({ list_id: last, user_id: invitees[49]?.id ?? '', invited_by: owner.id });
      assert.equal(outcome(fiftieth), 'ok');
      const extra = await owner.client.from('list_members').insert({ list_id: last, user_id: ada.id, invited_by: owner.id });
      assert.deepEqual([extra.error?.code, extra.error?.message], ['P0001', 'A list can have at most 50 members.']);
    });

    test('public lists are read by anyone, unlisted ones only by their id, private ones by their people', async () => {
      const [open, unlisted, closed] = [
        await newList(ada, { visibility: 'public' }),
        await newList(ada, { visibility: 'unlisted' }),
        await newList(ada),
      ];
      await ada.client.from('list_places').insert({ list_id: unlisted, place_id: places[5] ?? '', added_by: ada.id, note: 'By link' });
      const visitor = anonClient(server);
      const seen = unwrap(await visitor.from('lists').select('id').in('id', [open, unlisted, closed])).map((l) => l.id);
      assert.deepEqual(seen, [open]);
      const byLink = unwrap(await visitor.rpc('open_list', { list_id: unlisted })) as { places: { note: string }[]; access: null };
      assert.deepEqual([byLink.access, byLink.places.map((p) => p.note)], [null, ['By link']]);
      assert.equal(outcome(await visitor.rpc('open_list', { list_id: closed })), 'P0002');
      assert.equal(outcome(await ben.client.rpc('open_list', { list_id: closed })), 'P0002');
      assert.equal((unwrap(await ada.client.rpc('open_list', { list_id: closed })) as { access: string }).access, 'owner');
    });

    test('an invited member reads the list, accepts, and edits only as an editor', async () => {
      const list = await newList(ada, { name: 'Shared' });
      assert.equal(
        outcome(await ada.client.from('list_members').insert({ list_id: list, user_id: ben.id, role: 'viewer', invited_by: ada.id })),
        'ok',
      );
      assert.equal((unwrap(await ben.client.rpc('open_list', { list_id: list })) as { access: string }).access, 'invited');
      // the invitee accepts, but cannot promote themselves
      await ben.client.from('list_members').update({ role: 'editor' }).eq('list_id', list).eq('user_id', ben.id);
      await ben.client.from('list_members').update({ accepted_at: new Date().toISOString() }).eq('list_id', list).eq('user_id', ben.id);
      assert.equal((unwrap(await ben.client.rpc('open_list', { list_id: list })) as { access: string }).access, 'viewer');
      const entry = { list_id: list, place_id: places[7] ?? '', added_by: ben.id };
      assert.equal(outcome(await ben.client.from('list_places').insert(entry)), '42501');
      await ada.client.from('list_members').update({ role: 'editor' }).eq('list_id', list).eq('user_id', ben.id);
      assert.equal(outcome(await ben.client.from('list_places').insert(entry)), 'ok');
      const [row] = await sql<{ note: string }>(server, `select note from list_places where list_id = $1`, [list]);
      assert.deepEqual(row, { note: '' });
    });

    test('export-my-data carries lists, places added, memberships and follows; delete-account removes them', async () => {
      // the functions ask the auth service who calls, so Dana signs in for a real session
      const email = `dana_${Date.now().toString(36)}@test.pinstar.local`;
      const password = 'correct horse battery';
      assert.equal((await server.admin().auth.admin.createUser({ email, password, email_confirm: true })).error, null);
      const session = server.client();
      const signedIn = await session.auth.signInWithPassword({ email, password });
      const dana = { id: signedIn.data.user?.id ?? '', client: session as Client } as Member;
      const mine = await newList(dana, { name: 'Dana picks', visibility: 'public' });
      const theirs = await newList(ada, { name: 'Ada shares' });
      await sql(server, `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $3, now())`, [
        theirs,
        dana.id,
        ada.id,
      ]);
      await dana.client.from('list_places').insert({ list_id: theirs, place_id: places[11] ?? '', added_by: dana.id, note: 'Try it' });
      const followed = await newList(ben, { name: 'Ben public', visibility: 'public' });
      await dana.client.from('list_follows').insert({ list_id: followed, user_id: dana.id });
      const exported = unwrap(await dana.client.functions.invoke('export-my-data')) as Record<
        string,
        { name?: string; note?: string; list_id?: string }[]
      >;
      assert.deepEqual(
        [
          exported.lists?.map((l) => l.name),
          exported.list_places?.map((p) => p.note),
          exported.list_memberships?.map((m) => m.list_id),
          exported.list_follows?.map((f) => f.list_id),
        ],
        [['Dana picks'], ['Try it'], [theirs], [followed]],
      );
      unwrap(await dana.client.functions.invoke('delete-account', { body: { reviews: 'delete' } }));
      const left = await sql<{ lists: number; members: number; follows: number; kept: string | null }>(
        server,
        `select (select count(*)::int from lists where id = $1) as lists, (select count(*)::int from list_members where user_id = $2) as members,
                (select count(*)::int from list_follows where user_id = $2) as follows,
                (select coalesce(added_by::text, 'anonymous') from list_places where list_id = $3) as kept`,
        [mine, dana.id, theirs],
      );
      assert.deepEqual(left, [{ lists: 0, members: 0, follows: 0, kept: 'anonymous' }]);
    });

    test('match_places matches the rows of an import in batches: nearest similar place per row, bad rows none, at most 500', async () => {
      const [near] = await sql<{ name: string; lat: number; lng: number; id: string }>(
        server,
        `select id, name, lat, lng from places where id = $1`,
        [places[0]],
      );
      assert.ok(near);
      const rows = {
        names: [near.name, 'Nowhere at all', 'x', near.name],
        lats: [near.lat, 10, near.lat, 95],
        lngs: [near.lng, 10, near.lng, 3],
      };
      const found = unwrap(await ada.client.rpc('match_places', rows));
      assert.deepEqual(found, [{ row_index: 1, id: near.id, name: near.name }]);
      const many = Array.from({ length: 501 }, () => near.name);
      const tooMany = await ada.client.rpc('match_places', { names: many, lats: many.map(() => near.lat), lngs: many.map(() => near.lng) });
      assert.equal(outcome(tooMany), '22023');
      assert.equal(outcome(await ada.client.rpc('match_places', { names: ['a', 'b'], lats: [1], lngs: [1, 2] })), '22023');
      assert.equal(outcome(await anonClient(server).rpc('match_places', rows)), '42501');
    });

    test('changes arrive live on the list topic for its people only, with presence', async () => {
      const list = await newList(ada, { name: 'Live', visibility: 'public' });
      await sql(server, `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $3, now())`, [
        list,
        ben.id,
        ada.id,
      ]);
      clients.push(ada.client, ben.client, cleo.client);
      const watcher = ada.client.channel(`list:${list}`, { config: { private: true, presence: { key: 'ada' } } });
      // The topic carries the list's members' rows too: Ben's, inserted above, is announced
      // whenever the server hears of it, which may be after this channel has joined.
      const arrived = new Promise<string>((resolve) =>
        watcher.on('broadcast', { event: 'INSERT' }, (m) => {
          const { table, record } = m.payload as { table: string; record: { place_id: string } };
          if (table === 'list_places') resolve(record.place_id);
        }),
      );
      const here = new Promise<string[]>((resolve) =>
        watcher.on('presence', { event: 'sync' }, () => {
          const keys = Object.keys(watcher.presenceState()).sort();
          if (keys.length === 2) resolve(keys);
        }),
      );
      assert.equal(await join(watcher), 'SUBSCRIBED');
      const editor = ben.client.channel(`list:${list}`, { config: { private: true, presence: { key: 'ben' } } });
      assert.equal(await join(editor), 'SUBSCRIBED');
      await watcher.track({ name: 'Ada' });
      await editor.track({ name: 'Ben' });
      assert.deepEqual(await here, ['ada', 'ben']);
      await ben.client.from('list_places').insert({ list_id: list, place_id: places[9] ?? '', added_by: ben.id });
      assert.equal(await arrived, places[9]);

      // a public list is readable by all, but its live topic belongs to its people
      assert.match(await join(cleo.client.channel(`list:${list}`, { config: { private: true } })), /^CHANNEL_ERROR/);
      const visitor = anonClient(server);
      clients.push(visitor);
      assert.match(await join(visitor.channel(`list:${list}`, { config: { private: true } })), /^CHANNEL_ERROR/);
    });
  });
}
