import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

for (const backend of testBackends()) {
  describe(`boot on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend);
    });
    after(() => server?.close());

    test('answers health checks on the API prefixes', async () => {
      const response = await fetch(`${server.url}/auth/v1/health`);
      assert.equal(response.status, 200);
    });

    test('creates what Supabase provides before migrations', async () => {
      const rows = await server.db.transaction({ kind: 'system' }, async (tx) => {
        const roles = await tx.query<{ rolname: string }>(
          `select rolname from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by 1`,
        );
        const schemas = await tx.query<{ nspname: string }>(
          `select nspname from pg_namespace where nspname in ('auth','storage','realtime','extensions') order by 1`,
        );
        const publication = await tx.query(`select 1 from pg_publication where pubname = 'supabase_realtime'`);
        return { roles: roles.rows.map((r) => r.rolname), schemas: schemas.rows.map((r) => r.nspname), publication: publication.rowCount };
      });
      assert.deepEqual(rows, {
        roles: ['anon', 'authenticated', 'authenticator', 'service_role'],
        schemas: ['auth', 'extensions', 'realtime', 'storage'],
        publication: 1,
      });
    });

    test('sets role and claims locally for one request transaction only', async () => {
      const claims = { sub: '11111111-1111-1111-1111-111111111111', role: 'authenticated' };
      const inside = await server.db.transaction({ kind: 'request', role: 'authenticated', claims }, async (tx) => {
        const { rows } = await tx.query<{ who: string; uid: string; role: string }>(
          `select current_user as who, auth.uid()::text as uid, auth.role() as role`,
        );
        return rows[0];
      });
      assert.deepEqual(inside, { who: 'authenticated', uid: claims.sub, role: 'authenticated' });
      const afterwards = await server.db.transaction({ kind: 'request', role: 'anon' }, async (tx) => {
        const { rows } = await tx.query<{ who: string; uid: string | null }>(`select current_user as who, auth.uid()::text as uid`);
        return rows[0];
      });
      assert.deepEqual(afterwards, { who: 'anon', uid: null });
    });

    test('refuses a role that authenticator cannot switch to, and stays usable', async () => {
      await assert.rejects(
        server.db.transaction({ kind: 'request', role: 'postgres', claims: { role: 'postgres' } }, (tx) => tx.query('select 1')),
        (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '22023',
      );
      const who = await server.db.transaction(
        { kind: 'request', role: 'anon' },
        async (tx) => (await tx.query<{ u: string }>('select current_user as u')).rows[0]?.u,
      );
      assert.equal(who, 'anon');
    });
  });
}

if (testBackends().includes('postgres')) {
  describe('boot: several servers at once on one PostgreSQL cluster', () => {
    test('all of them start and answer, though each rewrites the cluster-wide authenticator role', async () => {
      const servers = await Promise.allSettled(Array.from({ length: 6 }, () => startTestServer('postgres')));
      try {
        assert.deepEqual(
          servers.map((s) => (s.status === 'fulfilled' ? 'started' : String(s.reason))),
          servers.map(() => 'started'),
        );
        for (const s of servers) {
          if (s.status !== 'fulfilled') continue;
          const response = await fetch(`${s.value.url}/rest/v1/`, { headers: { apikey: s.value.serviceRoleKey } });
          assert.equal(response.status, 200);
          await response.arrayBuffer();
        }
      } finally {
        await Promise.all(servers.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
      }
    });
  });
}
