-- Community (docs/product.md "Community", decisions 210–212): helpful votes and replies on
-- reviews, follows between members, notifications written by triggers only, and the feed.
-- Limits mirror web/src/features/community/schemas.ts.
--
--   review_votes                one "helpful" per member per review, never on one's own
--   review_replies              one level of replies under a review, body 1–1000
--   follows                     follower_id → followee_id, public
--   notifications               written here by security definer triggers; the recipient
--                               reads, marks read and deletes
--   notification_preferences    one row per member (absent = the defaults), one flag per kind
--
-- Counters (reviews.helpful_count and reply_count, profiles.follower_count and
-- following_count) move by one in an UPDATE of the counted row: the row lock queues
-- concurrent writers and each adds to the version the previous one committed, so the figures
-- stay exact without a recount. Hidden replies do not count.

-- counters --------------------------------------------------------------------------------
alter table public.reviews add column helpful_count integer not null default 0,
  add column reply_count integer not null default 0,
  add constraint reviews_community_counts_non_negative check (helpful_count >= 0 and reply_count >= 0);
alter table public.profiles add column follower_count integer not null default 0,
  add column following_count integer not null default 0,
  add constraint profiles_follow_counts_non_negative check (follower_count >= 0 and following_count >= 0);

-- "Most helpful" on a place page: helpful_count, then the newest (keyset on the three).
create index reviews_place_helpful_idx on public.reviews (place_id, helpful_count desc, created_at desc, id desc);
-- the feed reads each followed member's newest reviews and places
create index reviews_author_feed_idx on public.reviews (author_id, created_at desc, id desc);
create index places_created_by_feed_idx on public.places (created_by, created_at desc, id desc);

-- tables ----------------------------------------------------------------------------------
create table public.review_votes (
  review_id uuid not null references public.reviews (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (review_id, user_id)
);
comment on table public.review_votes is 'A member found a review helpful: one per member per review, never their own; private to the voter.';
create index review_votes_user_created_idx on public.review_votes (user_id, created_at desc);
create index review_votes_review_created_idx on public.review_votes (review_id, created_at desc);

create table public.review_replies (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.reviews (id) on delete cascade,
  -- null once the author deleted their account and chose to keep their writing anonymized
  author_id uuid default auth.uid() references public.profiles (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  hidden_at timestamptz,
  constraint review_replies_body_length check (char_length(btrim(body)) between 1 and 1000)
);
comment on table public.review_replies is 'One level of replies (1-1000 chars) under a review; reportable and hideable like reviews.';
create index review_replies_review_created_idx on public.review_replies (review_id, created_at, id);
create index review_replies_author_created_idx on public.review_replies (author_id, created_at desc);
create index review_replies_hidden_at_idx on public.review_replies (hidden_at) where hidden_at is not null;

create table public.follows (
  follower_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  followee_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  constraint follows_not_self check (follower_id <> followee_id)
);
comment on table public.follows is 'Who follows whom; public, like the counts on profiles.';
create index follows_followee_created_idx on public.follows (followee_id, created_at desc);
create index follows_follower_created_idx on public.follows (follower_id, created_at desc);

create type public.notification_kind as enum (
  'reply', 'helpful', 'follow', 'new_review', 'content_hidden', 'content_restored',
  'report_resolved', 'report_dismissed', 'list_invite');

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind public.notification_kind not null,
  -- who acted (the latest voter of a group); never a moderator. What a member did goes with
  -- their account.
  actor_id uuid references public.profiles (id) on delete cascade,
  -- how many members a grouped notification stands for ("Ada and 2 others")
  actor_count integer not null default 1,
  place_id uuid references public.places (id) on delete cascade,
  review_id uuid references public.reviews (id) on delete cascade,
  reply_id uuid references public.review_replies (id) on delete cascade,
  list_id uuid references public.lists (id) on delete cascade,
  report_id uuid references public.reports (id) on delete cascade,
  -- moderation notices: what was hidden, restored or reported, and the public reason
  target_type text,
  target_id uuid,
  reason text,
  created_at timestamptz not null default now(),
  -- the sort key: a group moves up when someone joins it
  updated_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_actor_count_positive check (actor_count >= 1),
  constraint notifications_reason_length check (char_length(reason) <= 500)
);
comment on table public.notifications is 'What happened to a member''s content and account, written by triggers only; private to the recipient.';
create index notifications_recipient_updated_idx on public.notifications (recipient_id, updated_at desc, id desc);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;
-- one open (unread) group of helpful votes per review
create unique index notifications_helpful_group_key on public.notifications (recipient_id, review_id)
  where kind = 'helpful' and read_at is null;
create index notifications_actor_idx on public.notifications (actor_id);
create index notifications_place_idx on public.notifications (place_id);
create index notifications_review_idx on public.notifications (review_id);
create index notifications_reply_idx on public.notifications (reply_id);
create index notifications_list_idx on public.notifications (list_id);
create index notifications_report_idx on public.notifications (report_id);

create table public.notification_preferences (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  reply boolean not null default true,
  helpful boolean not null default true,
  follow boolean not null default true,
  -- a new review on a place the member starred or listed: opt-in
  new_review boolean not null default false,
  -- own content hidden or restored
  moderation boolean not null default true,
  -- own report resolved or dismissed
  reports boolean not null default true,
  list_invite boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.notification_preferences is 'Which notifications a member receives, per kind; no row means the defaults.';
create trigger notification_preferences_touch before update on public.notification_preferences
  for each row execute function private.touch_updated_at();
create trigger review_replies_touch before update of body on public.review_replies
  for each row execute function private.touch_updated_at();

-- limits ----------------------------------------------------------------------------------
-- Members' API requests only (not the service role or the database owner), as for reviews:
--   helpful votes  60 per hour; 20 per hour from accounts younger than 24 hours
--   replies        30 per hour; 5 per hour from accounts younger than 24 hours
create function private.review_votes_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  author uuid;
  joined timestamptz;
  recent integer;
begin
  select r.author_id into author from public.reviews r where r.id = new.review_id;
  if author = new.user_id then
    raise exception 'You can''t mark your own review as helpful.' using errcode = '23514';
  end if;
  if coalesce(auth.role(), '') <> 'authenticated' then
    return new;
  end if;
  select p.created_at into joined from public.profiles p where p.id = new.user_id;
  recent := (select count(*) from public.review_votes v where v.user_id = new.user_id and v.created_at > now() - interval '1 hour');
  if joined > now() - interval '24 hours' and recent >= 20 then
    raise exception 'New accounts can mark at most 20 reviews helpful per hour. Try again later.' using errcode = 'P0001';
  end if;
  if recent >= 60 then
    raise exception 'You can mark at most 60 reviews helpful per hour. Try again later.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger review_votes_check before insert on public.review_votes
  for each row execute function private.review_votes_check();

create function private.review_replies_limit()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  joined timestamptz;
  recent integer;
begin
  if coalesce(auth.role(), '') <> 'authenticated' then
    return new;
  end if;
  select p.created_at into joined from public.profiles p where p.id = new.author_id;
  recent := (select count(*) from public.review_replies r where r.author_id = new.author_id and r.created_at > now() - interval '1 hour');
  if joined > now() - interval '24 hours' and recent >= 5 then
    raise exception 'New accounts can post at most 5 replies per hour. Try again later.' using errcode = 'P0001';
  end if;
  if recent >= 30 then
    raise exception 'You can post at most 30 replies per hour. Try again later.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger review_replies_limit before insert on public.review_replies
  for each row execute function private.review_replies_limit();

-- notification helpers --------------------------------------------------------------------
create function private.wants_notification(recipient uuid, kind public.notification_kind)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select case kind
        when 'reply' then p.reply
        when 'helpful' then p.helpful
        when 'follow' then p.follow
        when 'new_review' then p.new_review
        when 'content_hidden' then p.moderation
        when 'content_restored' then p.moderation
        when 'report_resolved' then p.reports
        when 'report_dismissed' then p.reports
        when 'list_invite' then p.list_invite
      end
      from public.notification_preferences p where p.user_id = recipient),
    kind <> 'new_review')
$$;

-- counters and notifications of votes ------------------------------------------------------
-- Votes group into one unread notification per review: a new vote joins the open group (or
-- opens one); a vote taken back leaves the group it joined, and an empty group is withdrawn.
create function private.review_votes_changed()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  vote public.review_votes := case when tg_op = 'DELETE' then old else new end;
  author uuid;
  place uuid;
begin
  update public.reviews r set helpful_count = r.helpful_count + case when tg_op = 'DELETE' then -1 else 1 end
   where r.id = vote.review_id
  returning r.author_id, r.place_id into author, place;
  if author is null or author = vote.user_id then
    return null;
  end if;
  if tg_op = 'INSERT' then
    if private.wants_notification(author, 'helpful') then
      insert into public.notifications (recipient_id, kind, actor_id, review_id, place_id)
      values (author, 'helpful', vote.user_id, vote.review_id, place)
      on conflict (recipient_id, review_id) where kind = 'helpful' and read_at is null
      -- the group starts at its earliest vote: a vote taken back leaves the group it is in
      do update set actor_id = excluded.actor_id, actor_count = public.notifications.actor_count + 1, updated_at = now(),
                    created_at = least(public.notifications.created_at, excluded.created_at);
    end if;
  else
    update public.notifications n
       set actor_count = n.actor_count - 1,
           actor_id = case when n.actor_id = vote.user_id then
               (select v.user_id from public.review_votes v
                 where v.review_id = vote.review_id and v.created_at >= n.created_at
                 order by v.created_at desc limit 1)
             else n.actor_id end
     where n.recipient_id = author and n.review_id = vote.review_id and n.kind = 'helpful' and n.read_at is null
       and vote.created_at >= n.created_at and n.actor_count > 1;
    if not found then
      delete from public.notifications n
       where n.recipient_id = author and n.review_id = vote.review_id and n.kind = 'helpful' and n.read_at is null
         and vote.created_at >= n.created_at and n.actor_count = 1;
    end if;
  end if;
  return null;
end
$$;
create trigger review_votes_changed after insert or delete on public.review_votes
  for each row execute function private.review_votes_changed();

-- counters and notifications of replies ----------------------------------------------------
create function private.review_replies_changed()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  delta integer := 0;
  author uuid;
  place uuid;
begin
  if tg_op = 'INSERT' then
    delta := case when new.hidden_at is null then 1 else 0 end;
  elsif tg_op = 'DELETE' then
    delta := case when old.hidden_at is null then -1 else 0 end;
  elsif (old.hidden_at is null) <> (new.hidden_at is null) then
    delta := case when new.hidden_at is null then 1 else -1 end;
  end if;
  if delta <> 0 then
    update public.reviews r set reply_count = r.reply_count + delta
     where r.id = case when tg_op = 'DELETE' then old.review_id else new.review_id end;
  end if;
  if tg_op = 'INSERT' and new.hidden_at is null then
    select r.author_id, r.place_id into author, place from public.reviews r where r.id = new.review_id;
    if author is not null and author is distinct from new.author_id and private.wants_notification(author, 'reply') then
      insert into public.notifications (recipient_id, kind, actor_id, review_id, reply_id, place_id)
      values (author, 'reply', new.author_id, new.review_id, new.id, place);
    end if;
  elsif tg_op = 'UPDATE' and old.hidden_at is null and new.hidden_at is not null then
    -- hidden content withdraws what it caused
    delete from public.notifications n where n.reply_id = new.id and n.kind = 'reply';
  end if;
  return null;
end
$$;
create trigger review_replies_changed after insert or delete or update of hidden_at on public.review_replies
  for each row execute function private.review_replies_changed();

-- follows ---------------------------------------------------------------------------------
-- Both profiles are locked in id order first, so two members following each other at once
-- cannot deadlock on their counters.
create function private.follows_changed()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  edge public.follows := case when tg_op = 'DELETE' then old else new end;
  delta integer := case when tg_op = 'DELETE' then -1 else 1 end;
begin
  perform 1 from public.profiles p where p.id in (edge.follower_id, edge.followee_id) order by p.id for no key update;
  update public.profiles p set following_count = p.following_count + delta where p.id = edge.follower_id;
  update public.profiles p set follower_count = p.follower_count + delta where p.id = edge.followee_id;
  if tg_op = 'INSERT' then
    if private.wants_notification(new.followee_id, 'follow') then
      insert into public.notifications (recipient_id, kind, actor_id) values (new.followee_id, 'follow', new.follower_id);
    end if;
  else
    delete from public.notifications n
     where n.recipient_id = old.followee_id and n.actor_id = old.follower_id and n.kind = 'follow';
  end if;
  return null;
end
$$;
create trigger follows_changed after insert or delete on public.follows
  for each row execute function private.follows_changed();

-- new reviews: notifications for members who opted in, and the feed's live topic ------------
-- Members who starred the place or keep it on one of their lists, and asked for it.
create function private.reviews_community_insert()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.places p where p.id = new.place_id and p.hidden_at is not null) or new.hidden_at is not null then
    return null;
  end if;
  insert into public.notifications (recipient_id, kind, actor_id, review_id, place_id)
  select w.user_id, 'new_review', new.author_id, new.id, new.place_id
    from (select s.user_id from public.stars s where s.place_id = new.place_id
          union
          select l.owner_id from public.list_places lp join public.lists l on l.id = lp.list_id where lp.place_id = new.place_id) w
    join public.notification_preferences np on np.user_id = w.user_id and np.new_review
   where w.user_id is distinct from new.author_id;
  if new.author_id is not null then
    perform realtime.send(
      jsonb_build_object('kind', 'review', 'id', new.id, 'author_id', new.author_id, 'place_id', new.place_id, 'created_at', new.created_at),
      'feed_item', 'feed', true);
  end if;
  return null;
end
$$;
create trigger reviews_community_insert after insert on public.reviews
  for each row execute function private.reviews_community_insert();

create function private.places_feed_insert()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.created_by is not null and new.hidden_at is null then
    perform realtime.send(
      jsonb_build_object('kind', 'place', 'id', new.id, 'author_id', new.created_by, 'place_id', new.id, 'created_at', new.created_at),
      'feed_item', 'feed', true);
  end if;
  return null;
end
$$;
create trigger places_feed_insert after insert on public.places
  for each row execute function private.places_feed_insert();

-- Hidden reviews and places withdraw the notifications their content caused (the notices
-- to their authors about the moderation itself stay).
create function private.withdraw_hidden_notifications()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'reviews' then
    delete from public.notifications n where n.review_id = new.id and n.kind in ('reply', 'helpful', 'new_review');
  else
    delete from public.notifications n where n.place_id = new.id and n.kind in ('reply', 'helpful', 'new_review');
  end if;
  return null;
end
$$;
create trigger reviews_withdraw_notifications after update of hidden_at on public.reviews
  for each row when (old.hidden_at is null and new.hidden_at is not null)
  execute function private.withdraw_hidden_notifications();
create trigger places_withdraw_notifications after update of hidden_at on public.places
  for each row when (old.hidden_at is null and new.hidden_at is not null)
  execute function private.withdraw_hidden_notifications();

-- list invitations -------------------------------------------------------------------------
create function private.list_members_notify()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.accepted_at is null and new.user_id is distinct from new.invited_by and private.wants_notification(new.user_id, 'list_invite') then
      insert into public.notifications (recipient_id, kind, actor_id, list_id)
      values (new.user_id, 'list_invite', new.invited_by, new.list_id);
    end if;
  elsif tg_op = 'UPDATE' then
    -- an accepted invitation has been answered
    update public.notifications n set read_at = now()
     where n.recipient_id = new.user_id and n.list_id = new.list_id and n.kind = 'list_invite' and n.read_at is null;
  else
    delete from public.notifications n where n.recipient_id = old.user_id and n.list_id = old.list_id and n.kind = 'list_invite';
  end if;
  return null;
end
$$;
create trigger list_members_notify after insert or delete on public.list_members
  for each row execute function private.list_members_notify();
create trigger list_members_accepted_notify after update of accepted_at on public.list_members
  for each row when (old.accepted_at is null and new.accepted_at is not null)
  execute function private.list_members_notify();

-- moderation notices ------------------------------------------------------------------------
-- Every hide and restore is logged in moderation_actions, whichever function performs it, so
-- the author's notice is written there. Target types this trigger does not know (added later)
-- notify nobody. The moderator is never named.
create function private.moderation_actions_notify()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  author uuid;
  place uuid := nullif(new.details ->> 'place_id', '')::uuid;
  review uuid;
  notice public.notification_kind := case when new.action = 'hide' then 'content_hidden' else 'content_restored' end;
begin
  if new.action not in ('hide', 'restore') then
    return null;
  end if;
  case new.target_type::text
    when 'place' then
      select p.created_by, p.id into author, place from public.places p where p.id = new.target_id;
    when 'review' then
      select r.author_id, r.id into author, review from public.reviews r where r.id = new.target_id;
    when 'photo' then
      select ph.uploader_id, ph.review_id into author, review from public.review_photos ph where ph.id = new.target_id;
    when 'reply' then
      select rr.author_id, rr.review_id into author, review from public.review_replies rr where rr.id = new.target_id;
    else
      return null;
  end case;
  if author is null or author is not distinct from new.moderator_id or not private.wants_notification(author, notice) then
    return null;
  end if;
  insert into public.notifications (recipient_id, kind, place_id, review_id, target_type, target_id, reason)
  values (author, notice, place, review, new.target_type::text, new.target_id, new.reason);
  return null;
end
$$;
create trigger moderation_actions_notify after insert on public.moderation_actions
  for each row execute function private.moderation_actions_notify();

-- A report's outcome reaches its reporter at commit (a deferred trigger): hiding resolves the
-- reports before the action that carries the public reason is logged in the same transaction.
create function private.reports_notify()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  current public.reports;
  notice public.notification_kind;
  public_reason text;
begin
  select * into current from public.reports r where r.id = new.id;
  if current.id is null or current.status = 'open' or current.reporter_id is null
     or current.reporter_id is not distinct from current.resolved_by then
    return null;
  end if;
  notice := case when current.status = 'resolved' then 'report_resolved' else 'report_dismissed' end;
  if not private.wants_notification(current.reporter_id, notice)
     or exists (select 1 from public.notifications n where n.report_id = current.id and n.kind = notice) then
    return null;
  end if;
  select a.reason into public_reason from public.moderation_actions a
   where a.target_type::text = current.target_type::text and a.target_id = current.target_id
     and a.created_at >= current.resolved_at
   order by a.created_at desc limit 1;
  insert into public.notifications (recipient_id, kind, report_id, target_type, target_id, reason, place_id, review_id)
  values (current.reporter_id, notice, current.id, current.target_type::text, current.target_id, public_reason,
          case current.target_type::text
            when 'place' then current.target_id
            when 'review' then (select r.place_id from public.reviews r where r.id = current.target_id)
            when 'photo' then (select ph.place_id from public.review_photos ph where ph.id = current.target_id)
            when 'reply' then (select r.place_id from public.review_replies rr join public.reviews r on r.id = rr.review_id where rr.id = current.target_id)
          end,
          case current.target_type::text
            when 'review' then current.target_id
            when 'photo' then (select ph.review_id from public.review_photos ph where ph.id = current.target_id)
            when 'reply' then (select rr.review_id from public.review_replies rr where rr.id = current.target_id)
          end);
  return null;
end
$$;
create constraint trigger reports_notify after update of status on public.reports
  deferrable initially deferred
  for each row when (old.status = 'open' and new.status <> 'open')
  execute function private.reports_notify();

-- a notification reaches the recipient's open tabs on their own private topic -----------------
create function private.notifications_broadcast()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  changed public.notifications := case when tg_op = 'DELETE' then old else new end;
begin
  perform realtime.send(jsonb_build_object('id', changed.id, 'kind', changed.kind, 'operation', tg_op),
                        'notification', 'notifications:' || changed.recipient_id::text, true);
  return null;
end
$$;
create trigger notifications_broadcast_insert after insert or delete on public.notifications
  for each row execute function private.notifications_broadcast();
-- a group that grows is news; marking as read is the reader's own doing and is not sent
create trigger notifications_broadcast_update after update of actor_count, updated_at on public.notifications
  for each row when (old.updated_at is distinct from new.updated_at)
  execute function private.notifications_broadcast();

revoke execute on function private.review_votes_check(), private.review_replies_limit(), private.review_votes_changed(),
  private.review_replies_changed(), private.follows_changed(), private.reviews_community_insert(), private.places_feed_insert(),
  private.withdraw_hidden_notifications(), private.list_members_notify(), private.moderation_actions_notify(),
  private.reports_notify(), private.notifications_broadcast() from public, anon, authenticated;
revoke execute on function private.wants_notification(uuid, public.notification_kind) from public, anon, authenticated;

-- Replies as moderation targets: reports, hide and restore, the log's place ----------------
create or replace function private.reports_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  target_exists boolean;
begin
  target_exists := case new.target_type::text
      when 'place' then exists (select 1 from public.places where id = new.target_id)
      when 'review' then exists (select 1 from public.reviews where id = new.target_id)
      when 'photo' then exists (select 1 from public.review_photos where id = new.target_id)
      when 'reply' then exists (select 1 from public.review_replies where id = new.target_id)
    end;
  if not coalesce(target_exists, false) then
    raise exception 'The reported % does not exist.', new.target_type using errcode = '23503';
  end if;
  if coalesce(auth.role(), '') = 'authenticated'
     and (select count(*) from public.reports r where r.reporter_id = new.reporter_id and r.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'You can send at most 20 reports per hour. Try again later.' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create or replace function private.set_content_hidden(target_type public.content_type, target_id uuid, reason text, hide boolean)
returns public.moderation_actions
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  was timestamptz;
  found_target boolean;
  logged public.moderation_actions;
begin
  if not coalesce((select p.role in ('moderator', 'admin') from public.profiles p where p.id = me), false) then
    raise exception 'Only moderators can hide or restore content.' using errcode = '42501';
  end if;
  if target_type is null or target_id is null then
    raise exception 'target_type and target_id are required.' using errcode = '22023';
  end if;
  if reason is null or char_length(btrim(reason)) not between 1 and 500 then
    raise exception 'Give a reason of 1 to 500 characters.' using errcode = '22023';
  end if;
  if target_type = 'place' then
    select p.hidden_at, true into was, found_target from public.places p where p.id = target_id for no key update;
  elsif target_type = 'review' then
    select r.hidden_at, true into was, found_target from public.reviews r where r.id = target_id for no key update;
  elsif target_type::text = 'reply' then
    select rr.hidden_at, true into was, found_target from public.review_replies rr where rr.id = target_id for no key update;
  else
    select ph.hidden_at, true into was, found_target from public.review_photos ph where ph.id = target_id for no key update;
  end if;
  if not coalesce(found_target, false) then
    raise exception 'The % to moderate does not exist.', target_type using errcode = 'P0002';
  end if;
  if hide and was is not null then
    raise exception 'This % is already hidden.', target_type using errcode = 'P0001';
  end if;
  if not hide and was is null then
    raise exception 'This % is not hidden.', target_type using errcode = 'P0001';
  end if;
  if target_type = 'place' then
    update public.places set hidden_at = case when hide then now() end where id = target_id;
  elsif target_type = 'review' then
    update public.reviews set hidden_at = case when hide then now() end where id = target_id;
  elsif target_type::text = 'reply' then
    update public.review_replies set hidden_at = case when hide then now() end where id = target_id;
  else
    update public.review_photos set hidden_at = case when hide then now() end where id = target_id;
  end if;
  if hide then
    update public.reports r set status = 'resolved', resolved_by = me, resolved_at = now()
     where r.target_type = set_content_hidden.target_type and r.target_id = set_content_hidden.target_id and r.status = 'open';
  end if;
  insert into public.moderation_actions (moderator_id, target_type, target_id, action, reason)
  values (me, target_type::text::public.moderation_target, target_id,
          case when hide then 'hide' else 'restore' end::public.moderation_action_kind, btrim(reason))
  returning * into logged;
  return logged;
end
$$;
revoke execute on function private.set_content_hidden(public.content_type, uuid, text, boolean) from public, anon, authenticated;

-- The log links a reply's action to its place and review (never to the reply's text).
create or replace function private.moderation_action_context()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  place uuid;
  review uuid;
begin
  if new.target_type = 'review' then
    select r.place_id into place from public.reviews r where r.id = new.target_id;
  elsif new.target_type = 'photo' then
    select ph.place_id into place from public.review_photos ph where ph.id = new.target_id;
  elsif new.target_type::text = 'reply' then
    select r.place_id, r.id into place, review from public.review_replies rr join public.reviews r on r.id = rr.review_id where rr.id = new.target_id;
  end if;
  if place is not null and not (new.details ? 'place_id') then
    new.details := new.details || jsonb_build_object('place_id', place);
  end if;
  if review is not null and not (new.details ? 'review_id') then
    new.details := new.details || jsonb_build_object('review_id', review);
  end if;
  return new;
end
$$;

-- Anonymizing keeps a member's replies as it keeps their reviews.
create or replace function public.delete_account(user_id uuid, reviews text)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  affected integer;
begin
  if delete_account.reviews is null or delete_account.reviews not in ('delete', 'anonymize') then
    raise exception 'reviews must be "delete" or "anonymize".' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = delete_account.user_id for update;
  if not found then
    raise exception 'This account has already been deleted.' using errcode = 'P0002';
  end if;
  if delete_account.reviews = 'anonymize' then
    update public.review_replies rr set author_id = null where rr.author_id = delete_account.user_id;
    update public.reviews r set author_id = null where r.author_id = delete_account.user_id;
  else
    delete from public.reviews r where r.author_id = delete_account.user_id;
  end if;
  get diagnostics affected = row_count;
  delete from auth.users u where u.id = delete_account.user_id;
  return affected;
end
$$;

-- Row level security: one policy per operation per role ------------------------------------
alter table public.review_votes enable row level security;
alter table public.review_replies enable row level security;
alter table public.follows enable row level security;
alter table public.notifications enable row level security;
alter table public.notification_preferences enable row level security;

-- review_votes: private to the voter (the count is public on the review); on visible reviews.
grant select, insert, delete on public.review_votes to authenticated;
grant select, insert, update, delete on public.review_votes to service_role;
create policy review_votes_select_own on public.review_votes for select to authenticated using (user_id = (select auth.uid()));
create policy review_votes_insert_own on public.review_votes for insert to authenticated
  with check (user_id = (select auth.uid())
    and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null));
create policy review_votes_delete_own on public.review_votes for delete to authenticated using (user_id = (select auth.uid()));

-- review_replies: visible with their review unless hidden (authors and moderators still see
-- hidden ones); members reply to visible reviews, edit and delete their own.
grant select on public.review_replies to anon, authenticated;
grant insert (review_id, author_id, body) on public.review_replies to authenticated;
grant update (body) on public.review_replies to authenticated;
grant delete on public.review_replies to authenticated;
grant select, insert, update, delete on public.review_replies to service_role;
create policy review_replies_select_anon on public.review_replies for select to anon
  using (hidden_at is null and exists (select 1 from public.reviews r where r.id = review_id));
create policy review_replies_select_member on public.review_replies for select to authenticated
  using ((hidden_at is null and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null))
    or author_id = (select auth.uid()) or (select private.is_moderator()));
create policy review_replies_insert_own on public.review_replies for insert to authenticated
  with check (author_id = (select auth.uid())
    and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null));
create policy review_replies_update_own on public.review_replies for update to authenticated
  using (author_id = (select auth.uid())) with check (author_id = (select auth.uid()));
create policy review_replies_delete_own on public.review_replies for delete to authenticated
  using (author_id = (select auth.uid()));

-- follows: public; members follow and unfollow as themselves.
grant select on public.follows to anon, authenticated;
grant insert (follower_id, followee_id) on public.follows to authenticated;
grant delete on public.follows to authenticated;
grant select, insert, update, delete on public.follows to service_role;
create policy follows_select_anon on public.follows for select to anon using (true);
create policy follows_select_member on public.follows for select to authenticated using (true);
create policy follows_insert_own on public.follows for insert to authenticated with check (follower_id = (select auth.uid()));
create policy follows_delete_own on public.follows for delete to authenticated using (follower_id = (select auth.uid()));

-- notifications: written by triggers only; the recipient reads, marks read, deletes.
grant select, delete on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;
create policy notifications_select_own on public.notifications for select to authenticated using (recipient_id = (select auth.uid()));
create policy notifications_update_own on public.notifications for update to authenticated
  using (recipient_id = (select auth.uid())) with check (recipient_id = (select auth.uid()));
create policy notifications_delete_own on public.notifications for delete to authenticated using (recipient_id = (select auth.uid()));

-- notification_preferences: the member's own row.
grant select, delete on public.notification_preferences to authenticated;
grant insert (user_id, reply, helpful, follow, new_review, moderation, reports, list_invite) on public.notification_preferences to authenticated;
grant update (reply, helpful, follow, new_review, moderation, reports, list_invite) on public.notification_preferences to authenticated;
grant select, insert, update, delete on public.notification_preferences to service_role;
create policy notification_preferences_select_own on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));
create policy notification_preferences_insert_own on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy notification_preferences_update_own on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy notification_preferences_delete_own on public.notification_preferences for delete to authenticated
  using (user_id = (select auth.uid()));

-- Realtime: a member's own topic notifications:<id>, and the feed topic (announcements of new
-- public reviews and places, filtered by the app to the people the member follows).
create function private.can_join_member_topic(topic text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null
     and (topic = 'feed' or topic = 'notifications:' || (select auth.uid())::text)
$$;
comment on function private.can_join_member_topic(text) is 'The feed topic for every member; notifications:<id> for that member only.';
revoke execute on function private.can_join_member_topic(text) from public;
grant execute on function private.can_join_member_topic(text) to authenticated, service_role;

drop policy "pinstar: members receive public, moderation and list topics" on realtime.messages;
create policy "pinstar: members receive public, moderation, list and own topics" on realtime.messages for select to authenticated
  using ((realtime.messages.extension in ('broadcast', 'presence')
      and ((select realtime.topic()) = 'places' or (select realtime.topic()) like 'place:%'))
    or (realtime.messages.extension = 'broadcast' and (select realtime.topic()) = 'moderation' and (select private.is_moderator()))
    or (realtime.messages.extension in ('broadcast', 'presence') and (select private.can_join_list_topic(realtime.topic())))
    or (realtime.messages.extension = 'broadcast' and (select private.can_join_member_topic(realtime.topic()))));

-- The feed --------------------------------------------------------------------------------
-- Reviews and new places of the people the caller follows, newest first, keyset-paged on
-- (created_at, id). Each followed member contributes at most one page of each (on their own
-- index), so the cost follows the number of people followed, not the size of the tables.
create function public.member_feed(before_created_at timestamptz default null, before_id uuid default null, max_results integer default 20)
returns table (
  kind text, id uuid, created_at timestamptz, author_id uuid, author_username text, author_display_name text,
  author_avatar_path text, place_id uuid, place_name text, place_category public.place_category,
  rating integer, body text, helpful_count integer, reply_count integer)
language sql stable
set search_path = ''
as $$
  with page as (select greatest(1, least(coalesce(max_results, 20), 50)) as n),
  followed as (select f.followee_id from public.follows f where f.follower_id = (select auth.uid())),
  items as (
    select r.kind, r.id, r.created_at, r.author_id, r.place_id, r.rating, r.body, r.helpful_count, r.reply_count
      from followed f cross join lateral (
        select 'review'::text as kind, rv.id, rv.created_at, rv.author_id, rv.place_id, rv.rating, rv.body, rv.helpful_count, rv.reply_count
          from public.reviews rv
         where rv.author_id = f.followee_id and rv.hidden_at is null
           and (before_created_at is null or (rv.created_at, rv.id) < (before_created_at, coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
           and exists (select 1 from public.places p where p.id = rv.place_id and p.hidden_at is null)
         order by rv.created_at desc, rv.id desc
         limit (select n from page)) r
    union all
    select pl.kind, pl.id, pl.created_at, pl.author_id, pl.place_id, null, pl.body, null, null
      from followed f cross join lateral (
        select 'place'::text as kind, p.id, p.created_at, p.created_by as author_id, p.id as place_id, p.description as body
          from public.places p
         where p.created_by = f.followee_id and p.hidden_at is null
           and (before_created_at is null or (p.created_at, p.id) < (before_created_at, coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
         order by p.created_at desc, p.id desc
         limit (select n from page)) pl
    order by created_at desc, id desc
    limit (select n from page))
  select i.kind, i.id, i.created_at, i.author_id, a.username, a.display_name, a.avatar_path, pl.id, pl.name, pl.category,
         i.rating, i.body, i.helpful_count, i.reply_count
    from items i
    join public.profiles a on a.id = i.author_id
    join public.places pl on pl.id = i.place_id
   order by i.created_at desc, i.id desc
$$;
comment on function public.member_feed is 'Reviews and new places of the people the caller follows, newest first; page after (before_created_at, before_id).';

-- Discover: recent well-rated (4-5 stars) reviews by others, within about 50 km of a position
-- the app rounded (never stored), or anywhere without one; the same shape and paging.
create function public.discover_reviews(
  lat double precision default null, lng double precision default null,
  before_created_at timestamptz default null, before_id uuid default null, max_results integer default 20)
returns table (
  kind text, id uuid, created_at timestamptz, author_id uuid, author_username text, author_display_name text,
  author_avatar_path text, place_id uuid, place_name text, place_category public.place_category,
  rating integer, body text, helpful_count integer, reply_count integer)
language sql stable
set search_path = ''
as $$
  select 'review'::text, r.id, r.created_at, r.author_id, a.username, a.display_name, a.avatar_path, p.id, p.name, p.category,
         r.rating, r.body, r.helpful_count, r.reply_count
    from public.reviews r
    join public.places p on p.id = r.place_id and p.hidden_at is null
    join public.profiles a on a.id = r.author_id
   where r.rating >= 4 and r.hidden_at is null and r.author_id is distinct from (select auth.uid())
     and (discover_reviews.lat is null or discover_reviews.lng is null
          or (p.lat between discover_reviews.lat - 0.45 and discover_reviews.lat + 0.45
              and p.lng between discover_reviews.lng - 0.45 / greatest(cos(radians(discover_reviews.lat)), 0.01)
                            and discover_reviews.lng + 0.45 / greatest(cos(radians(discover_reviews.lat)), 0.01)))
     and (before_created_at is null or (r.created_at, r.id) < (before_created_at, coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
   order by r.created_at desc, r.id desc
   limit greatest(1, least(coalesce(max_results, 20), 50))
$$;
comment on function public.discover_reviews is 'Recent 4-5 star reviews near a rounded position (about 50 km) or anywhere; for members who follow nobody yet.';

-- The bell: unread notifications, counted up to 100 (the app shows "99+").
create function public.unread_notification_count()
returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer from (
    select 1 from public.notifications n
     where n.recipient_id = (select auth.uid()) and n.read_at is null
     limit 100) unread
$$;
comment on function public.unread_notification_count is 'The caller''s unread notifications, counted up to 100.';

revoke execute on function public.member_feed(timestamptz, uuid, integer), public.discover_reviews(double precision, double precision, timestamptz, uuid, integer),
  public.unread_notification_count() from public, anon;
grant execute on function public.member_feed(timestamptz, uuid, integer), public.discover_reviews(double precision, double precision, timestamptz, uuid, integer),
  public.unread_notification_count() to authenticated, service_role;
