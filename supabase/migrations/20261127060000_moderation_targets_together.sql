-- Replies (20261127010100_community.sql) and lists and list notes
-- (20261127040100_list_moderation.sql) each became moderation targets by replacing the same
-- three functions. This migration replaces them once more with every target, so each branch
-- keeps working whatever order the two were written in:
--   private.reports_check             what may be reported
--   private.set_content_hidden        hide and restore
--   private.moderation_action_context the public log's link to a place, review or list
-- and, so a list's owner and a note's author hear about a hide or restore and a reporter about
-- the outcome as for every other target, the two notification triggers:
--   private.moderation_actions_notify  the author of hidden or restored content
--   private.reports_notify             the reporter, when a report is resolved or dismissed

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
      -- private lists are never public content: only lists others can open are reported
      when 'list' then exists (select 1 from public.lists l where l.id = new.target_id and l.visibility <> 'private')
      when 'list_note' then exists (select 1 from public.list_places lp join public.lists l on l.id = lp.list_id
                                     where lp.id = new.target_id and l.visibility <> 'private' and lp.note <> '')
    end;
  if not coalesce(target_exists, false) then
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
  was timestamptz;
  found_target boolean;
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
  case target_type::text
    when 'place' then
      select p.hidden_at, true into was, found_target from public.places p where p.id = target_id for no key update;
    when 'review' then
      select r.hidden_at, true into was, found_target from public.reviews r where r.id = target_id for no key update;
    when 'photo' then
      select ph.hidden_at, true into was, found_target from public.review_photos ph where ph.id = target_id for no key update;
    when 'reply' then
      select rr.hidden_at, true into was, found_target from public.review_replies rr where rr.id = target_id for no key update;
    when 'list' then
      -- moderators never see private lists, so they cannot act on one
      select l.hidden_at, true into was, found_target from public.lists l
       where l.id = target_id and l.visibility <> 'private' for no key update;
    when 'list_note' then
      select lp.note_hidden_at, true into was, found_target from public.list_places lp
       where lp.id = target_id and exists (select 1 from public.lists l where l.id = lp.list_id and l.visibility <> 'private')
         for no key update;
    else
      found_target := false;
  end case;
  if not coalesce(found_target, false) then
    raise exception 'The % to moderate does not exist.', noun using errcode = 'P0002';
  end if;
  if hide and was is not null then
    raise exception 'This % is already hidden.', noun using errcode = 'P0001';
  end if;
  if not hide and was is null then
    raise exception 'This % is not hidden.', noun using errcode = 'P0001';
  end if;
  case target_type::text
    when 'place' then
      update public.places set hidden_at = case when hide then now() end where id = target_id;
    when 'review' then
      update public.reviews set hidden_at = case when hide then now() end where id = target_id;
    when 'photo' then
      update public.review_photos set hidden_at = case when hide then now() end where id = target_id;
    when 'reply' then
      update public.review_replies set hidden_at = case when hide then now() end where id = target_id;
    when 'list' then
      update public.lists set hidden_at = case when hide then now() end where id = target_id;
    else
      update public.list_places set note_hidden_at = case when hide then now() end where id = target_id;
  end case;
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
comment on function public.hide_content is 'Moderators: hide a place, review, photo, reply, list or list note with a public reason; resolves its open reports.';

-- The public log links an action to its place (and a reply's review), or a note to its list;
-- never to the hidden text itself.
create or replace function private.moderation_action_context()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  place uuid;
  review uuid;
  list uuid;
begin
  if new.target_type = 'review' then
    select r.place_id into place from public.reviews r where r.id = new.target_id;
  elsif new.target_type = 'photo' then
    select ph.place_id into place from public.review_photos ph where ph.id = new.target_id;
  elsif new.target_type::text = 'reply' then
    select r.place_id, r.id into place, review
      from public.review_replies rr join public.reviews r on r.id = rr.review_id where rr.id = new.target_id;
  elsif new.target_type::text = 'list_note' then
    select lp.list_id into list from public.list_places lp where lp.id = new.target_id;
  end if;
  if place is not null and not (new.details ? 'place_id') then
    new.details := new.details || jsonb_build_object('place_id', place);
  end if;
  if review is not null and not (new.details ? 'review_id') then
    new.details := new.details || jsonb_build_object('review_id', review);
  end if;
  if list is not null and not (new.details ? 'list_id') then
    new.details := new.details || jsonb_build_object('list_id', list);
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
  author uuid;
  place uuid := nullif(new.details ->> 'place_id', '')::uuid;
  review uuid;
  list uuid;
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
    when 'list' then
      select l.owner_id, l.id into author, list from public.lists l where l.id = new.target_id;
    when 'list_note' then
      select lp.added_by, lp.list_id into author, list from public.list_places lp where lp.id = new.target_id;
    else
      return null;
  end case;
  if author is null or author is not distinct from new.moderator_id or not private.wants_notification(author, notice) then
    return null;
  end if;
  insert into public.notifications (recipient_id, kind, place_id, review_id, list_id, target_type, target_id, reason)
  values (author, notice, place, review, list, new.target_type::text, new.target_id, new.reason);
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
  insert into public.notifications (recipient_id, kind, report_id, target_type, target_id, reason, place_id, review_id, list_id)
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
          end,
          case current.target_type::text
            when 'list' then (select l.id from public.lists l where l.id = current.target_id)
            when 'list_note' then (select lp.list_id from public.list_places lp where lp.id = current.target_id)
          end);
  return null;
end
$$;
