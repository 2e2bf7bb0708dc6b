import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { Inbox, realtimeProject, subscribe } from '../fixtures/realtime/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
type Spec = { event: 'INSERT' | '*'; filter?: string };

/** The new row a change carries. */
const row = (change: Change | undefined): Record<string, unknown> => (change?.new ?? {}) as Record<string, unknown>;

/**
 * A change committed after the client saw SUBSCRIBED reaches it, even on a server that has just
 * booted and has never delivered a change: the client does not have to wait for the later
 * `system` message. Each case starts its own server, so each runs "right after boot".
 */
for (const target of conformanceTargets()) {
  describe(`realtime postgres_changes right after boot on ${target.name}`, () => {
    let server: ConformanceTarget | undefined;
    const clients: SupabaseClient[] = [];

    async function boot(): Promise<ConformanceTarget> {
      await shutdown();
      server = await target.start(realtimeProject);
      return server;
    }
    async function shutdown(): Promise<void> {
      for (const c of clients.splice(0)) await c.removeAllChannels();
      await server?.close();
      server = undefined;
    }
    after(shutdown);

    function client(s: ConformanceTarget): SupabaseClient {
      const c = s.client();
      clients.push(c);
      return c;
    }

    /** Subscribes one channel to events_log and resolves once the client sees SUBSCRIBED. */
    async function watch(s: ConformanceTarget, spec: Spec): Promise<Inbox<Change>> {
      const inbox = new Inbox<Change>();
      const channel = client(s)
        .channel(`log-${randomUUID()}`)
        .on(
          'postgres_changes',
          { event: spec.event, schema: 'public', table: 'events_log', ...(spec.filter ? { filter: spec.filter } : {}) } as never,
          (p: Change) => inbox.push(p),
        );
      assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');
      return inbox;
    }

    async function insert(s: ConformanceTarget, kind: string, n: number): Promise<void> {
      const { error } = await client(s).from('events_log').insert({ kind, n });
      assert.equal(error, null);
    }

    /** Broadcast and presence on other topics, each confirmed by the server. */
    async function warmOtherTopics(s: ConformanceTarget): Promise<void> {
      const c = client(s);
      const room = c.channel(`room-${randomUUID()}`, { config: { broadcast: { ack: true, self: true } } });
      const echoed = new Inbox<unknown>();
      room.on('broadcast', { event: 'hi' }, (p) => echoed.push(p));
      assert.equal((await subscribe(room)).status, 'SUBSCRIBED');
      assert.equal(await room.send({ type: 'broadcast', event: 'hi', payload: { x: 1 } }), 'ok');
      await echoed.waitFor(1);
      const lobby: RealtimeChannel = c.channel(`lobby-${randomUUID()}`, { config: { presence: { key: 'me' } } });
      const synced = new Inbox<unknown>();
      lobby.on('presence', { event: 'sync' }, () => synced.push(true));
      assert.equal((await subscribe(lobby)).status, 'SUBSCRIBED');
      assert.equal(await lobby.track({ online: true }), 'ok');
      await synced.waitFor(2);
    }

    test('broadcast and presence first, then an eq filter on an integer column: the first insert arrives', async () => {
      const s = await boot();
      await warmOtherTopics(s);
      const inbox = await watch(s, { event: 'INSERT', filter: 'n=eq.7' });
      await insert(s, 'first', 7);
      const [change] = await inbox.waitFor(1);
      assert.equal(change?.eventType, 'INSERT');
      assert.equal(row(change).n, 7);
      assert.equal(row(change).kind, 'first');
    });

    test('a filtered subscription as the very first thing the server does', async () => {
      const s = await boot();
      const inbox = await watch(s, { event: 'INSERT', filter: 'n=eq.1' });
      await insert(s, 'skip', 2);
      await insert(s, 'take', 1);
      const [change] = await inbox.waitFor(1);
      assert.equal(row(change).kind, 'take');
    });

    test('several subscriptions joined at once, each followed at once by its own insert', async () => {
      const s = await boot();
      const specs: Spec[] = [
        { event: 'INSERT', filter: 'n=eq.11' },
        { event: '*' },
        { event: 'INSERT', filter: 'n=in.(12,13)' },
        { event: '*', filter: 'n=gt.13' },
      ];
      const watching = specs.map(async (spec, i) => {
        const inbox = await watch(s, spec);
        await insert(s, `own-${i}`, 11 + i);
        return inbox;
      });
      const warming = warmOtherTopics(s);
      const [filtered, all, listed, greater] = await Promise.all(watching);
      await warming;
      assert.ok(filtered && all && listed && greater);
      assert.deepEqual(
        (await filtered.waitFor(1)).map((c) => row(c).n),
        [11],
      );
      // The unfiltered channel sees its own insert and every one committed after it subscribed.
      const mine = await all.waitFor(1);
      assert.ok(mine.some((c) => row(c).kind === 'own-1'));
      assert.ok((await listed.waitFor(1)).some((c) => row(c).n === 13));
      assert.ok((await greater.waitFor(1)).some((c) => row(c).n === 14));
    });
  });
}
