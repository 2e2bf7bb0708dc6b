/**
 * The permission matrix of the list tables: every table × select/insert/update/delete × role,
 * through supabase-js over HTTP, checked with SQL afterwards (a deny is a real deny). Each cell
 * gets a fresh private list owned by "owner", shared with an accepted "editor" and "viewer";
 * "member" is a signed-in stranger. Rows per table:
 *   lists         the private list
 *   list_places   a place on it
 *   list_members  the viewer's membership (update changes its role)
 *   list_follows  "member"'s follow of the owner's public list (insert: the actor follows it)
 */
import { randomUUID } from 'node:crypto';
import { after, before, describe } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { listMatrix, listRoles } from './list-matrix.ts';
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

type Actor = (typeof listRoles)[number];
type Cell = MatrixCell<Actor>;

for (const backend of testBackends()) {
  describe(`list permission matrix on ${backend}`, () => {
    let server: TestServer;
    let moderator: Member;
    let modAal1: Member;
    let place: string;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      moderator = await createMember(server, { role: 'moderator' });
      modAal1 = await createMember(server, { role: 'moderator', mfa: 'aal1' });
      place =
        (await sql<{ id: string }>(server, `insert into places (name, category, lat, lng) values ('Listed', 'cafe', 1, 1) returning id`))[0]
          ?.id ?? '';
    });
    after(() => server?.close());

    const one = async (text: string, params: unknown[]) => (await sql<{ id: string }>(server, text, params))[0]?.id ?? '';

    async function run(cell: Cell): Promise<Verdict> {
      const [owner, editor, viewer, member] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server),
      ]);
      const list = await one(`insert into lists (owner_id, name) values ($1, 'Private') returning id`, [owner.id]);
      const shared = await one(`insert into lists (owner_id, name, visibility) values ($1, 'Public', 'public') returning id`, [owner.id]);
      await sql(
        server,
        `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $4, now()), ($1, $3, 'viewer', $4, now())`,
        [list, editor.id, viewer.id, owner.id],
      );
      const actors: Record<Actor, [Client, string]> = {
        anon: [anonClient(server), member.id],
        member: [member.client, member.id],
        owner: [owner.client, owner.id],
        editor: [editor.client, editor.id],
        viewer: [viewer.client, viewer.id],
        moderator: [moderator.client, moderator.id],
        mod_aal1: [modAal1.client, modAal1.id],
        service: [serviceClient(server), owner.id],
      };
      const [client, self] = actors[cell.actor];
      const count = async (text: string, params: unknown[]) => (await sql(server, text, params)).length;
      switch (`${cell.table} ${cell.op}`) {
        case 'lists select':
          return ((await client.from('lists').select('id').eq('id', list)).data?.length ?? 0) === 1 ? 'allow' : 'deny';
        case 'lists insert': {
          const name = `New ${randomUUID()}`;
          await client.from('lists').insert({ name, owner_id: self });
          return (await count(`select 1 from lists where name = $1`, [name])) === 1 ? 'allow' : 'deny';
        }
        case 'lists update':
          await client.from('lists').update({ name: 'Renamed' }).eq('id', list);
          return (await count(`select 1 from lists where id = $1 and name = 'Renamed'`, [list])) === 1 ? 'allow' : 'deny';
        case 'lists delete':
          await client.from('lists').delete().eq('id', list);
          return (await count(`select 1 from lists where id = $1`, [list])) === 0 ? 'allow' : 'deny';
      }
      const entry = await one(`insert into list_places (list_id, place_id, added_by) values ($1, $2, $3) returning id`, [
        list,
        place,
        owner.id,
      ]);
      switch (`${cell.table} ${cell.op}`) {
        case 'list_places select':
          return ((await client.from('list_places').select('id').eq('id', entry)).data?.length ?? 0) === 1 ? 'allow' : 'deny';
        case 'list_places insert': {
          const other = await one(`insert into places (name, category, lat, lng) values ('Another', 'bar', 2, 2) returning id`, []);
          await client.from('list_places').insert({ list_id: list, place_id: other, added_by: self });
          return (await count(`select 1 from list_places where place_id = $1`, [other])) === 1 ? 'allow' : 'deny';
        }
        case 'list_places update':
          await client.from('list_places').update({ note: 'Changed note' }).eq('id', entry);
          return (await count(`select 1 from list_places where id = $1 and note = 'Changed note'`, [entry])) === 1 ? 'allow' : 'deny';
        case 'list_places delete':
          await client.from('list_places').delete().eq('id', entry);
          return (await count(`select 1 from list_places where id = $1`, [entry])) === 0 ? 'allow' : 'deny';
      }
      const membership = await one(`select id from list_members where list_id = $1 and user_id = $2`, [list, viewer.id]);
      switch (`${cell.table} ${cell.op}`) {
        case 'list_members select':
          return ((await client.from('list_members').select('id').eq('id', membership)).data?.length ?? 0) === 1 ? 'allow' : 'deny';
        case 'list_members insert': {
          const invitee = await createMember(server);
          await client.from('list_members').insert({ list_id: list, user_id: invitee.id, role: 'viewer', invited_by: self });
          return (await count(`select 1 from list_members where user_id = $1`, [invitee.id])) === 1 ? 'allow' : 'deny';
        }
        case 'list_members update':
          await client.from('list_members').update({ role: 'editor' }).eq('id', membership);
          return (await count(`select 1 from list_members where id = $1 and role = 'editor'`, [membership])) === 1 ? 'allow' : 'deny';
        case 'list_members delete':
          await client.from('list_members').delete().eq('id', membership);
          return (await count(`select 1 from list_members where id = $1`, [membership])) === 0 ? 'allow' : 'deny';
      }
      if (cell.op !== 'insert') await sql(server, `insert into list_follows (user_id, list_id) values ($1, $2)`, [member.id, shared]);
      switch (`${cell.table} ${cell.op}`) {
        case 'list_follows select':
          return ((await client.from('list_follows').select('list_id').eq('list_id', shared).eq('user_id', member.id)).data?.length ??
            0) === 1
            ? 'allow'
            : 'deny';
        case 'list_follows insert': {
          const follower = cell.actor === 'service' ? viewer.id : self;
          await client.from('list_follows').insert({ list_id: shared, user_id: follower });
          return (await count(`select 1 from list_follows where list_id = $1 and user_id = $2`, [shared, follower])) === 1
            ? 'allow'
            : 'deny';
        }
        case 'list_follows update':
          await client
            .from('list_follows')
            .update({ created_at: '2020-01-01T00:00:00+00:00' })
            .eq('list_id', shared)
            .eq('user_id', member.id);
          return (await count(`select 1 from list_follows where list_id = $1 and created_at < '2021-01-01'`, [shared])) === 1
            ? 'allow'
            : 'deny';
        default:
          await client.from('list_follows').delete().eq('list_id', shared).eq('user_id', member.id);
          return (await count(`select 1 from list_follows where list_id = $1 and user_id = $2`, [shared, member.id])) === 0
            ? 'allow'
            : 'deny';
      }
    }

    testMatrix(listMatrix, listRoles, run);
  });
}
