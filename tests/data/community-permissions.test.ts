/**
 * The permission matrix of the community tables: every table × select/insert/update/delete ×
 * role, through supabase-js over HTTP, checked with SQL afterwards (a deny is a real deny).
 * Each cell gets fresh rows owned by "member"; "other" is another member; the reviews voted
 * on and replied to are a third member's. Rows per table:
 *   review_votes              member's vote (insert: the actor votes)
 *   review_replies            member's reply (insert: the actor replies)
 *   follows                   member follows the third member (insert: the actor follows them)
 *   notifications             a notification to member (update marks it read)
 *   notification_preferences  member's row (insert: the actor's own row)
 */
import { after, before, describe } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { communityMatrix, communityRoles } from './community-matrix.ts';
import {
  anonClient,
  createMember,
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

type Actor = (typeof communityRoles)[number];
type Cell = MatrixCell<Actor>;

for (const backend of testBackends()) {
  describe(`community permission matrix on ${backend}`, () => {
    let server: TestServer;
    let moderator: Member;
    let modAal1: Member;
    let other: Member;
    let place: string;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [moderator, other, modAal1] = await Promise.all([
        createMember(server, { role: 'moderator' }),
        createMember(server),
        createMember(server, { role: 'moderator', mfa: 'aal1' }),
      ]);
      place =
        (await sql<{ id: string }>(server, `insert into places (name, category, lat, lng) values ('Voted', 'cafe', 1, 1) returning id`))[0]
          ?.id ?? '';
    });
    after(() => server?.close());

    const one = async (text: string, params: unknown[]) => (await sql<{ id: string }>(server, text, params))[0]?.id ?? '';
    const count = async (text: string, params: unknown[]) => (await sql(server, text, params)).length;
    const verdict = (ok: boolean): Verdict => (ok ? 'allow' : 'deny');

    async function run(cell: Cell): Promise<Verdict> {
      const [member, third] = await Promise.all([createMember(server), createMember(server)]);
      const actors: Record<Actor, [Client, string]> = {
        anon: [anonClient(server), member.id],
        member: [member.client, member.id],
        other: [other.client, other.id],
        moderator: [moderator.client, moderator.id],
        mod_aal1: [modAal1.client, modAal1.id],
        service: [serviceClient(server), third.id],
      };
      const [client, self] = actors[cell.actor];
      const review = await one(`insert into reviews (place_id, author_id, rating, body) values ($1, $2, 4, $3) returning id`, [
        place,
        third.id,
        reviewBody(),
      ]);
      switch (`${cell.table} ${cell.op}`) {
        case 'review_votes insert': {
          const voter = cell.actor === 'service' ? member.id : self;
          await client.from('review_votes').insert({ review_id: review, user_id: voter });
          return verdict((await count(`select 1 from review_votes where review_id = $1 and user_id = $2`, [review, voter])) === 1);
        }
        case 'review_replies insert': {
          await client.from('review_replies').insert({ review_id: review, body: 'A reply', author_id: self });
          return verdict((await count(`select 1 from review_replies where review_id = $1`, [review])) === 1);
        }
        case 'follows insert': {
          const follower = cell.actor === 'service' ? member.id : self;
          await client.from('follows').insert({ followee_id: third.id, follower_id: follower });
          return verdict((await count(`select 1 from follows where follower_id = $1 and followee_id = $2`, [follower, third.id])) === 1);
        }
        case 'notifications insert': {
          await client.from('notifications').insert({ recipient_id: member.id, kind: 'follow', actor_id: third.id } as never);
          return verdict((await count(`select 1 from notifications where recipient_id = $1`, [member.id])) === 1);
        }
        case 'notification_preferences insert': {
          const owner = cell.actor === 'service' ? member.id : self;
          await sql(server, `delete from notification_preferences where user_id = $1`, [owner]);
          await client.from('notification_preferences').insert({ user_id: owner, new_review: true });
          return verdict((await count(`select 1 from notification_preferences where user_id = $1 and new_review`, [owner])) === 1);
        }
      }
      await sql(server, `insert into review_votes (review_id, user_id) values ($1, $2)`, [review, member.id]);
      const reply = await one(`insert into review_replies (review_id, author_id, body) values ($1, $2, 'Hello') returning id`, [
        review,
        member.id,
      ]);
      await sql(server, `insert into follows (follower_id, followee_id) values ($1, $2)`, [member.id, third.id]);
      // the follow above notified the third member; member gets one of their own
      const notice = await one(`insert into notifications (recipient_id, kind, actor_id) values ($1, 'follow', $2) returning id`, [
        member.id,
        third.id,
      ]);
      await sql(server, `insert into notification_preferences (user_id) values ($1)`, [member.id]);
      switch (`${cell.table} ${cell.op}`) {
        case 'review_votes select':
          return verdict(
            (await client.from('review_votes').select('user_id').eq('review_id', review).eq('user_id', member.id)).data?.length === 1,
          );
        case 'review_votes update':
          await client.from('review_votes').update({ created_at: '2020-01-01T00:00:00+00:00' }).eq('review_id', review);
          return verdict((await count(`select 1 from review_votes where review_id = $1 and created_at < '2021-01-01'`, [review])) === 1);
        case 'review_votes delete':
          await client.from('review_votes').delete().eq('review_id', review).eq('user_id', member.id);
          return verdict((await count(`select 1 from review_votes where review_id = $1`, [review])) === 0);
        case 'review_replies select':
          return verdict((await client.from('review_replies').select('id').eq('id', reply)).data?.length === 1);
        case 'review_replies update':
          await client.from('review_replies').update({ body: 'Changed' }).eq('id', reply);
          return verdict((await count(`select 1 from review_replies where id = $1 and body = 'Changed'`, [reply])) === 1);
        case 'review_replies delete':
          await client.from('review_replies').delete().eq('id', reply);
          return verdict((await count(`select 1 from review_replies where id = $1`, [reply])) === 0);
        case 'follows select':
          return verdict((await client.from('follows').select('follower_id').eq('follower_id', member.id)).data?.length === 1);
        case 'follows update':
          await client.from('follows').update({ created_at: '2020-01-01T00:00:00+00:00' }).eq('follower_id', member.id);
          return verdict((await count(`select 1 from follows where follower_id = $1 and created_at < '2021-01-01'`, [member.id])) === 1);
        case 'follows delete':
          await client.from('follows').delete().eq('follower_id', member.id).eq('followee_id', third.id);
          return verdict((await count(`select 1 from follows where follower_id = $1`, [member.id])) === 0);
        case 'notifications select':
          return verdict((await client.from('notifications').select('id').eq('id', notice)).data?.length === 1);
        case 'notifications update':
          await client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', notice);
          return verdict((await count(`select 1 from notifications where id = $1 and read_at is not null`, [notice])) === 1);
        case 'notifications delete':
          await client.from('notifications').delete().eq('id', notice);
          return verdict((await count(`select 1 from notifications where id = $1`, [notice])) === 0);
        case 'notification_preferences select':
          return verdict((await client.from('notification_preferences').select('user_id').eq('user_id', member.id)).data?.length === 1);
        case 'notification_preferences update':
          await client.from('notification_preferences').update({ helpful: false }).eq('user_id', member.id);
          return verdict((await count(`select 1 from notification_preferences where user_id = $1 and not helpful`, [member.id])) === 1);
        default:
          await client.from('notification_preferences').delete().eq('user_id', member.id);
          return verdict((await count(`select 1 from notification_preferences where user_id = $1`, [member.id])) === 0);
      }
    }

    testMatrix(communityMatrix, communityRoles, run);
  });
}
