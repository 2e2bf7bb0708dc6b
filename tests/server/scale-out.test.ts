import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../../server/src/lib/config.ts';
import { createKeys, type Keys } from '../../server/src/lib/keys.ts';
import { Inbox, subscribe } from '../fixtures/realtime/helpers.ts';
import { createTestDatabase } from '../support/databases.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { repoRoot, testBackends } from '../support/server.ts';

const project = path.join(repoRoot, 'tests/fixtures/scale');
const password = 'Correct-horse-1';

/**
 * Two server processes on one PostgreSQL and one shared data dir, behind a round-robin proxy:
 * what a client does through one process is seen through the other.
 */
for (const backend of testBackends().filter((b) => b === 'postgres')) {
  describe(`two server processes on one ${backend} behind a round-robin proxy`, { timeout: 300_000 }, () => {
    let database: { url: string; drop: () => Promise<void> };
    let dataDir: string;
    let a: ServerProcess;
    let b: ServerProcess;
    let proxy: RoundRobinProxy;
    let keys: Keys;
    const clients: SupabaseClient[] = [];

    const clientAt = (url: string, key = keys.anonKey): SupabaseClient => {
      const client = createClient(url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
      clients.push(client);
      return client;
    };
    const sql = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    };

    before(async () => {
      database = await createTestDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-scale-'));
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
      keys = await createKeys(loadConfig({ projectDir: project }, env));
      // One after the other: the first applies the project's migrations.
      a = await startServerProcess(project, env);
      b = await startServerProcess(project, env);
      proxy = await startRoundRobinProxy([a.url, b.url]);
    });

    after(async () => {
      for (const client of clients) await client.removeAllChannels();
      await proxy?.close();
      await a?.stop();
      await b?.stop();
      await database?.drop().catch(() => undefined);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('a broadcast sent through one process reaches a subscriber on the other, a payload too large for a NOTIFY too', async () => {
      const topic = `room-${Date.now()}`;
      const inbox = new Inbox<{ event: string; payload: unknown }>();
      const listener = clientAt(a.url).channel(topic);
      listener.on('broadcast', { event: '*' }, (m) => inbox.push({ event: m.event, payload: m.payload }));
      assert.equal((await subscribe(listener)).status, 'SUBSCRIBED');
      const sender = clientAt(b.url).channel(topic, { config: { broadcast: { ack: true } } });
      assert.equal((await subscribe(sender)).status, 'SUBSCRIBED');
      assert.equal(await sender.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } }), 'ok');
      const big = 'x'.repeat(20_000);
      assert.equal(await sender.send({ type: 'broadcast', event: 'big', payload: { big } }), 'ok');
      assert.equal(await sender.send({ type: 'broadcast', event: 'after', payload: { n: 2 } }), 'ok');
      const got = await inbox.waitFor(3, 10_000);
      assert.deepEqual(
        got.map((m) => m.event),
        ['hello', 'big', 'after'],
        'in the order sent',
      );
      assert.deepEqual(got[0]?.payload, { n: 1 });
      assert.equal((got[1]?.payload as { big: string }).big, big);
    });

    test('the REST broadcast API on one process reaches a subscriber on the other', async () => {
      const topic = `api-${Date.now()}`;
      const inbox = new Inbox<unknown>();
      const listener = clientAt(b.url).channel(topic);
      listener.on('broadcast', { event: 'ping' }, (m) => inbox.push(m.payload));
      assert.equal((await subscribe(listener)).status, 'SUBSCRIBED');
      const response = await fetch(`${a.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'ping', payload: { from: 'a' }, private: false }] }),
      });
      assert.equal(response.status, 202);
      assert.deepEqual(await inbox.waitFor(1, 10_000), [{ from: 'a' }]);
    });

    test('presence: members tracked on either process appear in both, and a leave on one reaches the other', async () => {
      const topic = `lobby-${Date.now()}`;
      const onA = clientAt(a.url).channel(topic, { config: { presence: { key: 'ann' } } });
      const onB = clientAt(b.url).channel(topic, { config: { presence: { key: 'bob' } } });
      const syncedOnA = new Inbox<string[]>();
      const syncedOnB = new Inbox<string[]>();
      onA.on('presence', { event: 'sync' }, () => syncedOnA.push(Object.keys(onA.presenceState()).sort()));
      onB.on('presence', { event: 'sync' }, () => syncedOnB.push(Object.keys(onB.presenceState()).sort()));
      assert.equal((await subscribe(onA)).status, 'SUBSCRIBED');
      assert.equal(await onA.track({ name: 'Ann' }), 'ok');
      assert.equal((await subscribe(onB)).status, 'SUBSCRIBED');
      assert.equal(await onB.track({ name: 'Bob' }), 'ok');
      const bothOnB = async () => {
        while (!syncedOnB.items.some((keys) => keys.join() === 'ann,bob')) await syncedOnB.waitFor(syncedOnB.items.length + 1, 10_000);
      };
      const bothOnA = async () => {
        while (!syncedOnA.items.some((keys) => keys.join() === 'ann,bob')) await syncedOnA.waitFor(syncedOnA.items.length + 1, 10_000);
      };
      await Promise.all([bothOnA(), bothOnB()]);
      assert.equal((onB.presenceState().ann?.[0] as { name?: string } | undefined)?.name, 'Ann');
      const seen = syncedOnA.items.length;
      assert.equal(await onB.untrack(), 'ok');
      while (syncedOnA.items.at(-1)?.join() !== 'ann') await syncedOnA.waitFor(syncedOnA.items.length + 1, 10_000);
      assert.ok(syncedOnA.items.length > seen);
    });

    test('postgres_changes: a row inserted through one process reaches a subscriber on the other', async () => {
      const inbox = new Inbox<{ body: string }>();
      const listener = clientAt(a.url).channel(`notes-${Date.now()}`);
      listener.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (m) => inbox.push(m.new as { body: string }));
      assert.equal((await subscribe(listener, 10_000)).status, 'SUBSCRIBED');
      const big = 'y'.repeat(10_000);
      assert.equal(
        (
          await clientAt(b.url)
            .from('notes')
            .insert([{ body: 'small' }, { body: big }])
        ).error,
        null,
      );
      const got = await inbox.waitFor(2, 10_000);
      assert.deepEqual(
        got.map((r) => r.body.length),
        [5, 10_000],
        'a change too big for a NOTIFY is read by every process, not taken by the first',
      );
    });

    test('auth rate limits are counted once for all processes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${proxy.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: `limit-${i}-${Date.now()}@example.com`, password }),
        });
        statuses.push(response.status);
      }
      // The proxy alternates: two sign-ups reached each process, and the fourth was over the limit of 3.
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    });

    test('a refresh token reused on the other process is detected, and the session is revoked everywhere', async () => {
      const email = `reuse-${Date.now()}@example.com`;
      const admin = clientAt(a.url, keys.serviceRoleKey);
      assert.equal((await admin.auth.admin.createUser({ email, password, email_confirm: true })).error, null);
      const { data } = await clientAt(a.url).auth.signInWithPassword({ email, password });
      const first = data.session?.refresh_token ?? '';
      const rotated = await clientAt(a.url).auth.refreshSession({ refresh_token: first });
      assert.equal(rotated.error, null);
      const reused = await clientAt(b.url).auth.refreshSession({ refresh_token: first });
      assert.equal(reused.error?.code, 'refresh_token_already_used');
      const current = await clientAt(a.url).auth.refreshSession({ refresh_token: rotated.data.session?.refresh_token ?? '' });
      assert.equal(current.error?.code, 'refresh_token_already_used', 'the whole session was revoked');
    });

    test('storage: a file uploaded through one process downloads through the other (shared directory)', async () => {
      const bytes = new Uint8Array(64 * 1024).map((_, i) => i % 251);
      const upload = await clientAt(a.url, keys.serviceRoleKey)
        .storage.from('shared')
        .upload('scale/blob.bin', new Blob([bytes], { type: 'application/octet-stream' }));
      assert.equal(upload.error, null);
      const download = await clientAt(b.url, keys.serviceRoleKey).storage.from('shared').download('scale/blob.bin');
      assert.deepEqual(new Uint8Array((await download.data?.arrayBuffer()) ?? new ArrayBuffer(0)), bytes);
    });

    test('a schema reload (NOTIFY pgrst) reaches every process', async () => {
      await sql(`create table public.late (id int primary key); insert into public.late values (7); grant select on public.late to anon`);
      await sql(`notify pgrst, 'reload schema'`);
      for (const url of [a.url, b.url]) {
        let answer = await clientAt(url).from('late').select('id');
        // The reload is asynchronous on each process: wait for the table to be known there.
        const deadline = Date.now() + 10_000;
        while (answer.error?.code === 'PGRST205' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          answer = await clientAt(url).from('late').select('id');
        }
        assert.deepEqual(answer, { ...answer, error: null, data: [{ id: 7 }] }, url);
      }
    });

    test('killing one process loses no acknowledged write, and its realtime clients reconnect to the other', async () => {
      const topic = `survivor-${Date.now()}`;
      const watcher = clientAt(proxy.url);
      const inbox = new Inbox<unknown>();
      const statuses = new Inbox<string>();
      const channel = watcher.channel(topic);
      channel.on('broadcast', { event: 'after' }, (m) => inbox.push(m.payload));
      channel.subscribe((status) => statuses.push(status));
      await statuses.waitFor(1, 10_000);
      assert.equal(statuses.items[0], 'SUBSCRIBED');
      const victim = proxy.upgrades.at(-1) === a.url ? a : b;
      const survivor = victim === a ? b : a;

      const writer = clientAt(proxy.url);
      const acknowledged: string[] = [];
      let failed = 0;
      let stop = false;
      const writes = (async () => {
        for (let i = 0; !stop; i++) {
          const body = `w${i}`;
          const { error } = await writer.from('notes').insert({ body }).select('id').single();
          if (error) failed++;
          else acknowledged.push(body);
        }
      })();
      while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      victim.child.kill('SIGKILL');
      const atKill = acknowledged.length;
      while (acknowledged.length < atKill + 20) await new Promise((resolve) => setTimeout(resolve, 20));
      stop = true;
      await writes;

      const stored = new Set((await sql<{ body: string }>(`select body from public.notes where body like 'w%'`)).map((r) => r.body));
      assert.deepEqual(
        acknowledged.filter((body) => !stored.has(body)),
        [],
        `every acknowledged write is stored (${acknowledged.length} acknowledged, ${failed} failed)`,
      );

      // realtime-js saw its socket close and rejoined through the proxy, which skips the dead process.
      while (statuses.items.filter((s) => s === 'SUBSCRIBED').length < 2) await statuses.waitFor(statuses.items.length + 1, 30_000);
      const sender = clientAt(survivor.url).channel(topic, { config: { broadcast: { ack: true } } });
      assert.equal((await subscribe(sender)).status, 'SUBSCRIBED');
      assert.equal(await sender.send({ type: 'broadcast', event: 'after', payload: { alive: true } }), 'ok');
      assert.deepEqual(await inbox.waitFor(1, 10_000), [{ alive: true }]);
    });
  });
}
