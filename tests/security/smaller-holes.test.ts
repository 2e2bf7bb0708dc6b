/**
 * Smaller holes found by the same attacker:
 * - `open_list` (a private or unknown list) and `hide_content`/`restore_content` (an unknown
 *   target) answered 500 `P0002`: a probe looked like a server failure, and clients retried it.
 *   Now PostgREST's 404 with the same code and sentence.
 * - storage answered a token whose role does not exist with 500 `22023`; now 403.
 * - REST writes read every body as JSON: a form body holding JSON inserted the JSON, and CSV
 *   failed as bad JSON. Both are now read as PostgREST reads them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { createMember, sql, withoutSeed, type Member } from '../data/support.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

for (const backend of testBackends()) {
  describe(`smaller holes on ${backend}`, () => {
    let server: TestServer;
    let member: Member;
    let moderator: Member;
    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [member, moderator] = await Promise.all([createMember(server), createMember(server, { role: 'moderator' })]);
    });
    after(() => server?.close());

    const rest = (path: string, token: string, init: RequestInit = {}) =>
      fetch(`${server.url}/rest/v1${path}`, {
        ...init,
        headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });

    test('open_list of an unknown or a private list: 404 in PostgREST shape, the same body for both', async () => {
      const owner = await createMember(server);
      const [privateList] = await sql<{ id: string }>(
        server,
        `insert into lists (owner_id, name, visibility) values ($1, 'Mine only', 'private') returning id`,
        [owner.id],
      );
      const bodies: unknown[] = [];
      for (const id of [randomUUID(), privateList?.id ?? '']) {
        const res = await rest('/rpc/open_list', member.token, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ list_id: id }),
        });
        assert.equal(res.status, 404);
        bodies.push(await res.json());
      }
      assert.deepEqual(bodies[0], { code: 'P0002', details: null, hint: null, message: 'This list does not exist or is private.' });
      assert.deepEqual(bodies[1], bodies[0]);
    });

    test('hide_content and restore_content of an unknown target: 404 in PostgREST shape', async () => {
      for (const fn of ['hide_content', 'restore_content']) {
        const res = await rest(`/rpc/${fn}`, moderator.token, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ target_type: 'review', target_id: randomUUID(), reason: 'spam' }),
        });
        assert.equal(res.status, 404, fn);
        assert.deepEqual(await res.json(), { code: 'P0002', details: null, hint: null, message: 'The review to moderate does not exist.' });
      }
    });

    test('storage refuses a token whose role does not exist with 403, not a server error', async () => {
      const token = await new SignJWT({ sub: randomUUID(), role: 'no_such_role' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(server.keys.secret);
      for (const [method, path] of [
        ['GET', '/storage/v1/bucket'],
        ['POST', '/storage/v1/object/list/avatars'],
        ['POST', '/storage/v1/object/sign/avatars/x.png'],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          ...(method === 'POST' ? { body: '{"prefix":"","expiresIn":60}' } : {}),
        });
        const body = (await res.json()) as { statusCode: string; message: string };
        assert.equal(res.status, 403, `${method} ${path}: ${JSON.stringify(body)}`);
        assert.equal(body.statusCode, '403');
        assert.equal(body.message, 'role "no_such_role" does not exist');
      }
    });

    const placesNamed = async (name: string) => (await sql(server, `select 1 from places where name = $1`, [name])).length;

    test('a form body is read as a form: JSON inside it is not a row, fields are', async () => {
      const smuggled = `Smuggled ${randomUUID().slice(0, 8)}`;
      const json = await rest('/places', member.token, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: JSON.stringify({ name: smuggled, category: 'cafe', lat: 1, lng: 2 }),
      });
      assert.equal(json.status, 400);
      assert.equal(((await json.json()) as { code: string }).code, 'PGRST204');
      assert.equal(await placesNamed(smuggled), 0);
      const name = `Form place ${randomUUID().slice(0, 8)}`;
      const form = await rest('/places', member.token, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Prefer: 'return=representation' },
        body: new URLSearchParams({ name, category: 'cafe', lat: '48.5', lng: '2.25' }).toString(),
      });
      assert.equal(form.status, 201);
      const [row] = (await form.json()) as Array<{ name: string; lat: number }>;
      assert.deepEqual([row?.name, row?.lat], [name, 48.5]);
    });

    test('a CSV body inserts its rows (NULL is null), as PostgREST reads it', async () => {
      const tag = randomUUID().slice(0, 8);
      const csv = `name,category,lat,lng,address\n"CSV, one ${tag}",park,1.5,2,NULL\nCSV two ${tag},cafe,3,4,"12 ""Quoted"" Street"\n`;
      const res = await rest('/places?select=name,address', member.token, {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv', Prefer: 'return=representation' },
        body: csv,
      });
      assert.equal(res.status, 201);
      assert.deepEqual(await res.json(), [
        { name: `CSV, one ${tag}`, address: null },
        { name: `CSV two ${tag}`, address: '12 "Quoted" Street' },
      ]);
    });
  });
}
