/**
 * The permission matrix of place_edits: select/insert/update/delete × role, through supabase-js
 * over HTTP, checked with SQL afterwards (a deny is a real deny). Each cell gets a fresh place
 * added by "creator" and a pending suggestion on it by "author".
 */
import { after, before, describe } from 'node:test';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { placeEditMatrix, placeEditRoles } from './place-edit-matrix.ts';
import {
  anonClient,
  createMember,
  serviceClient,
  sql,
  testMatrix,
  withoutSeed,
  type Client,
  type MatrixCell,
  type Member,
  type Verdict,
} from './support.ts';

type Actor = (typeof placeEditRoles)[number];
type Cell = MatrixCell<Actor>;

for (const backend of testBackends()) {
  describe(`place edit permission matrix on ${backend}`, () => {
    let server: TestServer;
    let moderator: Member;
    let other: Member;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [moderator, other] = await Promise.all([createMember(server, { role: 'moderator' }), createMember(server)]);
    });
    after(() => server?.close());

    const one = async (text: string, params: unknown[]) => (await sql<{ id: string }>(server, text, params))[0]?.id ?? '';

    async function run(cell: Cell): Promise<Verdict> {
      const [author, creator] = await Promise.all([createMember(server), createMember(server)]);
      const place = await one(
        `insert into places (name, category, lat, lng, created_by) values ('Matrix café', 'cafe', 5, 5, $1) returning id`,
        [creator.id],
      );
      const edit = await one(
        `insert into place_edits (place_id, author_id, changes, previous) values ($1, $2, '{"name": "Matrix bar"}', '{"name": "Matrix café"}') returning id`,
        [place, author.id],
      );
      const clients: Record<Actor, Client> = {
        anon: anonClient(server),
        author: author.client,
        other: other.client,
        creator: creator.client,
        moderator: moderator.client,
        service: serviceClient(server),
      };
      const client = clients[cell.actor];
      const count = async (text: string, params: unknown[]) => (await sql(server, text, params)).length;
      switch (cell.op) {
        case 'select':
          return ((await client.from('place_edits').select('id, changes, previous').eq('id', edit)).data?.length ?? 0) === 1
            ? 'allow'
            : 'deny';
        case 'insert':
          await client.from('place_edits').insert({
            place_id: place,
            author_id: {
              anon: author.id,
              author: author.id,
              other: other.id,
              creator: creator.id,
              moderator: moderator.id,
              service: author.id,
            }[cell.actor],
            changes: { name: 'Inserted directly' },
            previous: { name: 'Matrix café' },
            status: 'accepted',
            decided_at: new Date().toISOString(),
          });
          return (await count(`select 1 from place_edits where place_id = $1 and changes ->> 'name' = 'Inserted directly'`, [place])) === 1
            ? 'allow'
            : 'deny';
        case 'update':
          await client.from('place_edits').update({ status: 'accepted', decided_at: new Date().toISOString() }).eq('id', edit);
          return (await count(`select 1 from place_edits where id = $1 and status = 'accepted'`, [edit])) === 1 ? 'allow' : 'deny';
        default:
          await client.from('place_edits').delete().eq('id', edit);
          return (await count(`select 1 from place_edits where id = $1`, [edit])) === 0 ? 'allow' : 'deny';
      }
    }

    testMatrix(placeEditMatrix, placeEditRoles, run);
  });
}
