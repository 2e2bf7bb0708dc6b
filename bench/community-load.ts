/**
 * The community part of the query benchmark's data set, on top of bench/queries-load.ts:
 * members up to 100,000, 20 follows each (of the 5,000 who wrote the 1,000,000 reviews, so
 * every feed has content), 2,000,000 helpful votes and 5,000,000 notifications (half unread),
 * 50 per member. BENCH_COMMUNITY_SCALE (default 1) shrinks the votes, follows and
 * notifications on a machine that cannot load them in time. Triggers are off, as in a restore.
 */
import type { Database } from '../server/src/db/types.ts';

export const communityMembers = 100_000;
const authors = 5_000;
const scale = Number(process.env.BENCH_COMMUNITY_SCALE ?? 1);
export const voteCount = Math.round(2_000_000 * scale);
export const notificationCount = Math.round(5_000_000 * scale);
const followsPerMember = Math.max(1, Math.round(20 * scale));

/** The id of bench member i (1-based), as bench/queries-load.ts makes them. */
export const memberId = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

export async function loadCommunityData(db: Database, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const member = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
  await db.transaction({ kind: 'system' }, async (tx) => {
    await tx.query(`insert into auth.users (id, email, raw_user_meta_data, created_at)
      select ${member('i')}, 'bench' || i || '@bench.local', jsonb_build_object('username', 'bench_' || i), now() - interval '400 days'
        from generate_series(${authors + 1}, ${communityMembers}) i`);
    await tx.exec(`set local session_replication_role = replica;
      insert into public.follows (follower_id, followee_id, created_at)
      select ${member('m')}, ${member(`1 + ((m * 7919 + k * 104729) % ${authors})`)}, now() - interval '100 days'
        from generate_series(1, ${communityMembers}) m cross join generate_series(1, ${followsPerMember}) k
       where m <> 1 + ((m * 7919 + k * 104729) % ${authors})
      on conflict do nothing;
      update public.profiles p set following_count = f.n from (select follower_id, count(*)::int as n from public.follows group by 1) f
       where p.id = f.follower_id;
      update public.profiles p set follower_count = f.n from (select followee_id, count(*)::int as n from public.follows group by 1) f
       where p.id = f.followee_id;
      insert into public.review_votes (review_id, user_id, created_at)
      select r.id, ${member(`${authors + 1} + (abs(hashtext(r.id::text)) + j * 7) % ${communityMembers - authors}`)}, r.created_at + interval '1 day'
        from (select id, created_at from public.reviews order by id limit ${Math.ceil(voteCount / 2)}) r cross join generate_series(0, 1) j
      on conflict do nothing;
      insert into public.notifications (recipient_id, kind, actor_id, actor_count, created_at, updated_at, read_at)
      select ${member(`1 + i % ${communityMembers}`)}, 'follow', ${member(`1 + (i * 7 + 1) % ${communityMembers}`)}, 1,
             timestamptz '2026-01-01' + make_interval(secs => i::int), timestamptz '2026-01-01' + make_interval(secs => i::int),
             case when i % 2 = 0 then timestamptz '2026-06-01' end
        from generate_series(0, ${notificationCount - 1}) i;
      analyze;`);
  });
  log(
    `  community: ${communityMembers} members, ${followsPerMember} follows each, ${voteCount} votes, ${notificationCount} notifications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
