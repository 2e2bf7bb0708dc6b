import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { Inbox, realtimeProject, subscribe, userClient, userToken } from '../fixtures/realtime/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

interface PresenceEvent {
  event: string;
  key: string;
  newPresences: Array<Record<string, unknown>>;
  leftPresences: Array<Record<string, unknown>>;
}

for (const target of conformanceTargets({ listen: true })) {
  describe(`realtime presence on ${target.name}`, () => {
    let server: ConformanceTarget;
    const clients: SupabaseClient[] = [];
    before(async () => {
      server = await target.start(realtimeProject);
    });
    after(async () => {
      for (const c of clients) await c.removeAllChannels();
      await server?.close();
    });

    async function member(topic: string, key: string, client?: SupabaseClient, isPrivate = false) {
      const c = client ?? server.client();
      clients.push(c);
      const events = new Inbox<PresenceEvent>();
      const syncs = new Inbox<number>();
      const channel: RealtimeChannel = c
        .channel(topic, { config: { presence: { key }, private: isPrivate } })
        .on('presence', { event: 'join' }, (p) =>
          events.push({ event: 'join', key: p.key, newPresences: p.newPresences, leftPresences: [] }),
        )
        .on('presence', { event: 'leave' }, (p) =>
          events.push({ event: 'leave', key: p.key, newPresences: [], leftPresences: p.leftPresences }),
        )
        .on('presence', { event: 'sync' }, () => syncs.push(Date.now()));
      const result = await subscribe(channel);
      return { client: c, channel, events, syncs, result };
    }
    const keysOf = (channel: RealtimeChannel) =>
      Object.fromEntries(
        Object.entries(channel.presenceState()).map(([k, metas]) => [
          k,
          metas.map(({ presence_ref: ref, ...rest }) => (assert.equal(typeof ref, 'string'), rest)),
        ]),
      );

    test('track, presence_state on join, presence_diff on change, cleanup when a socket drops', async () => {
      const topic = `lobby-${randomUUID()}`;
      const alice = await member(topic, 'alice');
      assert.equal(await alice.channel.track({ status: 'online' }), 'ok');
      await alice.events.waitFor(1);
      const bob = await member(topic, 'bob');
      await bob.syncs.waitFor(1);
      assert.deepEqual(keysOf(bob.channel), { alice: [{ status: 'online' }] });
      assert.equal(await bob.channel.track({ status: 'away' }), 'ok');
      const [, bobJoined] = await alice.events.waitFor(2);
      assert.deepEqual(bobJoined?.key, 'bob');
      assert.deepEqual(keysOf(alice.channel), { alice: [{ status: 'online' }], bob: [{ status: 'away' }] });
      // updating replaces the meta
      assert.equal(await bob.channel.track({ status: 'busy' }), 'ok');
      await alice.syncs.waitFor(4);
      assert.deepEqual(keysOf(alice.channel).bob, [{ status: 'busy' }]);
      assert.equal(await bob.channel.untrack(), 'ok');
      await alice.syncs.waitFor(5);
      assert.deepEqual(Object.keys(keysOf(alice.channel)), ['alice']);
      // Alice's socket goes away: Bob sees her leave
      await alice.client.realtime.disconnect();
      const deadline = Date.now() + 5000;
      while (Object.keys(keysOf(bob.channel)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(keysOf(bob.channel), {});
    });

    test('private presence: members track; a reader without insert policy cannot', async () => {
      const room = `p${randomUUID().slice(0, 8)}`;
      const memberId = randomUUID();
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`insert into public.room_members (room, user_id) values ($1, $2)`, [room, memberId]),
      );
      const a = await member(`room:${room}`, 'a', await userClient(server, await userToken(server, memberId)), true);
      assert.equal(a.result.status, 'SUBSCRIBED');
      assert.equal(await a.channel.track({ here: true }), 'ok');
      await a.syncs.waitFor(2);
      assert.deepEqual(keysOf(a.channel), { a: [{ here: true }] });
      const reader = await member(`news:${room}`, 'r', await userClient(server, await userToken(server)), true);
      assert.equal(reader.result.status, 'SUBSCRIBED');
      assert.equal(await reader.channel.track({ sneaky: true }), 'error');
      const outsider = await member(`room:${room}`, 'o', await userClient(server, await userToken(server)), true);
      assert.equal(outsider.result.status, 'CHANNEL_ERROR');
    });

    test('a refreshed token keeps the channel; a token that loses read access closes it', async () => {
      const room = `t${randomUUID().slice(0, 8)}`;
      const memberId = randomUUID();
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`insert into public.room_members (room, user_id) values ($1, $2)`, [room, memberId]),
      );
      const client = await userClient(server, await userToken(server, memberId));
      const inbox = new Inbox<unknown>();
      const system = new Inbox<Record<string, unknown>>();
      const channel = client
        .channel(`room:${room}`, { config: { private: true } })
        .on('broadcast', { event: '*' }, (m) => inbox.push(m.payload))
        .on('system', {}, (m: Record<string, unknown>) => system.push(m));
      assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');
      await client.realtime.setAuth(await userToken(server, memberId, 7200));
      await server.db.transaction({ kind: 'system' }, (tx) => tx.query(`select realtime.send('{"a":1}', 'e', $1)`, [`room:${room}`]));
      await inbox.waitFor(1);
      await client.realtime.setAuth(await userToken(server, randomUUID()));
      const [closed] = await system.waitFor(1);
      assert.deepEqual(closed, {
        extension: 'system',
        status: 'error',
        message: `You no longer have permission to read from this Channel topic: room:${room}`,
        channel: `room:${room}`,
      });
      await client.removeAllChannels();
    });
  });
}
