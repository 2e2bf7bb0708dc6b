import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { Inbox, rawSocket, realtimeProject, subscribe, userClient, userToken } from '../fixtures/realtime/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets({ listen: true })) {
  describe(`realtime broadcast on ${target.name}`, () => {
    let server: ConformanceTarget;
    const clients: SupabaseClient[] = [];
    const track = (client: SupabaseClient) => (clients.push(client), client);
    before(async () => {
      server = await target.start(realtimeProject);
    });
    after(async () => {
      for (const c of clients) await c.removeAllChannels();
      await server?.close();
    });

    async function listener(topic: string, client = track(server.client()), config: Record<string, unknown> = {}) {
      const inbox = new Inbox<{ event: string; payload: unknown; meta?: unknown }>();
      const channel = client.channel(topic, { config }).on('broadcast', { event: '*' }, (m) => inbox.push(m as never));
      assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');
      return { channel, inbox };
    }

    test('delivers a broadcast to the other subscribers, not to the sender unless self is set', async () => {
      const topic = `room-${randomUUID()}`;
      const a = await listener(topic);
      const selfish = await listener(topic, track(server.client()), { broadcast: { self: true } });
      const result = await selfish.channel.send({ type: 'broadcast', event: 'greet', payload: { text: 'héllo ✓', n: 1 } });
      assert.equal(result, 'ok');
      const [got] = await a.inbox.waitFor(1);
      assert.deepEqual(got, { type: 'broadcast', event: 'greet', payload: { text: 'héllo ✓', n: 1 } });
      const [own] = await selfish.inbox.waitFor(1);
      assert.deepEqual(own?.payload, { text: 'héllo ✓', n: 1 });
      const notSelf = await listener(topic);
      await notSelf.channel.send({ type: 'broadcast', event: 'again', payload: {} });
      await a.inbox.waitFor(2);
      assert.deepEqual(await notSelf.inbox.quiet(0, 200), []);
    });

    test('acknowledges a broadcast when ack is set', async () => {
      const topic = `ack-${randomUUID()}`;
      const receiver = await listener(topic);
      const sender = await listener(topic, track(server.client()), { broadcast: { ack: true } });
      assert.equal(await sender.channel.send({ type: 'broadcast', event: 'e', payload: { ok: true } }), 'ok');
      await receiver.inbox.waitFor(1);
    });

    test('carries binary payloads as binary', async () => {
      const topic = `bin-${randomUUID()}`;
      const receiver = await listener(topic);
      const sender = await listener(topic);
      const bytes = new Uint8Array([0, 1, 2, 250, 255]);
      await sender.channel.send({ type: 'broadcast', event: 'blob', payload: bytes.buffer });
      const [got] = await receiver.inbox.waitFor(1);
      assert.equal(got?.event, 'blob');
      assert.deepEqual([...new Uint8Array(got?.payload as ArrayBuffer)], [0, 1, 2, 250, 255]);
    });

    test('sends over HTTP when not joined, and through both REST endpoints', async () => {
      const topic = `rest-${randomUUID()}`;
      const receiver = await listener(topic);
      const unjoined = track(server.client()).channel(topic);
      assert.equal(await unjoined.send({ type: 'broadcast', event: 'via-rest', payload: { a: 1 } }), 'ok');
      const single = await server.fetch(`${server.url}/realtime/v1/api/broadcast/${topic}/events/single`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ b: 2 }),
      });
      assert.equal(single.status, 202);
      const got = await receiver.inbox.waitFor(2);
      assert.deepEqual(
        got.map((m) => [m.event, m.payload]),
        [
          ['via-rest', { a: 1 }],
          ['single', { b: 2 }],
        ],
      );
      const denied = await server.fetch(`${server.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: 'not-a-jwt', 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'x', payload: {} }] }),
      });
      assert.equal(denied.status, 401);
      assert.deepEqual(await denied.json(), { message: 'Unauthorized' });
      const invalid = await server.fetch(`${server.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, payload: {} }] }),
      });
      assert.equal(invalid.status, 422);
    });

    describe('private channels', () => {
      const member = randomUUID();
      const outsider = randomUUID();
      const room = `r${randomUUID().slice(0, 8)}`;
      before(async () => {
        await server.db.transaction({ kind: 'system' }, (tx) =>
          tx.query(`insert into public.room_members (room, user_id) values ($1, $2)`, [room, member]),
        );
      });

      async function privateChannel(sub: string, topic: string, extra: Record<string, unknown> = {}) {
        const client = track(await userClient(server, await userToken(server, sub)));
        const inbox = new Inbox<{ event: string; payload: unknown; meta?: { id?: string } }>();
        const channel: RealtimeChannel = client
          .channel(topic, { config: { private: true, ...extra } })
          .on('broadcast', { event: '*' }, (m) => inbox.push(m as never));
        return { channel, inbox, result: await subscribe(channel) };
      }

      test('members join, send and receive; outsiders and anon are refused', async () => {
        const a = await privateChannel(member, `room:${room}`);
        assert.equal(a.result.status, 'SUBSCRIBED');
        const b = await privateChannel(member, `room:${room}`, { broadcast: { self: true, ack: true } });
        assert.equal(await b.channel.send({ type: 'broadcast', event: 'hi', payload: { x: 1 } }), 'ok');
        assert.deepEqual((await a.inbox.waitFor(1))[0]?.payload, { x: 1 });

        const out = await privateChannel(outsider, `room:${room}`);
        assert.equal(out.result.status, 'CHANNEL_ERROR');
        assert.match(String(out.result.error?.message), /Unauthorized: You do not have permissions to read from this Channel topic: room:/);
        const anon = track(server.client()).channel(`room:${room}`, { config: { private: true } });
        assert.equal((await subscribe(anon)).status, 'CHANNEL_ERROR');
      });

      test('a reader without insert permission cannot send', async () => {
        const reader = await privateChannel(outsider, `news:${room}`);
        assert.equal(reader.result.status, 'SUBSCRIBED');
        const other = await privateChannel(member, `news:${room}`);
        await reader.channel.send({ type: 'broadcast', event: 'spam', payload: {} });
        assert.deepEqual(await other.inbox.quiet(0, 300), []);
        // service_role may send to it over REST, and both readers get it
        const response = await server.fetch(`${server.url}/realtime/v1/api/broadcast`, {
          method: 'POST',
          headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ topic: `news:${room}`, event: 'headline', payload: { t: 1 }, private: true }] }),
        });
        assert.equal(response.status, 202);
        assert.equal((await other.inbox.waitFor(1))[0]?.event, 'headline');
        const single = await server.fetch(`${server.url}/realtime/v1/api/broadcast/news:${room}/events/x?private=true`, {
          method: 'POST',
          headers: { apikey: server.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({}),
        });
        assert.equal(single.status, 403);
      });

      test('database broadcasts arrive after commit, never after rollback, only to authorized readers', async () => {
        const reader = await privateChannel(member, `room:${room}`);
        const publicListener = await listener(`room:${room}`);
        await server.db.transaction({ kind: 'system' }, (tx) =>
          tx.query(`select realtime.send('{"n":1}'::jsonb, 'ping', $1)`, [`room:${room}`]),
        );
        await assert.rejects(
          server.db.transaction({ kind: 'system' }, async (tx) => {
            await tx.query(`select realtime.send('{"n":2}'::jsonb, 'ping', $1)`, [`room:${room}`]);
            throw new Error('roll back');
          }),
        );
        await server.db.transaction({ kind: 'system' }, (tx) =>
          tx.query(`select realtime.send('{"n":3}'::jsonb, 'ping', $1, false)`, [`room:${room}`]),
        );
        const [first] = await reader.inbox.waitFor(1);
        assert.equal(first?.event, 'ping');
        assert.match(String(first?.meta?.id), /^[0-9a-f-]{36}$/);
        // realtime.send adds the message id to the payload, as upstream's does
        assert.deepEqual(first?.payload, { n: 1, id: first?.meta?.id });
        assert.deepEqual(await reader.inbox.quiet(1, 300), []);
        const [pub] = await publicListener.inbox.waitFor(1);
        assert.equal((pub?.payload as { n: number }).n, 3);
      });

      test('realtime.send runs with the caller rights: without an insert policy nothing is sent', async () => {
        const reader = await privateChannel(member, `room:${room}`);
        const asUser = (sub: string, n: number) =>
          server.db.transaction({ kind: 'request', role: 'authenticated', claims: { sub, role: 'authenticated' } }, (tx) =>
            tx.query(`select realtime.send(jsonb_build_object('n', $2::int), 'direct', $1)`, [`room:${room}`, n]),
          );
        await asUser(outsider, 1);
        await asUser(member, 2);
        const [got] = await reader.inbox.waitFor(1);
        assert.equal((got?.payload as { n: number }).n, 2);
        assert.deepEqual(await reader.inbox.quiet(1, 200), []);
      });

      test('broadcast_changes from a trigger reaches the topic with the row', async () => {
        const id = 424242;
        await server.db.transaction({ kind: 'system' }, (tx) =>
          tx.query(`insert into public.room_members (room, user_id) values ($1, $2)`, [String(id), member]),
        );
        const reader = await privateChannel(member, `room:${id}`);
        assert.equal(reader.result.status, 'SUBSCRIBED');
        await server.db.transaction({ kind: 'system' }, (tx) => tx.query(`insert into public.places (id, name) values ($1, 'Café')`, [id]));
        await server.db.transaction({ kind: 'system' }, (tx) => tx.query(`update public.places set name = 'Bar' where id = $1`, [id]));
        const got = await reader.inbox.waitFor(2);
        const withoutId = (p: unknown) => ({ ...(p as Record<string, unknown>), id: undefined });
        assert.deepEqual(withoutId(got[0]?.payload), {
          old_record: null,
          record: { id, name: 'Café' },
          operation: 'INSERT',
          table: 'places',
          schema: 'public',
          id: undefined,
        });
        assert.equal((got[0]?.payload as { id: string }).id, got[0]?.meta?.id);
        assert.equal(got[1]?.event, 'UPDATE');
        assert.deepEqual(withoutId(got[1]?.payload), {
          old_record: { id, name: 'Café' },
          record: { id, name: 'Bar' },
          operation: 'UPDATE',
          table: 'places',
          schema: 'public',
          id: undefined,
        });
      });

      test('replay on join returns recent private broadcasts, oldest first; not on public channels', async () => {
        const topic = `room:${room}`;
        const since = Date.now() - 1000;
        for (const n of [1, 2, 3])
          await server.db.transaction({ kind: 'system' }, (tx) =>
            tx.query(`select realtime.send(jsonb_build_object('r', $2::int), 'hist', $1)`, [topic, n]),
          );
        const replaying = await privateChannel(member, topic, { broadcast: { replay: { since, limit: 2 } } });
        assert.equal(replaying.result.status, 'SUBSCRIBED');
        const got = await replaying.inbox.waitFor(2);
        assert.deepEqual(
          got.map((m) => [(m.payload as { r: number }).r, (m.meta as { replayed?: boolean }).replayed]),
          [
            [2, true],
            [3, true],
          ],
        );
        // Sent in one transaction, the three share their timestamp: still replayed in order sent.
        const sameInstant = `room:${room}:instant`;
        await server.db.transaction({ kind: 'system' }, async (tx) => {
          for (const n of [1, 2, 3]) await tx.query(`select realtime.send(jsonb_build_object('r', $2::int), 'hist', $1)`, [sameInstant, n]);
        });
        const again = await privateChannel(member, sameInstant, { broadcast: { replay: { since, limit: 2 } } });
        assert.equal(again.result.status, 'SUBSCRIBED');
        assert.deepEqual(
          (await again.inbox.waitFor(2)).map((m) => (m.payload as { r: number }).r),
          [2, 3],
        );
        // supabase-js refuses this itself; the server does too
        const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
        s.send(['1', '1', `realtime:${topic}`, 'phx_join', { config: { broadcast: { replay: { since, limit: 2 } }, private: false } }]);
        const reply = (await s.next((m) => Array.isArray(m) && m[1] === '1')) as unknown[];
        assert.deepEqual(reply[4], {
          status: 'error',
          response: { reason: 'UnableToReplayMessages: Replay is not allowed for public channels' },
        });
        s.ws.close();
      });

      test('a large database broadcast still arrives whole', async () => {
        const reader = await privateChannel(member, `room:${room}`);
        const big = 'x'.repeat(20_000);
        await server.db.transaction({ kind: 'system' }, (tx) =>
          tx.query(`select realtime.send(jsonb_build_object('big', $2::text), 'big', $1)`, [`room:${room}`, big]),
        );
        const deadline = Date.now() + 5000;
        while (!reader.inbox.items.some((m) => m.event === 'big') && Date.now() < deadline)
          await reader.inbox.waitFor(reader.inbox.items.length + 1, 5000);
        const got = reader.inbox.items.find((m) => m.event === 'big');
        assert.equal((got?.payload as { big: string }).big, big);
      });
    });
  });
}
