/**
 * The seed's SQL for what members did after writing reviews: follows, replies, helpful votes,
 * lists, reports and moderation, then the notifications these produced. Rows go in through the
 * tables the app writes, so the triggers keep every counter and write every notification as
 * they do for members; the notifications then get the moments of what caused them, and those a
 * member saw before they last opened the bell are marked read.
 */
import { demoFollows, demoLists, demoReplies, demoReports, demoRoleChange, spamReply, spamReview } from './community.ts';
import { ago, literal, rows } from './sql.ts';
import { minutesAgo } from './timeline.ts';
import type { DemoVote } from './votes.ts';

export function followsSql(): string {
  const values = demoFollows
    .map((f) => ({ ...f, at: minutesAgo(f.daysAgo, `follow:${f.from}>${f.to}`, f.daysAgo < 10 ? 1 : 6) }))
    .sort((a, b) => b.at - a.at)
    .map((f) => [literal(f.from), literal(f.to), ago(f.at)]);
  return `-- follows (each writes its "started following you" notification) ----------------------
insert into public.follows (follower_id, followee_id, created_at)
select a.id, b.id, v.at
  from (values
${rows(values)}
  ) as v (follower, followee, at)
  join demo_members a on a.username = v.follower
  join demo_members b on b.username = v.followee
 order by v.at;
`;
}

export function repliesSql(): string {
  const replies = [...demoReplies.map((r) => ({ ...r, hidden: false })), { ...spamReply, by: 'deals4u', hidden: true }];
  const values = replies.map((r) => [literal(r.on[0]), literal(r.on[1]), literal(r.by), literal(r.text), ago(replyMinutes(r))]);
  return `-- replies (each writes the review author's notification, unless they reply themselves) --
insert into public.review_replies (review_id, author_id, body, created_at, updated_at)
select r.id, m.id, v.body, v.at, v.at
  from (values
${rows(values)}
  ) as v (review_author, place, author, body, at)
  join demo_members a on a.username = v.review_author
  join public.places p on p.name = v.place
  join public.reviews r on r.place_id = p.id and r.author_id = a.id
  join demo_members m on m.username = v.author
 order by v.at;
`;
}

/** A reply's moment: within two hours after its day, so that threads keep their order. */
export function replyMinutes(r: { on: [string, string]; by: string; daysAgo: number }): number {
  return minutesAgo(r.daysAgo, `reply:${r.on.join('@')}:${r.by}:${r.daysAgo}`, 2);
}

/** The votes, and the inserts of those cast before (`before`) or since (`since`) the author last looked. */
export function votesSql(votes: DemoVote[]): { table: string; before: string; since: string } {
  const values = votes.map((v) => [literal(v.voter), literal(v.review.by), literal(v.review.place), ago(v.minutesAgo)]);
  const insert = (when: string) => `insert into public.review_votes (review_id, user_id, created_at)
select r.id, voter.id, v.at
  from demo_votes v
  join demo_members voter on voter.username = v.voter
  join demo_members a on a.username = v.review_author
  join public.places p on p.name = v.place
  join public.reviews r on r.place_id = p.id and r.author_id = a.id
 where ${when}
 order by v.at;
`;
  return {
    table: `-- helpful votes (scripts/demo/votes.ts decides them) ----------------------------------
-- Votes group into one unread notification per review. Those cast before the author last
-- opened their notifications go in first, so that their groups are read before newer votes
-- open new ones, as they would have been.
create temporary table demo_votes (voter text, review_author text, place text, at timestamptz);
insert into demo_votes values
${rows(values)};
`,
    before: insert('v.at < a.last_seen'),
    since: `-- votes since each author last looked: new, unread groups
${insert('v.at >= a.last_seen')}${helpfulGroupsSql('since')}
`,
  };
}

export function listsSql(): string {
  const lists = demoLists.map((l) => [
    literal(l.owner),
    literal(l.name),
    literal(l.description),
    literal(l.emoji),
    literal(l.visibility),
    ago(minutesAgo(l.daysAgo, `list:${l.name}`)),
  ]);
  const places = demoLists.flatMap((l) =>
    l.places.map((p, i) => [
      literal(l.owner),
      literal(l.name),
      String(i + 1),
      literal(p.place),
      literal(p.note ?? ''),
      literal(p.by ?? l.owner),
      ago(minutesAgo(p.daysAgo ?? l.daysAgo, `list:${l.name}`) - (i + 1) * 3),
    ]),
  );
  const members = demoLists.flatMap((l) =>
    (l.members ?? []).map((m) => [
      literal(l.owner),
      literal(l.name),
      literal(m.user),
      literal(m.role),
      ago(minutesAgo(m.invitedDaysAgo, `invite:${l.name}:${m.user}`, 1)),
      m.acceptedDaysAgo === null ? 'null' : ago(minutesAgo(m.acceptedDaysAgo, `accept:${l.name}:${m.user}`, 1)),
    ]),
  );
  const followers = demoLists.flatMap((l) =>
    (l.followers ?? []).map((f) => [
      literal(l.owner),
      literal(l.name),
      literal(f.user),
      ago(minutesAgo(f.daysAgo, `follow:${l.name}:${f.user}`)),
    ]),
  );
  const list = `join demo_members o on o.username = v.owner
  join public.lists l on l.owner_id = o.id and l.name = v.list`;
  return `-- lists: public ones with notes and followers, a shared one, an invitation not yet answered --
insert into public.lists (owner_id, name, description, emoji, visibility, created_at, updated_at)
select o.id, v.name, v.description, v.emoji, v.visibility::public.list_visibility, v.at, v.at
  from (values
${rows(lists)}
  ) as v (owner, name, description, emoji, visibility, at)
  join demo_members o on o.username = v.owner;
-- Invitations as the owner sends them (each notifies the invitee), then the answers.
create temporary table demo_list_members (owner text, list text, member text, role text, invited_at timestamptz, accepted_at timestamptz);
insert into demo_list_members values
${rows(members)};
insert into public.list_members (list_id, user_id, role, invited_by, created_at)
select l.id, m.id, v.role::public.list_role, o.id, v.invited_at
  from demo_list_members v
  ${list}
  join demo_members m on m.username = v.member;
update public.list_members lm set accepted_at = v.accepted_at
  from demo_list_members v
  ${list}
  join demo_members m on m.username = v.member
 where lm.list_id = l.id and lm.user_id = m.id and v.accepted_at is not null;
insert into public.list_places (list_id, place_id, note, added_by, created_at, updated_at)
select l.id, p.id, v.note, m.id, v.at, v.at
  from (values
${rows(places)}
  ) as v (owner, list, position, place, note, added_by, at)
  ${list}
  join public.places p on p.name = v.place
  join demo_members m on m.username = v.added_by
 order by v.owner, v.list, v.position;
insert into public.list_follows (user_id, list_id, created_at)
select m.id, l.id, v.at
  from (values
${rows(followers)}
  ) as v (owner, list, follower, at)
  ${list}
  join demo_members m on m.username = v.follower;
-- a list changes when its places do
update public.lists l set updated_at = (select max(lp.created_at) from public.list_places lp where lp.list_id = l.id)
 where l.owner_id in (select id from demo_members);
`;
}

export function moderationSql(): string {
  const review = (author: string, place: string) =>
    `(select r.id from public.reviews r join public.places p on p.id = r.place_id join demo_members a on a.id = r.author_id
     where a.username = ${literal(author)} and p.name = ${literal(place)})`;
  const reply = `(select rr.id from public.review_replies rr join demo_members a on a.id = rr.author_id where a.username = 'deals4u')`;
  const member = (name: string) => `(select id from demo_members where username = ${literal(name)})`;
  const mina = member('mina');
  const hide = (
    type: string,
    target: string,
    table: string,
    reason: string,
    reporter: string,
    reportedDays: number,
    hiddenDays: number,
    note: string,
  ) => {
    const at = ago(minutesAgo(hiddenDays, `hide:${type}`, 1));
    return `insert into public.reports (reporter_id, target_type, target_id, reason, note, created_at)
values (${member(reporter)}, '${type}', ${target}, 'spam', ${literal(note)}, ${ago(minutesAgo(reportedDays, `report:${type}`, 1))});
update public.${table} set hidden_at = ${at} where id = ${target};
update public.reports set status = 'resolved', resolved_by = ${mina}
 where target_type = '${type}' and target_id = ${target} and status = 'open';
update public.reports set resolved_at = ${at} where target_type = '${type}' and target_id = ${target};
insert into public.moderation_actions (moderator_id, target_type, target_id, action, reason, created_at)
values (${mina}, '${type}', ${target}, 'hide', ${literal(reason)}, ${at});`;
  };
  const reports = demoReports.map((r) => {
    const target =
      'place' in r.target ? `(select id from public.places where name = ${literal(r.target.place)})` : review(...r.target.review);
    const type = 'place' in r.target ? 'place' : 'review';
    const at = ago(minutesAgo(r.daysAgo, `report:${r.by}:${r.note}`, 2));
    const insert = `insert into public.reports (reporter_id, target_type, target_id, reason, note, created_at)
values (${member(r.by)}, '${type}', ${target}, '${r.reason}', ${literal(r.note)}, ${at});`;
    if (!r.dismissed) return insert;
    const when = ago(minutesAgo(r.dismissed.daysAgo, `dismiss:${r.by}:${r.note}`, 2));
    return `${insert}
update public.reports set status = 'dismissed', resolved_by = ${member(r.dismissed.by)}
 where reporter_id = ${member(r.by)} and target_id = ${target};
update public.reports set resolved_at = ${when} where reporter_id = ${member(r.by)} and target_id = ${target};`;
  });
  // The status change dates the report now() (its trigger); the second update gives it its day.
  return `-- moderation: the role change, two spam posts reported and hidden, a report dismissed, two open
insert into public.moderation_actions (moderator_id, target_type, target_id, action, reason, details, created_at)
values (${member(demoRoleChange.by)}, 'profile', ${member(demoRoleChange.member)}, 'role_change', 'Role changed from member to moderator',
        '{"from": "member", "to": "moderator"}', ${ago(minutesAgo(demoRoleChange.daysAgo, 'role'))});
${hide('review', review('deals4u', spamReview.place), 'reviews', spamReview.reason, spamReview.reportedBy, spamReview.reportedDaysAgo, spamReview.hiddenDaysAgo, 'Advertising, not a review.')}
${hide('reply', reply, 'review_replies', spamReply.reason, spamReply.reportedBy, spamReply.reportedDaysAgo, spamReply.hiddenDaysAgo, 'Selling tours in a reply.')}
${reports.join('\n')}
-- A report's outcome reaches its reporter when the transaction commits; now, so it can be dated.
set constraints public.reports_notify immediate;
`;
}

/** Dates every notification by what caused it; those older than the member's last look are read. */
export function notificationDatesSql(): string {
  return `-- notifications: dated by what caused them, read up to the member's last look ------------
update public.notifications n set created_at = rr.created_at, updated_at = rr.created_at
  from public.review_replies rr where n.kind = 'reply' and n.reply_id = rr.id;
update public.notifications n set created_at = f.created_at, updated_at = f.created_at
  from public.follows f where n.kind = 'follow' and f.follower_id = n.actor_id and f.followee_id = n.recipient_id;
update public.notifications n set created_at = r.created_at, updated_at = r.created_at
  from public.reviews r where n.kind = 'new_review' and n.review_id = r.id;
update public.notifications n set created_at = lm.created_at, updated_at = lm.created_at, read_at = lm.accepted_at
  from public.list_members lm where n.kind = 'list_invite' and n.list_id = lm.list_id and n.recipient_id = lm.user_id;
update public.notifications n set created_at = a.created_at, updated_at = a.created_at
  from public.moderation_actions a where n.kind = 'content_hidden' and a.action = 'hide' and a.target_id = n.target_id;
update public.notifications n set created_at = rep.resolved_at, updated_at = rep.resolved_at
  from public.reports rep where n.kind in ('report_resolved', 'report_dismissed') and n.report_id = rep.id;
${helpfulGroupsSql('before')}
update public.notifications n set read_at = least(m.last_seen, n.updated_at + interval '3 hours')
  from demo_members m where n.recipient_id = m.id and n.read_at is null and n.updated_at < m.last_seen;
`;
}

/** Each unread group of helpful votes spans its votes cast before or since the author last looked. */
export function helpfulGroupsSql(votes: 'before' | 'since'): string {
  return `update public.notifications n set created_at = g.first_at, updated_at = g.last_at, actor_id = g.latest, actor_count = g.voters
  from (select v.review_id, min(v.created_at) as first_at, max(v.created_at) as last_at, count(*)::integer as voters,
               (array_agg(v.user_id order by v.created_at desc))[1] as latest
          from public.review_votes v
          join public.reviews r on r.id = v.review_id
          join demo_members a on a.id = r.author_id
         where v.created_at ${votes === 'before' ? '<' : '>='} a.last_seen
         group by v.review_id) g
 where n.kind = 'helpful' and n.read_at is null and n.review_id = g.review_id;`;
}
