-- Moderating lists (decision 203): a list that is not private, and a note on one of its
-- places (list_places.note), can be reported, hidden and restored with the same functions,
-- reports and public log as places, reviews and photos.
--
-- While hidden:
--   a list   is seen by its owner and moderators only: not by visitors, members, followers
--            or even its editors and viewers (table queries, open_list, its live topic);
--   a note   is read by its author (added_by) and moderators only. Notes are no longer a
--            readable column of list_places for clients (an RLS policy hides rows, never one
--            column): the list page reads them through open_list, which blanks hidden ones
--            for everyone else, and the export through my_list_notes. Live changes on the
--            list's topic carry a hidden note blanked.
--
-- Replaced functions: private.reports_check (what may be reported), private.set_content_hidden
-- (hide and restore) and private.moderation_action_context (a hidden note's log entry names
-- its list), plus the lists' own private.can_read_list, private.can_join_list_topic,
-- private.list_places_changed and public.open_list.

create or replace function private.reports_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  target_exists boolean;
begin
  target_exists := case new.target_type
      when 'place' then exists (select 1 from public.places where id = new.target_id)
      when 'review' then exists (select 1 from public.reviews where id = new.target_id)
      when 'photo' then exists (select 1 from public.review_photos where id = new.target_id)
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
  if target_type = 'place' then
    select p.hidden_at, true into was, found_target from public.places p where p.id = target_id for no key update;
  elsif target_type = 'review' then
    select r.hidden_at, true into was, found_target from public.reviews r where r.id = target_id for no key update;
  elsif target_type = 'photo' then
    select ph.hidden_at, true into was, found_target from public.review_photos ph where ph.id = target_id for no key update;
  elsif target_type = 'list' then
    -- moderators never see private lists, so they cannot act on one
    select l.hidden_at, true into was, found_target from public.lists l
     where l.id = target_id and l.visibility <> 'private' for no key update;
  else
    select lp.note_hidden_at, true into was, found_target from public.list_places lp
     where lp.id = target_id and exists (select 1 from public.lists l where l.id = lp.list_id and l.visibility <> 'private')
       for no key update;
  end if;
  if not coalesce(found_target, false) then
    raise exception 'The % to moderate does not exist.', noun using errcode = 'P0002';
  end if;
  if hide and was is not null then
    raise exception 'This % is already hidden.', noun using errcode = 'P0001';
  end if;
  if not hide and was is null then
    raise exception 'This % is not hidden.', noun using errcode = 'P0001';
  end if;
  if target_type = 'place' then
    update public.places set hidden_at = case when hide then now() end where id = target_id;
  elsif target_type = 'review' then
    update public.reviews set hidden_at = case when hide then now() end where id = target_id;
  elsif target_type = 'photo' then
    update public.review_photos set hidden_at = case when hide then now() end where id = target_id;
  elsif target_type = 'list' then
    update public.lists set hidden_at = case when hide then now() end where id = target_id;
  else
    update public.list_places set note_hidden_at = case when hide then now() end where id = target_id;
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
comment on function public.hide_content is 'Moderators: hide a place, review, photo, list or list note with a public reason; resolves its open reports.';

-- The public log links a hidden note to its list (never the note itself).
create or replace function private.moderation_action_context()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  place uuid;
  list uuid;
begin
  if new.target_type = 'review' then
    select r.place_id into place from public.reviews r where r.id = new.target_id;
  elsif new.target_type = 'photo' then
    select ph.place_id into place from public.review_photos ph where ph.id = new.target_id;
  elsif new.target_type = 'list_note' then
    select lp.list_id into list from public.list_places lp where lp.id = new.target_id;
  end if;
  if place is not null and not (new.details ? 'place_id') then
    new.details := new.details || jsonb_build_object('place_id', place);
  end if;
  if list is not null and not (new.details ? 'list_id') then
    new.details := new.details || jsonb_build_object('list_id', list);
  end if;
  return new;
end
$$;

-- A hidden list: its owner and moderators (for lists that are not private) only.
create or replace function private.can_read_list(list uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select l.owner_id = (select auth.uid())
      or (l.hidden_at is null and (l.visibility = 'public'
          or exists (select 1 from public.list_members m where m.list_id = l.id and m.user_id = (select auth.uid()))))
      or (l.visibility <> 'private' and (select private.is_moderator()))
      from public.lists l where l.id = list), false)
$$;
comment on function private.can_read_list(uuid) is 'Owner; members and invitees and everyone (public lists) while it is not hidden; moderators for any list that is not private.';

create or replace function private.can_join_list_topic(topic text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select topic ~ '^list:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and coalesce((select private.list_access(l.id) = 'owner'
                          or (l.hidden_at is null and private.list_access(l.id) in ('editor', 'viewer'))
                     from public.lists l where l.id = substr(topic, 6)::uuid), false)
$$;

alter policy lists_select_member on public.lists
  using (owner_id = (select auth.uid())
    or (hidden_at is null and (visibility = 'public' or (select private.list_access(id)) is not null))
    or (visibility <> 'private' and (select private.is_moderator())));

-- Notes leave the readable columns of list_places (writes are unchanged).
revoke select on public.list_places from anon, authenticated;
grant select (id, list_id, place_id, added_by, position, created_at, updated_at, note_hidden_at) on public.list_places to anon, authenticated;

-- The caller's own notes, hidden or not, for their data export.
create function public.my_list_notes()
returns table (id uuid, note text)
language sql stable security definer
set search_path = ''
as $$
  select lp.id, lp.note from public.list_places lp where lp.added_by = (select auth.uid()) and lp.note <> ''
$$;
comment on function public.my_list_notes() is 'The notes the signed-in member wrote on list places (hidden ones too), for export-my-data.';
revoke execute on function public.my_list_notes() from public, anon;
grant execute on function public.my_list_notes() to authenticated, service_role;

create or replace function private.list_places_changed()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  list uuid := case when tg_op = 'DELETE' then old.list_id else new.list_id end;
  after_row public.list_places := new;
  before_row public.list_places := old;
begin
  update public.lists l
     set updated_at = now(), place_count = (select count(*)::integer from public.list_places lp where lp.list_id = list)
   where l.id = list;
  -- a hidden note is not announced to the list's members
  if after_row.note_hidden_at is not null then
    after_row.note := '';
  end if;
  if before_row.note_hidden_at is not null then
    before_row.note := '';
  end if;
  perform realtime.broadcast_changes('list:' || list::text, tg_op, tg_op, tg_table_name, tg_table_schema, after_row, before_row);
  return null;
end
$$;

create or replace function public.open_list(list_id uuid)
returns json
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found public.lists;
  me uuid := (select auth.uid());
  access text;
  moderator boolean := private.is_moderator();
begin
  select * into found from public.lists l where l.id = open_list.list_id;
  access := private.list_access(open_list.list_id);
  if found.id is null
     or not (coalesce(access = 'owner', false)
       or (found.visibility <> 'private' and moderator)
       or (found.hidden_at is null and (found.visibility <> 'private' or access is not null))) then
    raise exception 'This list does not exist or is private.' using errcode = 'P0002';
  end if;
  return json_build_object(
    'list', to_jsonb(found) || jsonb_build_object('owner',
      (select jsonb_build_object('id', p.id, 'username', p.username, 'display_name', p.display_name)
         from public.profiles p where p.id = found.owner_id)),
    'access', access,
    'following', exists (select 1 from public.list_follows f where f.list_id = found.id and f.user_id = me),
    'followers', (select count(*) from public.list_follows f where f.list_id = found.id),
    'places', coalesce((
      select json_agg(json_build_object(
          'id', lp.id, 'place_id', lp.place_id, 'position', lp.position, 'added_by', lp.added_by,
          -- a hidden note: its author and moderators still read it, flagged; others get none
          'note', case when lp.note_hidden_at is null or lp.added_by = me or moderator then lp.note else '' end,
          'note_hidden', lp.note_hidden_at is not null and (lp.added_by = me or moderator),
          'place', json_build_object('id', p.id, 'name', p.name, 'category', p.category, 'address', p.address,
                                      'lat', p.lat, 'lng', p.lng, 'rating_avg', p.rating_avg, 'rating_count', p.rating_count))
        order by lp.position)
        from public.list_places lp join public.places p on p.id = lp.place_id
       where lp.list_id = found.id and p.hidden_at is null), '[]'::json));
end
$$;

-- The moderation queue shows a reported note in context; notes are not a readable column, so
-- moderators read them here: the given ones, or (ids null) the 50 most recently hidden.
create function public.list_notes_for_moderation(ids uuid[] default null)
returns table (id uuid, list_id uuid, list_name text, note text, hidden_at timestamptz, created_at timestamptz,
               author_username text, author_display_name text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_moderator() then
    raise exception 'Only moderators can read reported notes.' using errcode = '42501';
  end if;
  return query
    select lp.id, lp.list_id, l.name, lp.note, lp.note_hidden_at, lp.created_at, p.username, p.display_name
      from public.list_places lp
      join public.lists l on l.id = lp.list_id
      left join public.profiles p on p.id = lp.added_by
     where l.visibility <> 'private'
       and (case when ids is null then lp.note_hidden_at is not null else lp.id = any (ids) end)
     order by lp.note_hidden_at desc nulls last
     limit case when ids is null then 50 end;
end
$$;
comment on function public.list_notes_for_moderation(uuid[]) is 'Moderators: reported or hidden notes on lists that are not private, with their list and author.';
revoke execute on function public.list_notes_for_moderation(uuid[]) from public, anon;
grant execute on function public.list_notes_for_moderation(uuid[]) to authenticated, service_role;
