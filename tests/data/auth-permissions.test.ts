/**
 * The permission matrix of the auth tables passkeys and the OAuth server add: every table ×
 * select/insert/update/delete × role. Only the auth service touches them; no API role may,
 * neither through the Data API (the `auth` schema is not exposed) nor through SQL run as the
 * role with a member's claims (what a security-invoker function or a careless policy would
 * run). Each cell gets a fresh row owned by a fresh member and checks the effect with SQL.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createMember, matrixCells, sql, testMatrix, withoutSeed, type MatrixCell, type Member, type Verdict } from './support.ts';

const roles = ['anon', 'member', 'other', 'service'] as const;
type Actor = (typeof roles)[number];
// "member" owns the target row (the client a row belongs to for oauth_clients has no owner).
const matrix = `
table                 op      anon  member other service
webauthn_credentials  select  deny  deny   deny  deny
webauthn_credentials  insert  deny  deny   deny  deny
webauthn_credentials  update  deny  deny   deny  deny
webauthn_credentials  delete  deny  deny   deny  deny
webauthn_challenges   select  deny  deny   deny  deny
webauthn_challenges   insert  deny  deny   deny  deny
webauthn_challenges   update  deny  deny   deny  deny
webauthn_challenges   delete  deny  deny   deny  deny
oauth_clients         select  deny  deny   deny  deny
oauth_clients         insert  deny  deny   deny  deny
oauth_clients         update  deny  deny   deny  deny
oauth_clients         delete  deny  deny   deny  deny
oauth_authorizations  select  deny  deny   deny  deny
oauth_authorizations  insert  deny  deny   deny  deny
oauth_authorizations  update  deny  deny   deny  deny
oauth_authorizations  delete  deny  deny   deny  deny
oauth_consents        select  deny  deny   deny  deny
oauth_consents        insert  deny  deny   deny  deny
oauth_consents        update  deny  deny   deny  deny
oauth_consents        delete  deny  deny   deny  deny
`;

type Cell = MatrixCell<Actor>;

/** A row of `table` for `owner`, inserted by whoever runs `insert` (the owner's tables, or a fresh client). */
function rowOf(table: string, owner: string, client: string): { columns: string; values: unknown[] } {
  const id = randomUUID();
  switch (table) {
    case 'webauthn_credentials':
      return {
        columns: 'id, user_id, credential_id, public_key',
        values: [id, owner, randomBytes(16), Buffer.from([0])],
      };
    case 'webauthn_challenges':
      return {
        columns: 'id, user_id, challenge_type, session_data, expires_at',
        values: [id, owner, 'registration', '{}', new Date(Date.now() + 60_000)],
      };
    case 'oauth_clients':
      return {
        columns: 'id, registration_type, redirect_uris, grant_types, token_endpoint_auth_method',
        values: [id, 'manual', 'https://app.example.com/cb', 'authorization_code', 'client_secret_basic'],
      };
    case 'oauth_authorizations':
      return {
        columns: 'id, authorization_id, client_id, user_id, redirect_uri, scope',
        values: [id, randomBytes(16).toString('hex'), client, owner, 'https://app.example.com/cb', 'email'],
      };
    default:
      return { columns: 'id, user_id, client_id, scopes', values: [id, owner, client, 'email'] };
  }
}

/** The column each update cell changes, and the value that shows it changed. */
const patches: Record<string, [string, string]> = {
  webauthn_credentials: ['friendly_name', 'changed'],
  webauthn_challenges: ['challenge_type', 'authentication'],
  oauth_clients: ['client_name', 'changed'],
  oauth_authorizations: ['scope', 'changed'],
  oauth_consents: ['scopes', 'changed'],
};

for (const backend of testBackends()) {
  describe(`auth tables' permission matrix on ${backend}`, () => {
    let server: TestServer;
    let other: Member;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      other = await createMember(server);
    });
    after(() => server?.close());

    const newClient = async () => {
      const { columns, values } = rowOf('oauth_clients', '', '');
      await sql(server, `insert into auth.oauth_clients (${columns}) values ($1, $2, $3, $4, $5)`, values);
      return String(values[0]);
    };

    /** Runs SQL as the actor's database role with its claims; the rows it touched, or null when refused. */
    async function asActor(actor: Actor, owner: Member, text: string, params: unknown[]): Promise<number | null> {
      const role = actor === 'anon' ? 'anon' : actor === 'service' ? 'service_role' : 'authenticated';
      const sub = actor === 'member' ? owner.id : actor === 'other' ? other.id : undefined;
      try {
        return (
          await server.db.transaction({ kind: 'request', role, claims: { role, ...(sub ? { sub } : {}) } }, (tx) => tx.query(text, params))
        ).rowCount;
      } catch {
        return null;
      }
    }

    /** Both ways in: the Data API with the actor's key, then SQL as the actor's role. */
    async function run(cell: Cell): Promise<Verdict> {
      const owner = await createMember(server);
      const client = await newClient();
      const key =
        cell.actor === 'anon'
          ? server.anonKey
          : cell.actor === 'service'
            ? server.serviceRoleKey
            : (cell.actor === 'member' ? owner : other).token;
      const api = server.client(key).schema('auth' as 'public');
      const target = rowOf(cell.table, owner.id, client);
      const placeholders = target.values.map((_, i) => `$${i + 1}`).join(', ');
      const insertSql = `insert into auth.${cell.table} (${target.columns}) values (${placeholders})`;
      if (cell.op === 'insert') {
        const viaApi = await api
          .from(cell.table as never)
          .insert(Object.fromEntries(target.columns.split(', ').map((c, i) => [c, target.values[i]])) as never);
        assert.equal(viaApi.error?.code, 'PGRST106', 'the auth schema is not exposed');
        await asActor(cell.actor, owner, insertSql, target.values);
        return (await sql(server, `select 1 from auth.${cell.table} where id = $1`, [target.values[0]])).length === 1 ? 'allow' : 'deny';
      }
      await sql(server, insertSql, target.values);
      const id = target.values[0];
      if (cell.op === 'select') {
        const viaApi = await api
          .from(cell.table as never)
          .select('id')
          .eq('id', id);
        assert.equal(viaApi.error?.code, 'PGRST106');
        return (await asActor(cell.actor, owner, `select 1 from auth.${cell.table} where id = $1`, [id])) === 1 ? 'allow' : 'deny';
      }
      const [column, value] = patches[cell.table] ?? ['', ''];
      if (cell.op === 'update') {
        const viaApi = await api
          .from(cell.table as never)
          .update({ [column]: value } as never)
          .eq('id', id);
        assert.equal(viaApi.error?.code, 'PGRST106');
        await asActor(cell.actor, owner, `update auth.${cell.table} set ${column} = $2 where id = $1`, [id, value]);
        const rows = await sql<{ v: string }>(server, `select ${column}::text as v from auth.${cell.table} where id = $1`, [id]);
        return rows[0]?.v === value ? 'allow' : 'deny';
      }
      const viaApi = await api
        .from(cell.table as never)
        .delete()
        .eq('id', id);
      assert.equal(viaApi.error?.code, 'PGRST106');
      await asActor(cell.actor, owner, `delete from auth.${cell.table} where id = $1`, [id]);
      return (await sql(server, `select 1 from auth.${cell.table} where id = $1`, [id])).length === 1 ? 'deny' : 'allow';
    }

    test('the matrix covers every table passkeys and the OAuth server add, each with row level security on', async () => {
      const tables = await sql<{ name: string; rls: boolean }>(
        server,
        `select relname as name, relrowsecurity as rls from pg_class
         where relnamespace = 'auth'::regnamespace and relkind = 'r' and (relname like 'webauthn%' or relname like 'oauth%') order by 1`,
      );
      assert.deepEqual(
        tables.map((t) => t.name),
        [...new Set(matrixCells(matrix, roles).map((c) => c.table))].sort(),
      );
      assert.ok(tables.every((t) => t.rls));
    });

    testMatrix(matrix, roles, run);
  });
}
