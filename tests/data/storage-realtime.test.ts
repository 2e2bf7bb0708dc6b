/**
 * The storage buckets and policies, and the realtime topics and their RLS, as a client sees
 * them through supabase-js (storage-js and realtime-js over the local server).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, reviewBody, sql, withoutSeed, type Client, type Member } from './support.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

/** Resolves with the first message matching `accept`, or null after `ms`. */
function nextMessage<T>(register: (push: (message: T) => void) => void, accept: (message: T) => boolean, ms = 3000): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    register((message) => {
      if (!accept(message)) return;
      clearTimeout(timer);
      resolve(message);
    });
  });
}

for (const backend of testBackends()) {
  describe(`storage and realtime on ${backend}`, () => {
    let server: TestServer;
    let ada: Member;
    let ben: Member;
    let moderator: Member;
    const clients: Client[] = [];

    before(async () => {
      server = await startInProcessTestServer(backend, { ...withoutSeed, listen: true });
      [ada, ben, moderator] = await Promise.all([createMember(server), createMember(server), createMember(server, { role: 'moderator' })]);
    });
    after(async () => {
      for (const client of clients) await client.removeAllChannels();
      await server?.close();
    });

    const anon = () => {
      const client = anonClient(server);
      clients.push(client);
      return client;
    };

    test('members write, replace and delete only in their own folder; everyone reads', async () => {
      const photos = () => ada.client.storage.from('place-photos');
      const own = `${ada.id}/${randomUUID()}.png`;
      assert.equal((await photos().upload(own, png, { contentType: 'image/png' })).error, null);
      assert.equal((await photos().upload(own, png, { contentType: 'image/png', upsert: true })).error, null);
      const foreign = await photos().upload(`${ben.id}/x.png`, png, { contentType: 'image/png' });
      assert.equal((foreign.error as { statusCode?: string } | null)?.statusCode, '403');
      const root = await photos().upload('x.png', png, { contentType: 'image/png' });
      assert.equal((root.error as { statusCode?: string } | null)?.statusCode, '403');
      const byAnon = await anonClient(server).storage.from('avatars').upload(`${ada.id}/a.png`, png, { contentType: 'image/png' });
      assert.equal((byAnon.error as { statusCode?: string } | null)?.statusCode, '403');

      const response = await server.fetch(anonClient(server).storage.from('place-photos').getPublicUrl(own).data.publicUrl);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/png');

      await ben.client.storage.from('place-photos').remove([own]);
      assert.equal((await server.fetch(anonClient(server).storage.from('place-photos').getPublicUrl(own).data.publicUrl)).status, 200);
      const removed = await photos().remove([own]);
      assert.deepEqual(
        removed.data?.map((o) => o.name),
        [own],
      );
    });

    test('bucket limits: avatars up to 2 MB of raster images, place photos up to 5 MB of JPEG, PNG or WebP', async () => {
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      const tooBig = await ada.client.storage.from('avatars').upload(`${ada.id}/big.png`, big, { contentType: 'image/png' });
      assert.equal((tooBig.error as { statusCode?: string } | null)?.statusCode, '413');
      const gif = await ada.client.storage.from('place-photos').upload(`${ada.id}/a.gif`, png, { contentType: 'image/gif' });
      assert.equal((gif.error as { statusCode?: string } | null)?.statusCode, '415');
      const avatarPng = await ada.client.storage.from('avatars').upload(`${ada.id}/a.png`, png, { contentType: 'image/png' });
      assert.equal(avatarPng.error, null);
      const avatarSvg = await ada.client.storage
        .from('avatars')
        .upload(`${ada.id}/a.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>', { contentType: 'image/svg+xml' });
      assert.equal((avatarSvg.error as { statusCode?: string } | null)?.statusCode, '415');
      // An image type needs an image's leading bytes: a page labelled GIF is refused (a raster
      // image under another raster type passes, as storage-api lets it).
      const pageAsGif = await ada.client.storage
        .from('avatars')
        .upload(`${ada.id}/a.gif`, '<html><script>alert(1)</script></html>', { contentType: 'image/gif' });
      assert.equal((pageAsGif.error as { statusCode?: string } | null)?.statusCode, '415');
      const buckets = await sql(
        server,
        `select id, public, file_size_limit::int as size, allowed_mime_types as types from storage.buckets order by id`,
      );
      assert.deepEqual(buckets, [
        { id: 'avatars', public: true, size: 2097152, types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
        { id: 'place-photos', public: true, size: 5242880, types: ['image/jpeg', 'image/png', 'image/webp'] },
      ]);
    });

    test('visitors receive review and place changes on private public topics', async () => {
      const place =
        (
          await sql<{ id: string }>(server, `insert into places (name, category, lat, lng) values ('Live bar', 'bar', 1, 1) returning id`)
        )[0]?.id ?? '';
      const viewer = anon();
      const reviews: unknown[] = [];
      const placeChannel = viewer.channel(`place:${place}`, { config: { private: true } });
      const pushes: ((m: { payload: { table: string; record: { body?: string } } }) => void)[] = [];
      placeChannel.on('broadcast', { event: 'INSERT' }, (m) => {
        reviews.push(m);
        for (const push of pushes) push(m as never);
      });
      assert.equal(await join(placeChannel), 'SUBSCRIBED');
      const arrived = nextMessage<{ payload: { table: string; record: { body?: string } } }>(
        (push) => pushes.push(push),
        (m) => m.payload.table === 'reviews',
      );
      await ben.client.from('reviews').insert({ place_id: place, rating: 5, body: reviewBody(42) });
      assert.equal((await arrived)?.payload.record.body, reviewBody(42));

      const mapChannel = viewer.channel('places', { config: { private: true } });
      const mapPushes: ((m: { payload: { record: { name: string } } }) => void)[] = [];
      mapChannel.on('broadcast', { event: 'INSERT' }, (m) => mapPushes.forEach((push) => push(m as never)));
      assert.equal(await join(mapChannel), 'SUBSCRIBED');
      const added = nextMessage<{ payload: { record: { name: string } } }>(
        (push) => mapPushes.push(push),
        (m) => m.payload.record.name === 'Brand new place',
      );
      await ada.client.from('places').insert({ name: 'Brand new place', category: 'cafe', lat: 2, lng: 2 });
      assert.equal((await added)?.payload.record.name, 'Brand new place');
    });

    test('nobody broadcasts on the public topics from a client', async () => {
      const listener = anon();
      const channel = listener.channel('places', { config: { private: true } });
      const pushes: ((m: { payload: unknown }) => void)[] = [];
      channel.on('broadcast', { event: 'INSERT' }, (m) => pushes.forEach((push) => push(m as never)));
      assert.equal(await join(channel), 'SUBSCRIBED');
      const forged = nextMessage<{ payload: unknown }>(
        (push) => pushes.push(push as never),
        () => true,
        1500,
      );
      const sender = ada.client.channel('places', { config: { private: true } });
      clients.push(ada.client);
      assert.equal(await join(sender), 'SUBSCRIBED');
      await sender.send({ type: 'broadcast', event: 'INSERT', payload: { record: { name: 'Forged' } } });
      // the REST fallback is refused too: whatever it answers, nothing reaches the listener
      await anonClient(server)
        .channel('places', { config: { private: true } })
        .httpSend('INSERT', { record: { name: 'Forged' } })
        .catch(() => undefined);
      assert.equal(await forged, null);
    });

    test('presence on a place is open to everyone; the moderation topic only to moderators', async () => {
      const place = randomUUID();
      const [one, two] = [anon(), anon()];
      const first = one.channel(`place:${place}`, { config: { private: true, presence: { key: 'one' } } });
      const second = two.channel(`place:${place}`, { config: { private: true, presence: { key: 'two' } } });
      const synced = nextMessage<number>(
        (push) => first.on('presence', { event: 'sync' }, () => push(Object.keys(first.presenceState()).length)),
        (n) => n === 2,
      );
      assert.equal(await join(first), 'SUBSCRIBED');
      assert.equal(await join(second), 'SUBSCRIBED');
      await first.track({ here: true });
      await second.track({ here: true });
      assert.equal(await synced, 2);

      assert.match(await join(anon().channel('moderation', { config: { private: true } })), /^CHANNEL_ERROR/);
      clients.push(ben.client, moderator.client);
      assert.match(await join(ben.client.channel('moderation', { config: { private: true } })), /^CHANNEL_ERROR/);
      const queue = moderator.client.channel('moderation', { config: { private: true } });
      const reports: ((m: { payload: { target_type: string; reason: string } }) => void)[] = [];
      queue.on('broadcast', { event: 'report_created' }, (m) => reports.forEach((push) => push(m as never)));
      assert.equal(await join(queue), 'SUBSCRIBED');
      const target =
        (
          await sql<{ id: string }>(
            server,
            `insert into places (name, category, lat, lng) values ('Reported bar', 'bar', 1, 1) returning id`,
          )
        )[0]?.id ?? '';
      const report = nextMessage<{ payload: { target_type: string; reason: string } }>(
        (push) => reports.push(push),
        () => true,
      );
      await ben.client.from('reports').insert({ target_type: 'place', target_id: target, reason: 'closed_or_moved' });
      assert.deepEqual((await report)?.payload && { type: (await report)?.payload.target_type, reason: (await report)?.payload.reason }, {
        type: 'place',
        reason: 'closed_or_moved',
      });
    });
  });
}
