import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { Inbox, rawSocket, realtimeProject, sleep, subscribe, type RawSocket } from '../fixtures/realtime/helpers.ts';
import { templateDatabase } from '../support/backends.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

const joined = (ref: string) => (m: unknown) => Array.isArray(m) && m[1] === ref && m[3] === 'phx_reply';

async function join(s: RawSocket, topic: string, ref = '1'): Promise<void> {
  s.send([ref, ref, `realtime:${topic}`, 'phx_join', { config: { broadcast: { self: false } } }]);
  await s.next(joined(ref));
}

for (const backend of testBackends()) {
  describe(`realtime under load and faults on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      process.env.REALTIME_MAX_BUFFERED_BYTES = String(4 * 1024 * 1024);
      server = await startTestServer(backend, { project: realtimeProject });
    });
    after(async () => {
      delete process.env.REALTIME_MAX_BUFFERED_BYTES;
      await server?.close();
    });

    test('200 clients on one topic all receive every message', async () => {
      const sockets = await Promise.all(Array.from({ length: 200 }, () => rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' })));
      await Promise.all(sockets.map((s) => join(s, 'crowd')));
      const sender = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      await join(sender, 'crowd');
      for (let i = 0; i < 20; i++)
        sender.send(['1', String(i + 10), 'realtime:crowd', 'broadcast', { type: 'broadcast', event: 'tick', payload: { i } }]);
      const counts = await Promise.all(
        sockets.map(async (s) => {
          await s.next((m) => Array.isArray(m) && m[3] === 'broadcast' && (m[4] as { payload: { i: number } }).payload.i === 19, 15_000);
          return s.inbox.items.filter((m) => Array.isArray(m) && m[3] === 'broadcast').length;
        }),
      );
      assert.deepEqual(new Set(counts), new Set([20]));
      for (const s of [...sockets, sender]) s.ws.close();
    });

    test('a client that stops reading is disconnected; the others keep up', async () => {
      const slow = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      await join(slow, 'flood');
      const fast = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      await join(fast, 'flood');
      const sender = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      await join(sender, 'flood');
      (slow.ws as unknown as { _socket: Socket })._socket.pause();
      const chunk = 'z'.repeat(60_000);
      const total = 400;
      // Waves the fast client drains in time; the paused one falls further behind with each.
      for (let wave = 0; wave < total / 20; wave++) {
        for (let i = wave * 20; i < wave * 20 + 20; i++)
          sender.send(['1', null, 'realtime:flood', 'broadcast', { type: 'broadcast', event: 'chunk', payload: { i, chunk } }]);
        const last = wave * 20 + 19;
        await fast.next((m) => Array.isArray(m) && (m[4] as { payload?: { i?: number } }).payload?.i === last, 20_000);
      }
      assert.equal(fast.inbox.items.filter((m) => Array.isArray(m) && m[3] === 'broadcast').length, total);
      (slow.ws as unknown as { _socket: Socket })._socket.resume();
      const closed = await slow.closed;
      assert.equal(closed.code, 1006, 'dropped without a close handshake');
      assert.ok(slow.inbox.items.length < total, 'the slow client did not get everything');
      fast.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
      await fast.next(joined('hb'));
      fast.ws.close();
      sender.ws.close();
    });
  });

  describe(`realtime across a server restart on ${backend}`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-rt-restart-'));
    let databaseUrl = '';
    let dbName = '';
    let running: RunningServer | null = null;

    const boot = (port: number) =>
      startServer({
        projectDir: realtimeProject,
        port,
        dataDir,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        log: silentLogger,
        webDist: null,
        override: { logRequests: false },
      });

    before(async () => {
      if (backend === 'postgres') {
        const base = process.env.PINSTAR_TEST_PG_URL ?? '';
        dbName = `rt_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: `${base}/postgres` });
        await admin.connect();
        await admin.query(`create database ${dbName} template ${templateDatabase}`);
        await admin.end();
        databaseUrl = `${base}/${dbName}`;
      }
    });
    after(async () => {
      await running?.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: `${process.env.PINSTAR_TEST_PG_URL ?? ''}/postgres` });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    });

    test('clients reconnect and rejoin on their own after the server comes back', async () => {
      running = await boot(0);
      const port = Number(new URL(running.url).port);
      const make = () =>
        createClient(running?.url ?? '', running?.keys.anonKey ?? '', {
          auth: { persistSession: false },
          realtime: { transport: WebSocket as never },
        });
      const receiver = make();
      const sender = make();
      const inbox = new Inbox<unknown>();
      const statuses = new Inbox<string>();
      const channel = receiver.channel('survivor').on('broadcast', { event: 'after' }, (m) => inbox.push(m.payload));
      channel.subscribe((status) => statuses.push(status));
      await statuses.waitFor(1);
      assert.equal(statuses.items[0], 'SUBSCRIBED');
      const out = sender.channel('survivor');
      assert.equal((await subscribe(out)).status, 'SUBSCRIBED');

      await running.close();
      running = null;
      await sleep(300);
      running = await boot(port);
      const deadline = Date.now() + 20_000;
      while ((statuses.items.filter((s) => s === 'SUBSCRIBED').length < 2 || out.state !== 'joined') && Date.now() < deadline)
        await sleep(100);
      assert.equal(out.state, 'joined');
      assert.equal(await out.send({ type: 'broadcast', event: 'after', payload: { back: true } }), 'ok');
      assert.deepEqual((await inbox.waitFor(1, 5000))[0], { back: true });
      await receiver.removeAllChannels();
      await sender.removeAllChannels();
    });
  });
}
