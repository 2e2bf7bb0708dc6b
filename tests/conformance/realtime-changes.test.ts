import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { Inbox, rawSocket, realtimeProject, subscribe, userClient, userToken } from '../fixtures/realtime/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

for (const target of conformanceTargets({ listen: true })) {
  describe(`realtime postgres_changes on ${target.name}`, () => {
    let server: ConformanceTarget;
    const clients: SupabaseClient[] = [];
    const alice = randomUUID();
    const bob = randomUUID();
    before(async () => {
      server = await target.start(realtimeProject);
    });
    after(async () => {
      for (const c of clients) await c.removeAllChannels();
      await server?.close();
    });

    const sql = (text: string, params: unknown[] = []) => server.db.transaction({ kind: 'system' }, (tx) => tx.query(text, params));

    async function watch(client: SupabaseClient, spec: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string }) {
      clients.push(client);
      const inbox = new Inbox<Change>();
      const system = new Inbox<Record<string, unknown>>();
      const channel = client
        .channel(`changes-${randomUUID()}`)
        .on(
          'postgres_changes',
          { event: spec.event ?? '*', schema: 'public', table: spec.table, ...(spec.filter ? { filter: spec.filter } : {}) } as never,
          (p: Change) => inbox.push(p),
        )
        .on('system', {}, (p: Record<string, unknown>) => system.push(p));
      assert.equal((await subscribe(channel)).status, 'SUBSCRIBED');
      const [ready] = await system.waitFor(1);
      assert.deepEqual(ready, {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: channel.subTopic,
      });
      return inbox;
    }

    test('INSERT, UPDATE and DELETE arrive in the hosted shape, with RLS per subscriber', async () => {
      const mine = await watch(await userClient(server, await userToken(server, alice)), { table: 'notes' });
      const theirs = await watch(await userClient(server, await userToken(server, bob)), { table: 'notes' });
      const { rows } = await sql(
        `insert into public.notes (owner, body, score, tags, meta) values ($1, 'secret', 4.5, '{a,b}', '{"k":1}') returning id`,
        [alice],
      );
      const id = Number(rows[0]?.id);
      // Visibility is checked by primary key after commit (as upstream's apply_rls does), so
      // each change is awaited before the next one removes the row.
      await mine.waitFor(1);
      await sql(`update public.notes set body = 'edited' where id = $1`, [id]);
      await mine.waitFor(2);
      await sql(`insert into public.notes (owner, body, is_public) values ($1, 'hello all', true)`, [alice]);
      await mine.waitFor(3);
      await sql(`delete from public.notes where id = $1`, [id]);
      const got = await mine.waitFor(4);
      assert.deepEqual(
        got.map((c) => c.eventType),
        ['INSERT', 'UPDATE', 'INSERT', 'DELETE'],
      );
      const [insert, update, , del] = got;
      assert.match(String(insert?.commit_timestamp), iso);
      assert.equal(insert?.schema, 'public');
      assert.equal(insert?.table, 'notes');
      assert.equal(insert?.errors, null);
      assert.deepEqual(
        { ...insert?.new, created_at: undefined },
        { id, owner: alice, body: 'secret', score: 4.5, tags: ['a', 'b'], meta: { k: 1 }, is_public: false, created_at: undefined },
      );
      assert.deepEqual(insert?.old, {});
      assert.equal((update?.new as Record<string, unknown>).body, 'edited');
      assert.deepEqual(update?.old, { id });
      assert.deepEqual(del?.old, { id });
      assert.deepEqual(del?.new, {});
      // Bob sees the public row and the delete (not RLS-checked, key only), never Alice's private row.
      const bobs = await theirs.waitFor(2);
      assert.deepEqual(
        bobs.map((c) => [c.eventType, c.eventType === 'DELETE' ? c.old : { body: (c.new as Record<string, unknown>).body }]),
        [
          ['INSERT', { body: 'hello all' }],
          ['DELETE', { id }],
        ],
      );
      assert.deepEqual(await theirs.quiet(2, 200), []);
    });

    test('RLS for hundreds of members at once: each sees its own rows and the shared one; a member whose check fails costs the others nothing', async () => {
      const members = Array.from({ length: 260 }, () => randomUUID());
      const broken = members[7]!;
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create table public.diary (id bigint generated always as identity primary key, owner uuid not null, shared boolean not null default false);
          alter table public.diary enable row level security;
          grant select on public.diary to authenticated;
          create function public.diary_guard() returns boolean language plpgsql stable as $$
          begin
            if auth.uid() = '${broken}'::uuid then raise exception 'this member''s check fails'; end if;
            return true;
          end $$;
          create policy "own or shared" on public.diary for select to authenticated using (public.diary_guard() and (shared or owner = auth.uid()));
          alter publication supabase_realtime add table public.diary;`),
      );
      // Three sockets (a client may join 100 channels), one channel per member, each with its token.
      const sockets = await Promise.all([0, 1, 2].map(() => rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' })));
      const tokens = await Promise.all(members.map((m) => userToken(server, m)));
      const socketOf = (i: number) => sockets[i % 3]!;
      tokens.forEach((token, i) =>
        socketOf(i).send([
          String(i),
          String(i),
          `realtime:diary-${i}`,
          'phx_join',
          { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'diary' }] }, access_token: token },
        ]),
      );
      type Frame = [string | null, string | null, string, string, Record<string, unknown>];
      const frames = (event: string) =>
        sockets.flatMap((s) => (s.inbox.items as Frame[]).filter((m) => Array.isArray(m) && m[3] === event));
      async function until(count: number, event: string) {
        const deadline = Date.now() + 60_000;
        while (frames(event).length < count) {
          assert.ok(Date.now() < deadline, `${frames(event).length} of ${count} ${event} messages`);
          await Promise.race(sockets.map((s) => s.inbox.waitFor(s.inbox.items.length + 1, 1000).catch(() => undefined)));
        }
      }
      await until(members.length, 'system');
      assert.ok(frames('system').every((m) => m[4].status === 'ok'));
      await sql(`insert into public.diary (owner, shared) select unnest($1::uuid[]), false union all select $2::uuid, true`, [
        members,
        members[0],
      ]);
      await until((members.length - 1) * 2, 'postgres_changes');
      await new Promise((r) => setTimeout(r, 300));
      const seen = new Map<string, string[]>();
      for (const m of frames('postgres_changes')) {
        const record = (m[4].data as { record: { owner: string; shared: boolean } }).record;
        seen.set(m[2], [...(seen.get(m[2]) ?? []), record.shared ? 'shared' : record.owner].sort());
      }
      members.forEach((member, i) => {
        const expected = member === broken ? undefined : ['shared', member].sort();
        assert.deepEqual(seen.get(`realtime:diary-${i}`), expected, `member ${i}`);
      });
      for (const s of sockets) s.ws.close();
    });

    test('RLS on a table keyed by two columns: each member receives the rows of its own rooms, inserted and updated', async () => {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create table public.room_notes (room text not null, n integer not null, body text not null, primary key (room, n));
          alter table public.room_notes enable row level security;
          grant select on public.room_notes to authenticated;
          create policy "room members read" on public.room_notes for select to authenticated
            using (exists (select 1 from public.room_members m where m.room = room_notes.room and m.user_id = auth.uid()));
          alter publication supabase_realtime add table public.room_notes;`),
      );
      const carol = randomUUID();
      const dave = randomUUID();
      await sql(`insert into public.room_members (room, user_id) values ('north', $1), ('south', $2), ('both', $1), ('both', $2)`, [
        carol,
        dave,
      ]);
      const carols = await watch(await userClient(server, await userToken(server, carol)), { table: 'room_notes' });
      const daves = await watch(await userClient(server, await userToken(server, dave)), { table: 'room_notes' });
      // One statement: the changed rows reach the check together, the same n in different rooms.
      await sql(
        `insert into public.room_notes (room, n, body) values ('north', 1, 'n1'), ('south', 1, 's1'), ('both', 1, 'b1'), ('north', 2, 'n2')`,
      );
      await sql(`update public.room_notes set body = 's1 edited' where room = 'south' and n = 1`);
      const received = async (inbox: Inbox<Change>, count: number) => {
        const got = await inbox.waitFor(count);
        // nothing more is coming: another change would have arrived with these
        await new Promise((r) => setTimeout(r, 300));
        assert.equal(inbox.items.length, count);
        return got
          .map((c) => {
            const row = c.new as { room?: string; n?: number; body?: string };
            return `${c.eventType} ${String(row.room)}/${String(row.n)} ${String(row.body)}`;
          })
          .sort();
      };
      assert.deepEqual(await received(carols, 3), ['INSERT both/1 b1', 'INSERT north/1 n1', 'INSERT north/2 n2']);
      assert.deepEqual(await received(daves, 3), ['INSERT both/1 b1', 'INSERT south/1 s1', 'UPDATE south/1 s1 edited']);
    });

    test('the join reply carries integer ids in request order; the event and filter grammar select rows', async () => {
      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      const specs = [
        { event: 'INSERT', schema: 'public', table: 'events_log', filter: 'kind=eq.alpha' },
        { event: '*', schema: 'public', table: 'events_log', filter: 'kind=in.(beta,"ga,mma")' },
        { event: 'UPDATE', schema: 'public', table: 'events_log', filter: 'n=gt.5' },
        { event: '*', schema: 'public', table: 'events_log', filter: 'kind=not.like.a%,n=lte.100' },
        { event: 'DELETE', schema: 'public', table: 'events_log', filter: 'n=is.null' },
      ];
      s.send(['1', '1', 'realtime:grammar', 'phx_join', { config: { postgres_changes: specs } }]);
      const reply = (await s.next((m) => Array.isArray(m) && m[1] === '1')) as [
        string,
        string,
        string,
        string,
        { status: string; response: { postgres_changes: Array<Record<string, unknown>> } },
      ];
      assert.equal(reply[4].status, 'ok');
      const ids = reply[4].response.postgres_changes.map((p) => p.id);
      assert.deepEqual(
        reply[4].response.postgres_changes.map(({ id: _id, ...rest }) => rest),
        specs,
      );
      assert.ok(ids.every((id) => Number.isInteger(id)));
      assert.equal(new Set(ids).size, ids.length);
      await s.next((m) => Array.isArray(m) && m[3] === 'system');
      await sql(`insert into public.events_log (kind, n) values ('alpha', 1), ('beta', 7), ('ga,mma', 200), ('zeta', null)`);
      await sql(`update public.events_log set n = 9 where kind = 'alpha'`);
      await sql(`delete from public.events_log where kind = 'zeta'`);
      const expected = [
        ['INSERT', 'alpha', [ids[0]]],
        ['INSERT', 'beta', [ids[1], ids[3]]],
        ['INSERT', 'ga,mma', [ids[1]]],
        ['INSERT', 'zeta', []],
        ['UPDATE', 'alpha', [ids[2]]],
        ['DELETE', 'zeta', [ids[4]]],
      ].filter((e) => (e[2] as number[]).length);
      const changes: unknown[] = [];
      for (let i = 0; i < expected.length; i++) {
        const m = (await s.next((x) => Array.isArray(x) && x[3] === 'postgres_changes' && !changes.includes(x))) as unknown[];
        changes.push(m);
      }
      const seen = changes.map((m) => {
        const p = (
          m as [
            null,
            null,
            string,
            string,
            { ids: number[]; data: { type: string; record?: { kind: string }; old_record?: { kind: string } } },
          ]
        )[4];
        return [p.data.type, (p.data.record ?? p.data.old_record)?.kind, [...p.ids].sort()];
      });
      assert.deepEqual(
        seen,
        expected.map((e) => [e[0], e[1], [...(e[2] as number[])].sort()]),
      );
      // REPLICA IDENTITY FULL: the delete carries the whole old row
      const del = (changes.at(-1) as unknown[])[4] as { data: { old_record: Record<string, unknown>; columns: unknown[] } };
      assert.deepEqual({ ...del.data.old_record, id: undefined }, { id: undefined, kind: 'zeta', n: null });
      assert.deepEqual(del.data.columns, [
        { name: 'id', type: 'uuid' },
        { name: 'kind', type: 'text' },
        { name: 'n', type: 'int4' },
      ]);
      s.ws.close();
    });

    test('nothing is delivered for a rolled-back transaction; big rows still arrive', async () => {
      const inbox = await watch(server.client(server.serviceRoleKey), { table: 'events_log', event: 'INSERT' });
      await assert.rejects(
        server.db.transaction({ kind: 'system' }, async (tx) => {
          await tx.query(`insert into public.events_log (kind) values ('rolled back')`);
          throw new Error('abort');
        }),
      );
      const big = 'y'.repeat(30_000);
      await sql(`insert into public.events_log (kind) values ($1)`, [big]);
      const [got] = await inbox.waitFor(1);
      assert.equal((got?.new as Record<string, unknown>).kind, big);
      assert.deepEqual(await inbox.quiet(1, 200), []);
    });

    test('errors as hosted: no primary key, no privilege, unpublished table, bad filter', async () => {
      const noPk = await watch(server.client(), { table: 'no_pk' });
      await sql(`insert into public.no_pk values ('x')`);
      const [a] = await noPk.waitFor(1);
      assert.deepEqual(a?.errors, ['Error 400: Bad Request, no primary key']);
      const secret = await watch(server.client(), { table: 'secret_stuff' });
      await sql(`insert into public.secret_stuff values (1, 'classified')`);
      const [b] = await secret.waitFor(1);
      assert.deepEqual(b?.errors, ['Error 401: Unauthorized']);
      assert.deepEqual(b?.new, {});

      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      s.send([
        '1',
        '1',
        'realtime:nope',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'unpublished' }] } },
      ]);
      const system = (await s.next((m) => Array.isArray(m) && m[3] === 'system')) as unknown[];
      assert.equal((system[4] as { status: string }).status, 'error');
      assert.match(
        (system[4] as { message: string }).message,
        /^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled/,
      );
      s.send([
        '2',
        '2',
        'realtime:badfilter',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: 'nope=eq.1' }] } },
      ]);
      const bad = (await s.next((m) => Array.isArray(m) && m[3] === 'system' && m[2] === 'realtime:badfilter')) as unknown[];
      assert.match((bad[4] as { message: string }).message, /invalid column for filter nope/);
      s.send([
        '3',
        '3',
        'realtime:badop',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: 'id=foo.1' }] } },
      ]);
      const badOp = (await s.next((m) => Array.isArray(m) && m[3] === 'system' && m[2] === 'realtime:badop')) as unknown[];
      assert.equal((badOp[4] as { message: string }).message, 'Error parsing `filter` params: ["foo", "1"]');
      s.send([
        '4',
        '4',
        'realtime:badregex',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: 'body=match.(' }] } },
      ]);
      const badRegex = (await s.next((m) => Array.isArray(m) && m[3] === 'system' && m[2] === 'realtime:badregex')) as unknown[];
      assert.equal((badRegex[4] as { status: string }).status, 'error');
      s.send([
        '5',
        '5',
        'realtime:badvalue',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: 'id=eq.abc' }] } },
      ]);
      const badValue = (await s.next((m) => Array.isArray(m) && m[3] === 'system' && m[2] === 'realtime:badvalue')) as unknown[];
      assert.match((badValue[4] as { message: string }).message, /invalid input syntax for type bigint/);
      s.ws.close();
    });

    test('a table added to the publication later is picked up', async () => {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(
          `create table public.late (id int primary key, v text); grant select on public.late to anon; alter publication supabase_realtime add table public.late`,
        ),
      );
      const inbox = await watch(server.client(), { table: 'late' });
      await sql(`insert into public.late values (1, 'hi')`);
      assert.deepEqual((await inbox.waitFor(1))[0]?.new, { id: 1, v: 'hi' });
      // and a column added afterwards shows up with its type
      await sql(`alter table public.late add column n int8`);
      await sql(`insert into public.late values (2, 'more', 5)`);
      assert.deepEqual((await inbox.waitFor(2))[1]?.new, { id: 2, v: 'more', n: 5 });
    });
  });
}
