/**
 * Attack: hostile input to the calls that change places by suggestion and read hours and lists
 * (suggest_place_edit, decide_place_edit, place_edit_standing, list_delete_summary, and the
 * open_now argument of places_in_view / places_nearby / search_places). Every answer is an
 * error in PostgREST's shape with a 4xx status, never a 500; the place, the counters and the
 * history stay as they were; no column outside the editable ones can be reached.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { anonClient, createMember, sql, unwrap, withoutSeed, type Member } from '../data/support.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

interface Answer {
  status: number;
  code: string | null;
}

for (const backend of testBackends()) {
  describe(`hostile input to suggested edits, hours and list calls on ${backend}`, () => {
    let server: TestServer;
    let creator: Member;
    let mallory: Member;
    let place: string;
    let snapshot: string;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [creator, mallory] = await Promise.all([createMember(server), createMember(server)]);
      place =
        (
          await sql<{ id: string }>(
            server,
            `insert into places (name, category, lat, lng, created_by, rating_count, rating_avg) values ('Target café', 'cafe', 1, 1, $1, 3, 4.5) returning id`,
            [creator.id],
          )
        )[0]?.id ?? '';
      snapshot = JSON.stringify(await sql(server, `select * from places where id = $1`, [place]));
    });
    after(() => server?.close());

    /** A call over HTTP as supabase-js would send it, with any JSON body. */
    async function call(fn: string, body: unknown, token = mallory.token): Promise<Answer> {
      const response = await fetch(`${server.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let code: string | null = null;
      try {
        code = (JSON.parse(text) as { code?: string }).code ?? null;
      } catch {
        code = null;
      }
      return { status: response.status, code };
    }

    test('suggest_place_edit: columns outside the editable ones, wrong types, huge and nested values', async () => {
      const hostile: unknown[] = [
        { place_id: place, changes: { rating_avg: 5 } },
        { place_id: place, changes: { rating_count: 9999 } },
        { place_id: place, changes: { hidden_at: null } },
        { place_id: place, changes: { created_by: mallory.id } },
        { place_id: place, changes: { id: randomUUID() } },
        { place_id: place, changes: { cover_photo_path: '../../etc/passwd' } },
        { place_id: place, changes: { "name'; update places set rating_avg = 0; --": 'x' } },
        { place_id: place, changes: ['name', 'Evil'] },
        { place_id: place, changes: 'name=Evil' },
        { place_id: place, changes: null },
        { place_id: place, changes: { name: 'A'.repeat(100_000) } },
        { place_id: place, changes: { name: { nested: 'object' } } },
        { place_id: place, changes: { lat: '1; drop table places' } },
        { place_id: place, changes: { lat: 1e308 } },
        { place_id: place, changes: { price_level: 99999999999 } },
        { place_id: place, changes: { category: 'cafe\u0000' } },
        { place_id: place, changes: { website: 'javascript:alert(document.cookie)' } },
        { place_id: place, changes: { website: 'https://evil.example/\n<script>' } },
        { place_id: place, changes: { opening_hours: { weekly: [[['09:00', '18:00']]], extra: { $gt: '' } } } },
        { place_id: place, changes: { opening_hours: 'always' } },
        { place_id: place, changes: { time_zone: '../../../../etc/localtime' } },
        { place_id: place, changes: { time_zone: 'America/New_York/../../x' } },
        { place_id: place, changes: { name: 'Fine' }, note: 'n'.repeat(501) },
        { place_id: 'not-a-uuid', changes: { name: 'Fine' } },
        { place_id: randomUUID(), changes: { name: 'Fine' } },
        { place_id: place, changes: { name: 'Fine' }, extra_argument: true },
        '{"place_id": "' + place + '", "changes": {"name": "Unclosed"',
      ];
      const answers: string[] = [];
      for (const body of hostile) {
        const answer = await call('suggest_place_edit', body);
        answers.push(`${answer.status} ${answer.code}`);
        assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(body).slice(0, 90)} → ${answer.status} ${answer.code}`);
        assert.ok(answer.code, `${JSON.stringify(body).slice(0, 90)} answered without a code`);
      }
      assert.equal(JSON.stringify(await sql(server, `select * from places where id = $1`, [place])), snapshot);
      assert.equal((await sql(server, `select 1 from place_edits`)).length, 0);
    });

    test('decide_place_edit: unknown, malformed and foreign ids; deciding as a visitor; a reason too long', async () => {
      const edit = unwrap(await mallory.client.rpc('suggest_place_edit', { place_id: place, changes: { name: 'Suggested name' } }));
      const visitor = await call('decide_place_edit', { edit_id: edit.id, accept: true }, server.anonKey);
      assert.ok([401, 403].includes(visitor.status), String(visitor.status));
      for (const body of [
        { edit_id: randomUUID(), accept: true },
        { edit_id: 'x', accept: true },
        { edit_id: edit.id, accept: 'definitely' },
        { edit_id: edit.id, accept: null },
        { edit_id: edit.id, accept: true },
        { edit_id: edit.id, accept: false, reason: 'r'.repeat(501) },
      ]) {
        const answer = await call('decide_place_edit', body);
        assert.ok(answer.status >= 400 && answer.status < 500 && answer.code, `${JSON.stringify(body)} → ${answer.status} ${answer.code}`);
      }
      const tooLong = await call('decide_place_edit', { edit_id: edit.id, accept: false, reason: 'r'.repeat(501) }, creator.token);
      assert.deepEqual(tooLong, { status: 400, code: '23514' });
      assert.equal(JSON.stringify(await sql(server, `select * from places where id = $1`, [place])), snapshot);
      const [row] = await sql<{ status: string }>(server, `select status::text from place_edits where id = $1`, [edit.id]);
      assert.equal(row?.status, 'pending');
      // the public rows never carry who decides
      const columns = await fetch(`${server.url}/rest/v1/place_edits?select=decided_by`, { headers: { apikey: server.anonKey } });
      assert.ok(columns.status >= 400 && columns.status < 500, String(columns.status));
    });

    test('open_now and the list calls with the wrong types and other people’s lists', async () => {
      for (const [fn, body] of [
        ['places_in_view', { min_lat: 0, min_lng: 0, max_lat: 2, max_lng: 2, open_now: 'perhaps' }],
        ['places_in_view', { min_lat: 0, min_lng: 0, max_lat: 2, max_lng: 2, open_now: { or: 1 } }],
        ['places_nearby', { lat: 1, lng: 1, open_now: [true] }],
        ['search_places', { q: 'target', open_now: 'true; select pg_sleep(10)' }],
        ['place_edit_standing', { place_id: "'; select 1; --" }],
        ['list_delete_summary', { list_id: randomUUID() }],
        ['list_delete_summary', { list_id: 'x' }],
      ] as const) {
        const answer = await call(fn, body);
        assert.ok(
          answer.status >= 400 && answer.status < 500 && answer.code,
          `${fn} ${JSON.stringify(body)} → ${answer.status} ${answer.code}`,
        );
      }
      const list = unwrap(await creator.client.from('lists').insert({ owner_id: creator.id, name: 'Mine' }).select('id').single()).id;
      assert.deepEqual(await call('list_delete_summary', { list_id: list }), { status: 403, code: '42501' });
      assert.deepEqual(await call('list_delete_summary', { list_id: list }, server.anonKey), { status: 401, code: '42501' });
      // anonymous suggesting
      const anon = await anonClient(server).rpc('suggest_place_edit', { place_id: place, changes: { name: 'Anonymous' } });
      assert.ok(anon.error);
    });
  });
}
