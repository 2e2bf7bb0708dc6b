/**
 * Keeping a list up to date (decision 323), through supabase-js: the owner renames it and changes
 * its visibility while an editor has it open (live), a list made private drops its followers and
 * tells them, and a delete is summed up first (places, notes, followers) and heard by its editors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../web/src/lib/database.types.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createMember, outcome, sql, unwrap, withoutSeed, type Client, type Member } from './support.ts';

function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const backend of testBackends()) {
  describe(`keeping lists up to date on ${backend}`, () => {
    let server: TestServer;
    let owner: Member;
    let editor: Member;
    let fan: Member;
    let other: Member;
    let places: string[];

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [owner, editor, fan, other] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server),
      ]);
      places = (
        await sql<{ id: string }>(
          server,
          `insert into places (name, category, lat, lng) select 'Spot ' || i, 'bar', 52, 13 + i / 1000.0 from generate_series(1, 3) i returning id`,
        )
      ).map((r) => r.id);
    });
    after(async () => {
      for (const client of watchers) await client.removeAllChannels();
      await server?.close();
    });

    // A client whose realtime token is the member's for good: supabase-js' own auth events (it
    // has no session) would hand realtime the anon key, which the server takes as the token
    // changing and answers by closing a private channel the anon role cannot read.
    const watchers: Client[] = [];
    async function watcherOf(member: Member): Promise<Client> {
      const client = createClient<Database>(server.url, server.anonKey, {
        accessToken: async () => member.token,
        realtime: { transport: WebSocket as never },
      });
      await client.realtime.setAuth(member.token);
      watchers.push(client);
      return client;
    }

    async function sharedList(visibility: 'public' | 'unlisted' = 'public') {
      const list = unwrap(
        await owner.client.from('lists').insert({ owner_id: owner.id, name: 'Berlin bars', visibility }).select('id').single(),
      ).id;
      await sql(server, `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $3, now())`, [
        list,
        editor.id,
        owner.id,
      ]);
      await sql(
        server,
        `insert into list_places (list_id, place_id, added_by, note) select $1, p, $2, case when p = $3 then 'Go early' else '' end from unnest($4::uuid[]) p`,
        [list, owner.id, places[0], places],
      );
      return list;
    }

    test('the owner renames it, changes its words and emoji while an editor watches; nobody else can', async () => {
      const list = await sharedList();
      const channel = (await watcherOf(editor)).channel(`list:${list}`, { config: { private: true } });
      const heard: string[] = [];
      channel.on('broadcast', { event: 'UPDATE' }, ({ payload }) => {
        const record = (payload as { record?: { name?: string; table?: string } }).record;
        if (record?.name) heard.push(record.name);
      });
      assert.equal(await join(channel), 'SUBSCRIBED');
      unwrap(
        await owner.client
          .from('lists')
          .update({ name: 'Berlin bars, kept fresh', description: 'Updated in December.', emoji: '🍺' })
          .eq('id', list)
          .select('id'),
      );
      await until(() => heard.includes('Berlin bars, kept fresh'), 'the rename on the list topic');
      await editor.client.from('lists').update({ name: 'Editor was here' }).eq('id', list);
      await other.client.from('lists').update({ name: 'Stranger was here' }).eq('id', list);
      assert.equal(outcome(await owner.client.from('lists').update({ name: ' ' }).eq('id', list)), '23514');
      const [row] = await sql<{ name: string; emoji: string }>(server, `select name, emoji from lists where id = $1`, [list]);
      assert.deepEqual(row, { name: 'Berlin bars, kept fresh', emoji: '🍺' });
    });

    for (const from of ['public', 'unlisted'] as const) {
      test(`made private from ${from}: its followers lose it and are told its name; its members keep theirs`, async () => {
        const list = await sharedList(from);
        unwrap(await fan.client.from('list_follows').insert({ list_id: list, user_id: fan.id }).select('list_id'));
        unwrap(await editor.client.from('list_follows').insert({ list_id: list, user_id: editor.id }).select('list_id'));
        unwrap(await owner.client.from('lists').update({ visibility: 'private' }).eq('id', list).select('id'));
        const follows = await sql<{ user_id: string }>(server, `select user_id from list_follows where list_id = $1`, [list]);
        assert.deepEqual(follows, [{ user_id: editor.id }]);
        const notes = unwrap(await fan.client.from('notifications').select('kind, reason, list_id').eq('list_id', list));
        assert.deepEqual(notes, [{ kind: 'list_private', reason: 'Berlin bars', list_id: list }]);
        // the list is gone from the fan's side, and following it again is refused
        assert.equal(outcome(await fan.client.rpc('open_list', { list_id: list })), 'P0002');
        await fan.client.from('list_follows').insert({ list_id: list, user_id: fan.id });
        assert.equal((await sql(server, `select 1 from list_follows where list_id = $1 and user_id = $2`, [list, fan.id])).length, 0);
        // made public again, nobody is told anything more
        unwrap(await owner.client.from('lists').update({ visibility: 'public' }).eq('id', list).select('id'));
        assert.equal((await sql(server, `select 1 from notifications where list_id = $1`, [list])).length, 1);
      });
    }

    test('a delete names what goes first, to its owner only; an editor with the list open hears it', async () => {
      const list = await sharedList();
      unwrap(await fan.client.from('list_follows').insert({ list_id: list, user_id: fan.id }).select('list_id'));
      assert.deepEqual(unwrap(await owner.client.rpc('list_delete_summary', { list_id: list })), [
        { places: 3, notes: 1, followers: 1, members: 1 },
      ]);
      assert.equal(outcome(await editor.client.rpc('list_delete_summary', { list_id: list })), '42501');
      assert.equal(outcome(await other.client.rpc('list_delete_summary', { list_id: list })), '42501');
      const channel = (await watcherOf(editor)).channel(`list:${list}`, { config: { private: true } });
      const deleted: string[] = [];
      channel.on('broadcast', { event: 'list_deleted' }, ({ payload }) => deleted.push(String((payload as { name?: string }).name)));
      assert.equal(await join(channel), 'SUBSCRIBED');
      await editor.client.from('lists').delete().eq('id', list);
      assert.equal((await sql(server, `select 1 from lists where id = $1`, [list])).length, 1);
      unwrap(await owner.client.from('lists').delete().eq('id', list).select('id'));
      await until(() => deleted.length === 1, 'the deletion on the list topic');
      assert.deepEqual(deleted, ['Berlin bars']);
      const left = await sql(
        server,
        `select 1 from list_places where list_id = $1 union all select 1 from list_follows where list_id = $1`,
        [list],
      );
      assert.equal(left.length, 0);
    });

    test('an imported entry keeps its https link, and only that', async () => {
      const list = await sharedList();
      const url = 'https://www.google.com/maps/place/Spot/data=!4m2!3m1!1s0x47a851e5d0e0e0e0:0x1234abcd';
      const entry = { list_id: list, place_id: places[1] ?? '', added_by: editor.id };
      await sql(server, `delete from list_places where list_id = $1 and place_id = $2`, [list, places[1]]);
      assert.equal(outcome(await editor.client.from('list_places').insert({ ...entry, source_url: 'javascript:alert(1)' })), '23514');
      assert.equal(outcome(await editor.client.from('list_places').insert({ ...entry, source_url: url })), 'ok');
      const opened = unwrap(await owner.client.rpc('open_list', { list_id: list })) as {
        places: { place_id: string; source_url: string | null }[];
      };
      assert.equal(opened.places.find((p) => p.place_id === places[1])?.source_url, url);
    });
  });
}
