import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { generate, prng, type HostileRequest } from '../fixtures/rest/hostile.ts';
import { ada, startRestServer, userToken } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

/** Everything a statement could have changed in the catalog: objects, roles, memberships, role settings. */
const catalogSnapshot = `
  select json_build_object(
    'classes', (select md5(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || coalesce(c.relacl::text, ''), ',' order by n.nspname, c.relname))
                from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_toast') and n.nspname not like 'pg_temp%'),
    'functions', (select md5(string_agg(p.oid::regprocedure::text || coalesce(p.proacl::text, ''), ',' order by p.oid)) from pg_proc p),
    'schemas', (select string_agg(nspname, ',' order by nspname) from pg_namespace where nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'),
    'roles', (select string_agg(rolname || ':' || rolsuper::text || rolbypassrls::text || rolcanlogin::text, ',' order by rolname) from pg_roles),
    'members', (select md5(string_agg(roleid::text || '>' || member::text, ',' order by roleid, member)) from pg_auth_members),
    -- Global rows and this database's: other test databases on the shared cluster have their own (rest-db-config sets some).
    'settings', (select md5(coalesce(string_agg(setrole::text || array_to_string(setconfig, ';'), ',' order by setrole), '')) from pg_db_role_setting
                 where setdatabase in (0, (select oid from pg_database where datname = current_database()))),
    'policies', (select count(*) from pg_policy),
    'secrets', (select string_agg(id || '=' || value, ',' order by id) from public.secrets),
    'vault', (select count(*) from hidden.vault)
  )::text as snapshot`;

const canaries = ['CANARY-SECRET-7f3a', 'CANARY-PRIVATE-91c2'];

for (const target of conformanceTargets()) {
  describe(`REST under hostile requests on ${target.name}`, () => {
    let server: ConformanceTarget;
    let before_: string;
    before(async () => {
      server = await startRestServer(target);
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`insert into public.secrets values (99, '${canaries[0]}');
                 insert into public.notes (owner, body, is_public) values ('22222222-2222-2222-2222-222222222222', '${canaries[1]}', false);`),
      );
      before_ = await snapshot();
    });
    after(() => server?.close());

    async function snapshot(): Promise<string> {
      return server.db.transaction({ kind: 'system' }, async (tx) =>
        String((await tx.query<{ snapshot: string }>(catalogSnapshot)).rows[0]?.snapshot),
      );
    }

    test('2,400 generated requests: never a 5xx, errors in PostgREST shape, nothing escapes', async () => {
      const random = prng(20261122);
      const forgedCache = new Map<string, string>();
      const forged = async (role: string) => {
        let token = forgedCache.get(role);
        if (!token) {
          const secret = random() < 0.5 ? server.keys.secret : new TextEncoder().encode('a-wrong-secret-a-wrong-secret-123');
          token = await new SignJWT({ role, sub: ada })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setExpirationTime('1h')
            .sign(secret);
          forgedCache.set(role, token);
        }
        return token;
      };
      const makers = generate(random, { anon: server.anonKey, user: await userToken(server, ada), forged });
      // Made one after another before any is sent: each draws from the seeded generator (its
      // token's secret included), and drawing in whatever order eight senders happened to run
      // made a different set each run — now and then a service key signed with the real secret
      // writing to `secrets`, as it may, which the canary then reported.
      const requests: HostileRequest[] = [];
      for (const make of makers) requests.push(await make());
      assert.ok(requests.length >= 2000);
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < requests.length) {
            const req = requests[next++];
            if (!req) break;
            const res = await server.fetch(`${server.url}/rest/v1${req.path}`, {
              method: req.method,
              headers: req.headers,
              body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
            });
            const text = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const where = `${req.method} ${req.path.slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`;
            if (res.status >= 500) problems.push(where);
            if (canaries.some((c) => text.includes(c))) problems.push(`canary leaked: ${where}`);
            if (res.status >= 400 && req.method !== 'HEAD') {
              let body: unknown = null;
              try {
                body = JSON.parse(text);
              } catch {
                problems.push(`error body is not JSON: ${where}`);
              }
              const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
              // The root (OpenAPI document) is guarded by the gateway on hosted: a key that is not
              // privileged, or none, gets the gateway's 401/403 shape; bad tokens still PostgREST's.
              const root = req.path === '/' || req.path.startsWith('/?');
              const gateway = root && (res.status === 401 || res.status === 403) && keys === 'hint,message';
              if (keys !== 'code,details,hint,message' && !gateway) problems.push(`error body not in the expected shape: ${where}`);
            }
          }
        }),
      );
      if (process.env.REST_FUZZ_VERBOSE) console.log([...statuses].sort((a, b) => a[0] - b[0]));
      assert.deepEqual(problems, []);
      // The run exercised both successes and refusals.
      assert.ok([...statuses.keys()].some((s) => s < 300));
      assert.ok([...statuses.keys()].some((s) => s >= 400));
    });

    test('the canary: catalog, roles and settings unchanged; requests still run as their role', async () => {
      assert.equal(await snapshot(), before_);
      const who = await server.db.transaction(
        { kind: 'request', role: 'anon' },
        async (tx) => (await tx.query<{ u: string; r: string }>(`select current_user as u, current_setting('role') as r`)).rows[0],
      );
      assert.deepEqual(who, { u: 'anon', r: 'anon' });
      const res = await server.fetch(`${server.url}/rest/v1/rpc/who_am_i`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(((await res.json()) as { role: string }).role, 'anon');
      const secrets = await server.fetch(`${server.url}/rest/v1/secrets`, { headers: { apikey: server.anonKey } });
      assert.equal(secrets.status, 401);
      const notes = await server.fetch(`${server.url}/rest/v1/notes?select=body`, { headers: { apikey: server.anonKey } });
      assert.deepEqual(await notes.json(), [{ body: 'ada public' }]);
    });
  });
}
