import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { ada, failed, ok, outcome, rest, startRestServer, userClient, userToken } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets()) {
  describe(`REST keys, roles and request settings on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await startRestServer(target);
    });
    after(() => server?.close());

    const whoAmI = async (headers: Record<string, string>) => {
      const res = await rest(server, '/rpc/who_am_i', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    test('legacy anon and service_role JWT keys', async () => {
      assert.equal((await whoAmI({ apikey: server.anonKey })).body.role, 'anon');
      assert.equal((await whoAmI({ apikey: server.anonKey, Authorization: `Bearer ${server.serviceRoleKey}` })).body.role, 'service_role');
    });

    test('opaque sb_publishable_ / sb_secret_ keys, also as a bearer', async () => {
      const { publishableKey, secretKey } = server.keys;
      assert.equal((await whoAmI({ apikey: publishableKey })).body.role, 'anon');
      assert.equal((await whoAmI({ apikey: publishableKey, Authorization: `Bearer ${publishableKey}` })).body.role, 'anon');
      assert.equal((await whoAmI({ apikey: secretKey })).body.role, 'service_role');
      const res = await rest(server, '/places?select=id', { headers: { apikey: 'sb_publishable_wrong' } });
      assert.equal(res.status, 401);
    });

    test('a user JWT runs as authenticated with its claims; settings as PostgREST sets them', async () => {
      const token = await userToken(server, ada);
      const { status, body } = await whoAmI({ Authorization: `Bearer ${token}`, 'X-Test': 'hello' });
      assert.equal(status, 200);
      assert.deepEqual(body, {
        role: 'authenticated',
        sub: ada,
        method: 'POST',
        path: '/rpc/who_am_i',
        search_path: '"public", "public", "extensions"',
        header: 'hello',
      });
    });

    test('an expired JWT is 401 PGRST303 with WWW-Authenticate', async () => {
      const token = await userToken(server, ada, {}, -60);
      const res = await rest(server, '/places', { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Bearer error="invalid_token", error_description="JWT expired"');
      assert.deepEqual(await res.json(), { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    });

    test('a JWT accepted a moment ago is refused once it expires', async () => {
      // Expires at the start of the second after next: accepted now, expired 2 s from now at most.
      const expiresAt = Math.floor(Date.now() / 1000) + 2;
      const token = await new SignJWT({ sub: ada, role: 'authenticated', aud: 'authenticated', marker: 'first' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(expiresAt)
        .sign(server.keys.secret);
      for (let i = 0; i < 3; i++) {
        const { status, body } = await whoAmI({ Authorization: `Bearer ${token}` });
        assert.equal(status, 200);
        assert.equal(body.sub, ada);
      }
      await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
      const res = await rest(server, '/places', { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
      // The same text with one character of its signature changed is still refused as a bad signature.
      const forged = token.slice(0, -2) + (token.endsWith('A') ? 'B' : 'A') + token.slice(-1);
      assert.equal((await rest(server, '/places', { headers: { Authorization: `Bearer ${forged}` } })).status, 401);
    });

    test('a JWT with a bad signature or shape is 401 PGRST301', async () => {
      const forged = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('not-the-secret-not-the-secret-123'));
      const res = await rest(server, '/places', { headers: { Authorization: `Bearer ${forged}` } });
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { code: 'PGRST301', details: null, hint: null, message: 'JWT cryptographic operation failed' });
      const garbage = await rest(server, '/places', { headers: { Authorization: 'Bearer abc' } });
      assert.deepEqual(await garbage.json(), { code: 'PGRST301', details: null, hint: null, message: 'Expected 3 parts in JWT; got 1' });
    });

    test('a JWT naming a role authenticator cannot use is 401', async () => {
      const token = await new SignJWT({ role: 'postgres' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(server.keys.secret);
      const res = await rest(server, '/places', { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { code: '22023', details: null, hint: null, message: 'role "postgres" does not exist' });
    });

    test('42501 is 401 with WWW-Authenticate for anon, 403 for a signed-in user', async () => {
      const anon = await rest(server, '/secrets');
      assert.equal(anon.status, 401);
      assert.equal(anon.headers.get('www-authenticate'), 'Bearer');
      assert.deepEqual(await anon.json(), { code: '42501', details: null, hint: null, message: 'permission denied for table secrets' });
      const user = await userClient(server, ada);
      assert.deepEqual(
        outcome(await user.from('secrets').select()),
        failed(403, { code: '42501', details: null, hint: null, message: 'permission denied for table secrets' }),
      );
      assert.deepEqual(outcome(await server.admin().from('secrets').select()), ok([{ id: 1, value: 'top' }]));
    });

    test('RLS filters reads per user', async () => {
      assert.deepEqual(outcome(await server.client().from('notes').select('id').order('id')), ok([{ id: 1 }]));
      const user = await userClient(server, ada);
      assert.deepEqual(
        outcome(await user.from('notes').select('id,body').order('id')),
        ok([
          { id: 1, body: 'ada public' },
          { id: 2, body: 'ada private' },
        ]),
      );
    });

    test('the schema cache reloads on NOTIFY pgrst and after DDL', async () => {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`create table public.late (id int primary key); grant select on public.late to anon; insert into public.late values (7);`),
      );
      let res: Response | null = null;
      for (let i = 0; i < 50; i++) {
        res = await rest(server, '/late');
        if (res.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(res?.status, 200);
      assert.deepEqual(await res?.json(), [{ id: 7 }]);
      await server.db.transaction({ kind: 'system' }, (tx) => tx.exec(`drop table public.late`));
      for (let i = 0; i < 50; i++) {
        res = await rest(server, '/late');
        if (res.status === 404) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(res?.status, 404);
    });

    test('unknown paths and verbs', async () => {
      const nested = await rest(server, '/places/1');
      assert.equal(nested.status, 404);
      assert.deepEqual(await nested.json(), {
        code: 'PGRST125',
        details: null,
        hint: null,
        message: 'Invalid path specified in request URL',
      });
      const options = await rest(server, '/places', { method: 'OPTIONS' });
      assert.equal(options.status, 200);
      assert.equal(options.headers.get('allow'), 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
      const purge = await rest(server, '/places', { method: 'PURGE' });
      assert.equal(purge.status, 405);
      assert.deepEqual(await purge.json(), { code: 'PGRST117', details: null, hint: null, message: 'Unsupported HTTP method: PURGE' });
    });
  });
}
