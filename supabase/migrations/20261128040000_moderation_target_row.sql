-- Every moderation function used to look a target up by its type on its own: what may be
-- reported, hide and restore, the public log's links, and the two notifications each had a
-- `case` over places, reviews, photos, replies, lists and list notes. One lookup now answers
-- them all, so a new target type is added in one place:
--   private.moderation_target_row(target_type, target_id)
-- and the five are redefined on top of it with the same behaviour and grants.

-- One row when the target exists, none otherwise:
--   hidden_at        when it was hidden (a list note: its note), null while shown
--   in_private_list  a list, or a note on a list, that only its members can open
--   blank            a list note whose note is empty
--   author_id        who wrote it (a place: its creator; a photo: its uploader; a note: who added it)
--   place_id         the place it is about (a place: itself; a reply: its review's place)
--   review_id        the review it belongs to (a review: itself)
--   list_id          the list it belongs to (a list: itself)
create or replace function private.moderation_target_row(target_type text, target_id uuid)
returns table (
  hidden_at timestamptz,
  in_private_list boolean,
  blank boolean,
  author_id uuid,
  place_id uuid,
  review_id uuid,
  list_id uuid
)
language sql stable security definer
set search_path = ''
as $$
  select p.hidden_at, false, false, p.created_by, p.id, null::uuid, null::uuid
    from public.places p where moderation_target_row.target_type = 'place' and p.id = moderation_target_row.target_id
  union all
  select r.hidden_at, false, false, r.author_id, r.place_id, r.id, null
    from public.reviews r where moderation_target_row.target_type = 'review' and r.id = moderation_target_row.target_id
  union all
  select ph.hidden_at, false, false, ph.uploader_id, ph.place_id, ph.review_id, null
    from public.review_photos ph where moderation_target_row.target_type = 'photo' and ph.id = moderation_target_row.target_id
  union all
  select rr.hidden_at, false, false, rr.author_id, r.place_id, rr.review_id, null
    from public.review_replies rr join public.reviews r on r.id = rr.review_id
   where moderation_target_row.target_type = 'reply' and rr.id = moderation_target_row.target_id
  union all
  select l.hidden_at, l.visibility = 'private', false, l.owner_id, null, null, l.id
    from public.lists l where moderation_target_row.target_type = 'list' and l.id = moderation_target_row.target_id
  union all
  select lp.note_hidden_at, l.visibility = 'private', lp.note = '', lp.added_by, null, null, lp.list_id
    from public.list_places lp join public.lists l on l.id = lp.list_id
   where moderation_target_row.target_type = 'list_note' and lp.id = moderation_target_row.target_id
$$;
revoke execute on function private.moderation_target_row(text, uuid) from public, anon, authenticated;

create or replace function private.reports_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- private lists and their notes are never public content, and an empty note says nothing:
  -- only what others can read is reported
  if not exists (select 1 from private.moderation_target_row(new.target_type::text, new.target_id) t
                  where not t.in_private_list and not t.blank) then
    raise exception 'The reported % does not exist.', replace(new.target_type::text, '_', ' ') using errcode = '23503';
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
  target record;
  changed integer;
  logged public.moderation_actions;
  noun text := replace(target_type::text, '_', ' ');
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
  select t.hidden_at, t.in_private_list into target
    from private.moderation_target_row(target_type::text, target_id) t;
  -- moderators never see private lists, so they cannot act on one or its notes
  if not found or target.in_private_list then
    raise exception 'The % to moderate does not exist.', noun using errcode = 'P0002';
  end if;
  if hide and target.hidden_at is not null then
    raise exception 'This % is already hidden.', noun using errcode = 'P0001';
  end if;
  if not hide and target.hidden_at is null then
    raise exception 'This % is not hidden.', noun using errcode = 'P0001';
  end if;
  -- Only from the state just read: a moderator acting on the same content at the same moment
  -- waits for the other and then changes nothing, and hears so as above.
  case target_type::text
    when 'place' then
      update public.places set hidden_at = case when hide then now() end where id = target_id and (hidden_at is null) = hide;
    when 'review' then
      update public.reviews set hidden_at = case when hide then now() end where id = target_id and (hidden_at is null) = hide;
    when 'photo' then
      update public.review_photos set hidden_at = case when hide then now() end where id = target_id and (hidden_at is null) = hide;
    when 'reply' then
      update public.review_replies set hidden_at = case when hide then now() end where id = target_id and (hidden_at is null) = hide;
    when 'list' then
      update public.lists set hidden_at = case when hide then now() end where id = target_id and (hidden_at is null) = hide;
    else
      update public.list_places set note_hidden_at = case when hide then now() end where id = target_id and (note_hidden_at is null) = hide;
  end case;
  get diagnostics changed = row_count;
  if changed = 0 then
    if hide then
      raise exception 'This % is already hidden.', noun using errcode = 'P0001';
    end if;
    raise exception 'This % is not hidden.', noun using errcode = 'P0001';
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

-- The public log links an action to its place (and a reply's review), or a note to its list;
-- never to the hidden text itself.
create or replace function private.moderation_action_context()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  target record;
begin
  select t.place_id, t.review_id, t.list_id into target
    from private.moderation_target_row(new.target_type::text, new.target_id) t;
  if new.target_type::text in ('review', 'photo', 'reply') and target.place_id is not null and not (new.details ? 'place_id') then
    new.details := new.details || jsonb_build_object('place_id', target.place_id);
  end if;
  if new.target_type::text = 'reply' and target.review_id is not null and not (new.details ? 'review_id') then
    new.details := new.details || jsonb_build_object('review_id', target.review_id);
  end if;
  if new.target_type::text = 'list_note' and target.list_id is not null and not (new.details ? 'list_id') then
    new.details := new.details || jsonb_build_object('list_id', target.list_id);
  end if;
  return new;
end
$$;

create or replace function private.moderation_actions_notify()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  target record;
  place uuid := nullif(new.details ->> 'place_id', '')::uuid;
  notice public.notification_kind := case when new.action = 'hide' then 'content_hidden' else 'content_restored' end;
begin
  if new.action not in ('hide', 'restore') then
    return null;
  end if;
  select t.author_id, t.place_id, t.review_id, t.list_id into target
    from private.moderation_target_row(new.target_type::text, new.target_id) t;
  if target.author_id is null or target.author_id is not distinct from new.moderator_id
     or not private.wants_notification(target.author_id, notice) then
    return null;
  end if;
  -- a place is its own place; other content keeps the place the log links it to
  if new.target_type::text = 'place' then
    place := target.place_id;
  end if;
  insert into public.notifications (recipient_id, kind, place_id, review_id, list_id, target_type, target_id, reason)
  values (target.author_id, notice, place, target.review_id, target.list_id, new.target_type::text, new.target_id, new.reason);
  return null;
end
$$;

create or replace function private.reports_notify()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  current public.reports;
  notice public.notification_kind;
  public_reason text;
  target record;
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
  select t.place_id, t.review_id, t.list_id into target
    from private.moderation_target_row(current.target_type::text, current.target_id) t;
  insert into public.notifications (recipient_id, kind, report_id, target_type, target_id, reason, place_id, review_id, list_id)
  values (current.reporter_id, notice, current.id, current.target_type::text, current.target_id, public_reason,
          target.place_id, target.review_id, target.list_id);
  return null;
end
$$;
