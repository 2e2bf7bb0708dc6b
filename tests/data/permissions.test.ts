/**
 * The permission matrix: every table × select/insert/update/delete × role, through
 * supabase-js over HTTP. Each cell gets fresh rows owned by a fresh member ("member" is that
 * owner; "other" is another member), runs one request as the role, then checks with SQL
 * whether the effect happened — so a deny is a real deny, not a request that missed.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { communityMatrix, communityRoles } from './community-matrix.ts';
import { listMatrix, listRoles } from './list-matrix.ts';
import { placeEditMatrix, placeEditRoles } from './place-edit-matrix.ts';
import {
  anonClient,
  createMember,
  matrixCells,
  reviewBody,
  serviceClient,
  sql,
  testMatrix,
  withoutSeed,
  type Client,
  type MatrixCell,
  type Member,
  type Verdict,
} from './support.ts';

const roles = ['anon', 'member', 'other', 'moderator', 'admin', 'mod_aal1', 'admin_aal1', 'mod_aal2', 'admin_aal2', 'service'] as const;
type Actor = (typeof roles)[number];
// "member" owns the target row; insert cells insert a row of the actor's own. The aal columns are
// a moderator and an admin who enrolled an authenticator app: signed in with the password only
// (aal1) they hold no moderator power and may do what "other" may; with the code (aal2), their role's.
const matrix = `
table               op      anon   member other  moderator admin  mod_aal1 admin_aal1 mod_aal2 admin_aal2 service
profiles            select  allow  allow  allow  allow     allow  allow    allow      allow    allow      allow
profiles            insert  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
profiles            update  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
profiles            delete  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
places              select  allow  allow  allow  allow     allow  allow    allow      allow    allow      allow
places              insert  deny   allow  allow  allow     allow  allow    allow      allow    allow      allow
places              update  deny   allow  deny   allow     allow  deny     deny       allow    allow      allow
places              delete  deny   allow  deny   deny      allow  deny     deny       deny     allow      allow
reviews             select  allow  allow  allow  allow     allow  allow    allow      allow    allow      allow
reviews             insert  deny   allow  allow  allow     allow  allow    allow      allow    allow      allow
reviews             update  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
reviews             delete  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
review_photos       select  allow  allow  allow  allow     allow  allow    allow      allow    allow      allow
review_photos       insert  deny   allow  allow  allow     allow  allow    allow      allow    allow      allow
review_photos       update  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
review_photos       delete  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
stars               select  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
stars               insert  deny   allow  allow  allow     allow  allow    allow      allow    allow      allow
stars               update  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
stars               delete  deny   allow  deny   deny      deny   deny     deny       deny     deny       allow
reports             select  deny   allow  deny   allow     allow  deny     deny       allow    allow      allow
reports             insert  deny   allow  allow  allow     allow  allow    allow      allow    allow      allow
reports             update  deny   deny   deny   allow     allow  deny     deny       allow    allow      allow
reports             delete  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
moderation_actions  select  deny   deny   deny   allow     allow  deny     deny       allow    allow      allow
moderation_actions  insert  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
moderation_actions  update  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
moderation_actions  delete  deny   deny   deny   deny      deny   deny     deny       deny     deny       allow
moderation_log      select  allow  allow  allow  allow     allow  allow    allow      allow    allow      allow
moderation_log      insert  deny   deny   deny   deny      deny   deny     deny       deny     deny       deny
moderation_log      update  deny   deny   deny   deny      deny   deny     deny       deny     deny       deny
moderation_log      delete  deny   deny   deny   deny      deny   deny     deny       deny     deny       deny
`;

// Who reads who acted: the one column of the log that is not public, by every way to ask.
const moderatorColumn = `
relation            anon   member other  moderator admin  mod_aal1 admin_aal1 mod_aal2 admin_aal2 service
moderation_actions  deny   deny   deny   allow     allow  deny     deny       allow    allow      allow
moderation_log      deny   deny   deny   deny      deny   deny     deny       deny     deny       deny
`;

type Cell = MatrixCell<Actor>;

const listTables = () =>
  [
    ...matrixCells(listMatrix, listRoles),
    ...matrixCells(communityMatrix, communityRoles),
    ...matrixCells(placeEditMatrix, placeEditRoles),
  ].map((c) => c.table);

const pk: Record<string, string> = { profiles: 'id', stars: 'place_id' };

for (const backend of testBackends()) {
  describe(`permission matrix on ${backend}`, () => {
    let server: TestServer;
    let other: Member;
    let moderator: Member;
    let admin: Member;
    let enrolled: Record<'mod_aal1' | 'admin_aal1' | 'mod_aal2' | 'admin_aal2', Member>;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [other, moderator, admin] = await Promise.all([
        createMember(server),
        createMember(server, { role: 'moderator' }),
        createMember(server, { role: 'admin' }),
      ]);
      const [modAal1, adminAal1, modAal2, adminAal2] = await Promise.all([
        createMember(server, { role: 'moderator', mfa: 'aal1' }),
        createMember(server, { role: 'admin', mfa: 'aal1' }),
        createMember(server, { role: 'moderator', mfa: 'aal2' }),
        createMember(server, { role: 'admin', mfa: 'aal2' }),
      ]);
      enrolled = { mod_aal1: modAal1, admin_aal1: adminAal1, mod_aal2: modAal2, admin_aal2: adminAal2 };
    });
    after(() => server?.close());

    const newPlace = async (by: string | null) =>
      (
        await sql<{ id: string }>(
          server,
          `insert into places (name, category, lat, lng, created_by) values ('Matrix place', 'park', 10, 10, $1) returning id`,
          [by],
        )
      )[0]?.id ?? '';
    const newReview = async (place: string, by: string) =>
      (
        await sql<{ id: string }>(server, `insert into reviews (place_id, author_id, rating, body) values ($1, $2, 4, $3) returning id`, [
          place,
          by,
          reviewBody(),
        ])
      )[0]?.id ?? '';

    /** Creates the owner's target row; returns its key for eq() and a probe of its state. */
    async function target(table: string, owner: Member): Promise<{ key: string; place: string }> {
      const place = await newPlace(table === 'places' ? owner.id : admin.id);
      switch (table) {
        case 'profiles':
          return { key: owner.id, place };
        case 'places':
          return { key: place, place };
        case 'reviews':
          return { key: await newReview(place, owner.id), place };
        case 'review_photos': {
          const review = await newReview(place, owner.id);
          const rows = await sql<{ id: string }>(
            server,
            `insert into review_photos (review_id, place_id, uploader_id, path, alt) values ($1, $2, $3, $4, 'A photo') returning id`,
            [review, place, owner.id, `${owner.id}/${randomUUID()}.webp`],
          );
          return { key: rows[0]?.id ?? '', place };
        }
        case 'stars':
          await sql(server, `insert into stars (user_id, place_id) values ($1, $2)`, [owner.id, place]);
          return { key: place, place };
        case 'reports': {
          const rows = await sql<{ id: string }>(
            server,
            `insert into reports (reporter_id, target_type, target_id, reason) values ($1, 'place', $2, 'spam') returning id`,
            [owner.id, place],
          );
          return { key: rows[0]?.id ?? '', place };
        }
        default: {
          // moderation_actions and the moderation_log view over it
          const rows = await sql<{ id: string }>(
            server,
            `insert into moderation_actions (moderator_id, target_type, target_id, action, reason) values ($1, 'place', $2, 'hide', 'spam') returning id`,
            [moderator.id, place],
          );
          return { key: rows[0]?.id ?? '', place };
        }
      }
    }

    const exists = async (table: string, key: string, owner: Member) =>
      (
        await sql(
          server,
          `select 1 from ${table} where ${pk[table] ?? 'id'} = $1 ${table === 'stars' ? 'and user_id = $2' : ''}`,
          table === 'stars' ? [key, owner.id] : [key],
        )
      ).length === 1;

    /** The row an actor inserts as themselves (service_role names the owner explicitly). */
    async function insertRow(
      table: string,
      actorId: string | null,
      owner: Member,
    ): Promise<{ row: Record<string, unknown>; check: () => Promise<boolean> }> {
      const tag = randomUUID();
      const self = actorId ?? owner.id;
      const forService = actorId === null;
      switch (table) {
        case 'profiles': {
          const id = randomUUID();
          await sql(server, `insert into auth.users (id, email, created_at) values ($1, $2, now())`, [id, `${tag}@t.local`]);
          await sql(server, `delete from profiles where id = $1`, [id]);
          return {
            row: { id, username: `u_${tag.slice(0, 8)}`, display_name: 'New' },
            check: async () => (await sql(server, `select 1 from profiles where id = $1`, [id])).length === 1,
          };
        }
        case 'places':
          return {
            row: { name: `Place ${tag}`, category: 'cafe', lat: 1, lng: 2 },
            check: async () => (await sql(server, `select 1 from places where name = $1`, [`Place ${tag}`])).length === 1,
          };
        case 'reviews': {
          const place = await newPlace(admin.id);
          return {
            row: { place_id: place, rating: 5, body: reviewBody(1), ...(forService ? { author_id: owner.id } : {}) },
            check: async () => (await sql(server, `select 1 from reviews where place_id = $1`, [place])).length === 1,
          };
        }
        case 'review_photos': {
          const place = await newPlace(admin.id);
          const review = await newReview(place, self);
          const path = `${self}/${tag}.webp`;
          return {
            row: {
              review_id: review,
              place_id: place,
              path,
              alt: 'A new photo',
              width: 800,
              height: 600,
              ...(forService ? { uploader_id: owner.id } : {}),
            },
            check: async () => (await sql(server, `select 1 from review_photos where path = $1`, [path])).length === 1,
          };
        }
        case 'stars': {
          const place = await newPlace(admin.id);
          return {
            row: { place_id: place, ...(forService ? { user_id: owner.id } : {}) },
            check: async () => (await sql(server, `select 1 from stars where place_id = $1`, [place])).length === 1,
          };
        }
        case 'reports': {
          const place = await newPlace(admin.id);
          return {
            row: { target_type: 'place', target_id: place, reason: 'duplicate', ...(forService ? { reporter_id: owner.id } : {}) },
            check: async () => (await sql(server, `select 1 from reports where target_id = $1`, [place])).length === 1,
          };
        }
        default: {
          const place = await newPlace(admin.id);
          return {
            row: {
              target_type: 'place',
              target_id: place,
              action: 'hide',
              reason: 'spam',
              ...(forService ? { moderator_id: moderator.id } : {}),
            },
            check: async () => (await sql(server, `select 1 from moderation_actions where target_id = $1`, [place])).length === 1,
          };
        }
      }
    }

    const patches: Record<string, [Record<string, unknown>, string, string]> = {
      profiles: [{ display_name: 'Changed name' }, 'display_name', 'Changed name'],
      places: [{ description: 'Changed description' }, 'description', 'Changed description'],
      reviews: [{ body: 'A changed body that is long enough.' }, 'body', 'A changed body that is long enough.'],
      review_photos: [{ alt: 'Changed alt' }, 'alt', 'Changed alt'],
      stars: [{ created_at: '2020-01-01T00:00:00+00:00' }, "to_char(created_at at time zone 'utc', 'YYYY')", '2020'],
      reports: [{ status: 'dismissed' }, 'status::text', 'dismissed'],
      moderation_actions: [{ reason: 'Changed reason' }, 'reason', 'Changed reason'],
      moderation_log: [{ reason: 'Changed reason' }, 'reason', 'Changed reason'],
    };

    async function run(cell: Cell): Promise<Verdict> {
      const owner = await createMember(server);
      const actors: Record<Actor, [Client, string | null]> = {
        anon: [anonClient(server), randomUUID()],
        member: [owner.client, owner.id],
        other: [other.client, other.id],
        moderator: [moderator.client, moderator.id],
        admin: [admin.client, admin.id],
        mod_aal1: [enrolled.mod_aal1.client, enrolled.mod_aal1.id],
        admin_aal1: [enrolled.admin_aal1.client, enrolled.admin_aal1.id],
        mod_aal2: [enrolled.mod_aal2.client, enrolled.mod_aal2.id],
        admin_aal2: [enrolled.admin_aal2.client, enrolled.admin_aal2.id],
        service: [serviceClient(server), null],
      };
      const [client, actorId] = actors[cell.actor];
      const from = client.from(cell.table as 'places');
      const column = pk[cell.table] ?? 'id';
      if (cell.op === 'insert') {
        const { row, check } = await insertRow(cell.table, cell.actor === 'anon' ? owner.id : actorId, owner);
        await from.insert(row as never);
        return (await check()) ? 'allow' : 'deny';
      }
      const { key } = await target(cell.table, owner);
      const ownerFilter = cell.table === 'stars' ? { user_id: owner.id } : {};
      if (cell.op === 'select') {
        const columns = cell.table.startsWith('moderation_') ? 'id, action, reason, created_at' : column;
        const { data } = await client
          .from(cell.table as 'places')
          .select(columns)
          .eq(column as 'id', key)
          .match(ownerFilter);
        return Array.isArray(data) && data.length === 1 ? 'allow' : 'deny';
      }
      if (cell.op === 'update') {
        const [patch, expr, value] = patches[cell.table] ?? [{}, '', ''];
        await from
          .update(patch as never)
          .eq(column as 'id', key)
          .match(ownerFilter);
        const rows = await sql<{ v: string }>(server, `select ${expr} as v from ${cell.table} where ${column} = $1`, [key]);
        return rows[0]?.v === value ? 'allow' : 'deny';
      }
      await from
        .delete()
        .eq(column as 'id', key)
        .match(ownerFilter);
      return (await exists(cell.table, key, owner)) ? 'deny' : 'allow';
    }

    test("the matrices (this one, the list tables' in list-permissions.test.ts, the community tables' in community-permissions.test.ts and place_edits' in place-edit-permissions.test.ts) cover every table and view of the API schema", async () => {
      const relations = await sql<{ name: string }>(
        server,
        `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'f') order by 1`,
      );
      assert.deepEqual(
        relations.map((r) => r.name),
        [...new Set([...matrixCells(matrix, roles).map((c) => c.table), ...listTables()])].sort(),
      );
    });

    test('who reads moderator_id, through the table and through the public log', async () => {
      const owner = await createMember(server);
      const { key } = await target('moderation_actions', owner);
      const clients: Record<Actor, Client> = {
        anon: anonClient(server),
        member: owner.client,
        other: other.client,
        moderator: moderator.client,
        admin: admin.client,
        mod_aal1: enrolled.mod_aal1.client,
        admin_aal1: enrolled.admin_aal1.client,
        mod_aal2: enrolled.mod_aal2.client,
        admin_aal2: enrolled.admin_aal2.client,
        service: serviceClient(server),
      };
      const observed: string[] = [];
      const expected: string[] = [];
      for (const line of moderatorColumn.trim().split('\n').slice(1)) {
        const [relation = '', ...cells] = line.trim().split(/\s+/);
        for (const [i, actor] of roles.entries()) {
          const { data } = await clients[actor]
            .from(relation as 'moderation_actions')
            .select('id, moderator_id')
            .eq('id', key);
          const seen = Array.isArray(data) && data.length === 1 && data[0]?.moderator_id === moderator.id;
          observed.push(`${relation} ${actor}: ${seen ? 'allow' : 'deny'}`);
          expected.push(`${relation} ${actor}: ${cells[i] ?? ''}`);
        }
      }
      assert.deepEqual(observed, expected);
    });

    testMatrix(matrix, roles, run);
  });
}
