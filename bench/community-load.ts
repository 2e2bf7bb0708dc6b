/**
 * The community part of the query benchmark's data set, on top of bench/queries-load.ts, shaped
 * like real use (decision 422): heavy-tailed, not uniform.
 * - 100,000 members; the 5,000 first wrote the 1,000,000 reviews.
 * - Follows: most members follow a handful of the authors (Pareto, α 1.2, from 2, at most 500);
 *   the heaviest member follows 2,000 of them (the feed's worst case).
 * - Notifications: most members have a handful (Pareto, α 1.1, from 5: median ≈ 9), some have
 *   thousands (at most 20,000), and the heaviest member 200,000; every kind, each with what it
 *   embeds (its review and place, its list, its actor, a moderation notice's reason), spread
 *   over the last year, newest first; helpful votes grouped per review. Unread as people read:
 *   four members in ten read everything, the others leave the newest 5–100 % of theirs unread
 *   up to 50, the heaviest member 5,000.
 * - 2,000,000 helpful votes and 20,000 lists (for the invitations to embed).
 * BENCH_COMMUNITY_SCALE (default 1) scales the notifications of everyone but the heaviest
 * member, the votes and the follows; BENCH_COMMUNITY_MEMBERS and BENCH_HEAVIEST_NOTIFICATIONS
 * shrink the set for a quick check of the bench itself. Triggers are off, as in a restore.
 */
import type { Database } from '../server/src/db/types.ts';

export const communityMembers = Number(process.env.BENCH_COMMUNITY_MEMBERS ?? 100_000);
const authors = 5_000;
const scale = Number(process.env.BENCH_COMMUNITY_SCALE ?? 1);
export const voteCount = Math.round(2_000_000 * scale);
/** The member with 200,000 notifications, who also follows 2,000 people. */
export const heaviestMember = 2;
export const heaviestNotifications = Number(process.env.BENCH_HEAVIEST_NOTIFICATIONS ?? 200_000);
export const heaviestFollows = 2_000;
const lists = 20_000;

/** The id of bench member i (1-based), as bench/queries-load.ts makes them. */
export const memberId = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** A uniform number in (0, 1) from an integer, the same on both backends (SQL). */
const uniform = (expr: string, salt: number) => `((((${expr})::bigint * 2654435761 + ${salt}) % 1000003) + 1) / 1000004.0`;

export interface CommunityShape {
  notifications: number;
  unread: number;
  follows: number;
  /** Notifications of the member at the median, the 99th and 99.9th percentile, and the most. */
  percentiles: [number, number, number, number];
}

export async function loadCommunityData(db: Database, log: (line: string) => void): Promise<CommunityShape> {
  const started = performance.now();
  const member = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
  let shape: CommunityShape = { notifications: 0, unread: 0, follows: 0, percentiles: [0, 0, 0, 0] };
  await db.transaction({ kind: 'system' }, async (tx) => {
    await tx.query(`insert into auth.users (id, email, raw_user_meta_data, created_at)
      select ${member('i')}, 'bench' || i || '@bench.local', jsonb_build_object('username', 'bench_' || i), now() - interval '400 days'
        from generate_series(${authors + 1}, ${communityMembers}) i`);
    await tx.exec(`set local session_replication_role = replica;
      -- how many notifications, follows and unread each member has
      create temporary table bench_member_shape on commit drop as
      select m,
             case when m = ${heaviestMember} then ${heaviestNotifications}
                  else least(20000, greatest(1, floor(${scale} * 5 * power(${uniform('m', 17)}, -1 / 1.1))))::int end as notifications,
             case when m = ${heaviestMember} then ${heaviestFollows}
                  else least(500, greatest(1, floor(${Math.max(scale, 0.05)} * 2 * power(${uniform('m', 29)}, -1 / 1.2))))::int end as follows,
             case when m = ${heaviestMember} then 5000
                  when ${uniform('m', 41)} < 0.4 then 0
                  else -1 end as unread_rule
        from generate_series(1, ${communityMembers}) m;
      update bench_member_shape set unread_rule = least(50, ceil(notifications * (0.05 + 0.95 * ${uniform('m', 53)})))::int where unread_rule = -1;
      -- the reviews and places a notification can point at
      create temporary table bench_review_pick on commit drop as
      select row_number() over (order by id) - 1 as n, id, place_id, author_id from (select id, place_id, author_id from public.reviews order by id limit 100000) r;
      create index on bench_review_pick (n);
      insert into public.lists (owner_id, name, visibility, created_at, updated_at)
      select ${member(`1 + (k * 7) % ${communityMembers}`)}, 'Bench list ' || k, 'private', now() - interval '200 days', now() - interval '200 days'
        from generate_series(1, ${lists}) k;
      create temporary table bench_list_pick on commit drop as
      select row_number() over (order by id) - 1 as n, id from public.lists where name like 'Bench list %';
      create index on bench_list_pick (n);
      insert into public.follows (follower_id, followee_id, created_at)
      select ${member('s.m')}, ${member(`1 + ((s.m::bigint * 7919 + k * 104729) % ${authors})`)}, now() - interval '100 days'
        from bench_member_shape s cross join lateral generate_series(1, s.follows) k
       where s.m <> 1 + ((s.m::bigint * 7919 + k * 104729) % ${authors})
      on conflict do nothing;
      update public.profiles p set following_count = f.n from (select follower_id, count(*)::int as n from public.follows group by 1) f
       where p.id = f.follower_id;
      update public.profiles p set follower_count = f.n from (select followee_id, count(*)::int as n from public.follows group by 1) f
       where p.id = f.followee_id;
      insert into public.review_votes (review_id, user_id, created_at)
      select r.id, ${member(`${authors + 1} + (abs(hashtext(r.id::text)) + j * 7) % ${communityMembers - authors}`)}, r.created_at + interval '1 day'
        from (select id, created_at from public.reviews order by id limit ${Math.ceil(voteCount / 2)}) r cross join generate_series(0, 1) j
      on conflict do nothing;
      -- notification j of member m (j = 1 the newest), its kind by turns of ten, what it embeds
      insert into public.notifications (recipient_id, kind, actor_id, actor_count, place_id, review_id, list_id, target_type, target_id, reason,
                                        created_at, updated_at, read_at)
      select ${member('s.m')}, k.kind::public.notification_kind,
             case when k.kind in ('content_hidden', 'content_restored', 'report_resolved', 'report_dismissed') then null
                  else ${member(`1 + (s.m::bigint * 31 + j * 7) % ${communityMembers}`)} end,
             case when k.kind = 'helpful' then 1 + (j % 5) else 1 end,
             case when k.kind in ('reply', 'helpful', 'new_review', 'content_hidden', 'content_restored') then r.place_id end,
             case when k.kind in ('reply', 'helpful', 'new_review', 'content_hidden', 'content_restored') then r.id end,
             case when k.kind = 'list_invite' then l.id end,
             case when k.kind in ('content_hidden', 'content_restored', 'report_resolved', 'report_dismissed') then 'review' end,
             case when k.kind in ('content_hidden', 'content_restored', 'report_resolved', 'report_dismissed') then r.id end,
             case when k.kind in ('content_hidden', 'content_restored', 'report_resolved', 'report_dismissed') then 'Off-topic or abusive content.' end,
             t.at, t.at,
             case when j > s.unread_rule then t.at + interval '1 hour' end
        from bench_member_shape s
       cross join lateral generate_series(1, s.notifications) j
       cross join lateral (select timestamptz '2026-11-01' - make_interval(secs => j * (31536000.0 / s.notifications)) as at) t
       cross join lateral (select (array['reply', 'helpful', 'helpful', 'reply', 'follow', 'new_review', 'helpful', 'list_invite', 'new_review',
                                        (array['content_hidden', 'content_restored', 'report_resolved', 'report_dismissed', 'reply'])[1 + (j / 10) % 5]])[1 + j % 10] as kind) k
       cross join lateral (select id, place_id from bench_review_pick where n = (s.m::bigint * 977 + j) % 100000) r
       cross join lateral (select id from bench_list_pick where n = (s.m::bigint * 131 + j) % ${lists}) l
      on conflict do nothing;
      analyze;`);
    const { rows } = await tx.query<{
      notifications: string;
      unread: string;
      follows: string;
      p50: number;
      p99: number;
      p999: number;
      top: number;
    }>(
      `select (select count(*) from public.notifications) as notifications,
              (select count(*) from public.notifications where read_at is null) as unread,
              (select count(*) from public.follows) as follows,
              percentile_disc(0.5) within group (order by n) as p50, percentile_disc(0.99) within group (order by n) as p99,
              percentile_disc(0.999) within group (order by n) as p999, max(n) as top
         from (select count(*) as n from public.notifications group by recipient_id) c`,
    );
    const row = rows[0];
    if (row)
      shape = {
        notifications: Number(row.notifications),
        unread: Number(row.unread),
        follows: Number(row.follows),
        percentiles: [Number(row.p50), Number(row.p99), Number(row.p999), Number(row.top)],
      };
  });
  log(
    `  community: ${communityMembers} members, ${shape.follows} follows (the heaviest member ${heaviestFollows}), ${voteCount} votes, ${lists} lists, ` +
      `${shape.notifications} notifications (${shape.unread} unread; per member median ${shape.percentiles[0]}, p99 ${shape.percentiles[1]}, p99.9 ${shape.percentiles[2]}, most ${shape.percentiles[3]}) ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return shape;
}
