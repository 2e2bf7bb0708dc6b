import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { Inbox, realtimeProject, subscribe } from '../fixtures/realtime/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
type Spec = { event: 'INSERT' | '*'; filter?: string };

/** Waits until a change satisfying `wanted` has arrived (others may arrive before it). */
async function arrival(inbox: Inbox<Change>, wanted: (row: Record<string, unknown>) => boolean): Promise<Change> {
  for (let count = 1; ; count++) {
    const got = (await inbox.waitFor(count)).find((c) => wanted(row(c)));
    if (got) return got;
  }
}

/** The new row a change carries. */
const row = (change: Change | undefined): Record<string, unknown> => (change?.new ?? {}) as Record<string, unknown>;

/**
 * A change committed after the client saw SUBSCRIBED reaches it, even on a server that has just
 * booted and has never delivered a change: the client does not have to wait for the later
 * `system` message. Each case starts its own server, so each runs "right after boot".
 */
for (const target of conformanceTargets({ listen: true })) {
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

    /** Through the REST API as the service role (an anonymous write may be cut short on a busy embedded database). */
    async function insert(s: ConformanceTarget, kind: string, n: number): Promise<void> {
      const { error } = await s.admin().from('events_log').insert({ kind, n });
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
      assert.equal(row(await arrival(filtered, (r) => r.kind === 'own-0')).n, 11);
      // Each channel gets its own insert, and maybe others committed after it subscribed.
      assert.equal(row(await arrival(all, (r) => r.kind === 'own-1')).n, 12);
      assert.equal(row(await arrival(listed, (r) => r.kind === 'own-2')).n, 13);
      assert.equal(row(await arrival(greater, (r) => r.kind === 'own-3')).n, 14);
      // Filters hold: nothing outside them reached the filtered channels.
      assert.ok(filtered.items.every((c) => row(c).n === 11));
      assert.ok(listed.items.every((c) => [12, 13].includes(Number(row(c).n))));
      assert.ok(greater.items.every((c) => Number(row(c).n) > 13));
    });
  });
}
