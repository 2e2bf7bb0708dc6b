/**
 * The seed's SQL for members, places, stars, reviews and photos. Passwords are stored as the
 * auth service stores them (bcrypt, cost 10, `$2a$`); the salt comes from the email so the
 * generated file is the same on every run (these passwords are public: they are the demo's).
 */
import { createHash } from 'node:crypto';
import { hashSync } from '@node-rs/bcrypt';
import { demoMembers, memberId } from './members.ts';
import { demoPlaces } from './places.ts';
import type { DemoReview } from './review.ts';
import { ago, dayOf, literal, rows } from './sql.ts';
import { minutesAgo, unit } from './timeline.ts';

export function passwordHash(email: string, password: string): string {
  const salt = createHash('sha256').update(`pinstar demo salt:${email}`).digest().subarray(0, 16);
  return `$2a$${hashSync(password, 10, salt).slice(4)}`;
}

export function membersSql(): string {
  const values = demoMembers.map((m) => [
    literal(m.username),
    literal(memberId(m.n)),
    literal(m.email),
    literal(m.displayName),
    literal(m.bio),
    literal(passwordHash(m.email, m.password)),
    literal(m.role),
    ago(minutesAgo(m.joinedDaysAgo, `joined:${m.username}`)),
    ago(minutesAgo(m.lastSeenDaysAgo, `seen:${m.username}`, 1)),
  ]);
  return `-- members ----------------------------------------------------------------------------
create temporary table demo_members (username text primary key, id uuid not null, email text not null, display_name text not null,
  bio text not null, encrypted_password text not null, role public.user_role not null, joined_at timestamptz not null,
  last_seen timestamptz not null);
insert into demo_members values
${rows(values)};

-- The profile trigger on auth.users creates each profile (username and name from the metadata).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
select '00000000-0000-0000-0000-000000000000', m.id, 'authenticated', 'authenticated', m.email, m.encrypted_password, m.joined_at,
       '', '', '', '', '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('username', m.username, 'display_name', m.display_name), m.joined_at, m.joined_at, m.last_seen
  from demo_members m;
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select m.id::text, m.id, jsonb_build_object('sub', m.id::text, 'email', m.email, 'email_verified', true, 'phone_verified', false),
       'email', m.last_seen, m.joined_at, m.joined_at
  from demo_members m;
-- Avatars: generated pictures (scripts/make-seed-photos.ts), uploaded from seed/avatars.
update public.profiles p set bio = m.bio, role = m.role, avatar_path = m.id || '/avatar.webp'
  from demo_members m where p.id = m.id;
`;
}

export function placesSql(): string {
  const values = demoPlaces.map((p) => [
    literal(p.name),
    literal(p.category),
    literal(p.description),
    literal(p.address),
    String(p.lat),
    String(p.lng),
    literal(p.addedBy),
    ago(minutesAgo(p.addedDaysAgo, `place:${p.name}`)),
  ]);
  return `-- places: each added by a member who lives in its city ---------------------------------
insert into public.places (name, category, description, address, lat, lng, created_by, created_at, updated_at)
select v.name, v.category::public.place_category, v.description, v.address, v.lat, v.lng, m.id, v.at, v.at
  from (values
${rows(values)}
  ) as v (name, category, description, address, lat, lng, added_by, at)
  join demo_members m on m.username = v.added_by
 order by v.at;
`;
}

/** Stars, and who asked to hear of new reviews of what they keep: before the reviews, which notify them. */
export function starsSql(): string {
  const values = demoMembers.flatMap((m) =>
    m.stars.map((place) => [
      literal(m.username),
      literal(place),
      ago(Math.round(m.joinedDaysAgo * 1440 * (0.1 + 0.85 * unit(`star:${m.username}:${place}`)))),
    ]),
  );
  const listeners = demoMembers.filter((m) => 'newReviewNotices' in m && m.newReviewNotices).map((m) => literal(m.username));
  return `-- stars, and the members who asked to hear about new reviews of places they keep ---------
insert into public.notification_preferences (user_id, new_review, created_at, updated_at)
select id, true, joined_at, joined_at from demo_members where username in (${listeners.join(', ')});
insert into public.stars (user_id, place_id, created_at)
select m.id, p.id, v.at
  from (values
${rows(values)}
  ) as v (member, place, at)
  join demo_members m on m.username = v.member
  join public.places p on p.name = v.place;
`;
}

export interface TimedReview {
  review: DemoReview;
  minutesAgo: number;
}

export function reviewsSql(reviews: TimedReview[], spam: { place: string; text: string; minutesAgo: number }): string {
  const values = reviews.map(({ review: r, minutesAgo: at }) => {
    const visited = r.visitedDaysAgo === undefined ? r.daysAgo + 1 + Math.floor(unit(`visit:${r.by}@${r.place}`) * 6) : r.visitedDaysAgo;
    return [
      literal(r.by),
      literal(r.place),
      String(r.stars),
      literal(r.text),
      visited === null ? 'null' : dayOf(Math.round(visited * 1440)),
      ago(at),
      r.editedDaysAgo === undefined ? 'null' : ago(minutesAgo(r.editedDaysAgo, `edit:${r.by}@${r.place}`)),
    ];
  });
  values.push([literal('deals4u'), literal(spam.place), '5', literal(spam.text), 'null', ago(spam.minutesAgo), 'null']);
  return `-- reviews (scripts/demo/reviews-*.ts), each written for its place ------------------------
create temporary table demo_reviews (author text, place text, rating integer, body text, visited date, at timestamptz,
  edited timestamptz);
insert into demo_reviews values
${rows(values)};
insert into public.reviews (place_id, author_id, rating, body, visited_on, created_at, updated_at)
select p.id, m.id, r.rating, r.body, r.visited, r.at, coalesce(r.edited, r.at)
  from demo_reviews r
  join demo_members m on m.username = r.author
  join public.places p on p.name = r.place
 order by r.at;
-- Stars are dated: a review written before a member starred its place was no news to them.
delete from public.notifications n
 using public.reviews r, public.stars s
 where n.kind = 'new_review' and r.id = n.review_id and s.user_id = n.recipient_id and s.place_id = r.place_id
   and s.created_at > r.created_at;
`;
}

export function photosSql(
  photos: { place: string; by: string; path: string; alt: string; width: number; height: number; thumbhash: string }[],
): string {
  if (photos.length === 0) return '';
  const values = photos.map((p) => [
    literal(p.by),
    literal(p.place),
    literal(p.path),
    literal(p.alt),
    String(p.width),
    String(p.height),
    literal(p.thumbhash),
  ]);
  return `-- photos: a generated picture of each place (scripts/make-seed-photos.ts), stored as an upload is
-- (1600 px WebP) with the ThumbHash the app computes, on a review by the member who took it
insert into public.review_photos (review_id, place_id, uploader_id, path, alt, width, height, created_at, thumbhash)
select r.id, r.place_id, r.author_id, m.id || '/' || v.path, v.alt, v.width, v.height, r.created_at + interval '4 minutes', v.thumbhash
  from (values
${rows(values)}
  ) as v (author, place, path, alt, width, height, thumbhash)
  join demo_members m on m.username = v.author
  join public.places p on p.name = v.place
  join public.reviews r on r.place_id = p.id and r.author_id = m.id;
`;
}
