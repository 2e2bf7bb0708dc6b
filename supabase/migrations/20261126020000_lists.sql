-- Lists (docs/product.md "Lists"): a member's named collections of places, private, unlisted
-- (opened by link only) or public; shared with members who edit or view; followed by others.
-- Limits mirror web/src/features/lists/schemas.ts. The built-in "Starred" list is the stars
-- table, shown first by the app; it is not a row here.

create type public.list_visibility as enum ('private', 'unlisted', 'public');
create type public.list_role as enum ('editor', 'viewer');

create table public.lists (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null,
  description text not null default '',
  emoji text,
  visibility public.list_visibility not null default 'private',
  -- kept by a trigger on list_places, not writable by clients
  place_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  hidden_at timestamptz,
  constraint lists_list_name_length check (char_length(btrim(name)) between 1 and 60),
  constraint lists_list_description_length check (char_length(description) <= 500),
  constraint lists_emoji_length check (char_length(emoji) between 1 and 16)
);
comment on table public.lists is 'A member''s list of places: private, unlisted (by link) or public; at most 100 per member.';
create index lists_owner_updated_idx on public.lists (owner_id, updated_at desc);
create index lists_public_idx on public.lists (owner_id, updated_at desc) where visibility = 'public' and hidden_at is null;
create index lists_hidden_at_idx on public.lists (hidden_at) where hidden_at is not null;

create table public.list_places (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references public.lists (id) on delete cascade,
  place_id uuid not null references public.places (id) on delete cascade,
  note text not null default '',
  added_by uuid default auth.uid() references public.profiles (id) on delete set null,
  -- fractional order: a move writes one row, the midpoint of its new neighbours
  position double precision not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  note_hidden_at timestamptz,
  constraint list_places_once unique (list_id, place_id),
  constraint list_places_list_note_length check (char_length(note) <= 280)
);
comment on table public.list_places is 'A place on a list with its note (at most 280 chars) and position; at most 1,000 per list.';
create index list_places_list_position_idx on public.list_places (list_id, position);
create index list_places_place_idx on public.list_places (place_id);
create index list_places_added_by_idx on public.list_places (added_by);

create table public.list_members (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references public.lists (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.list_role not null default 'viewer',
  invited_by uuid default auth.uid() references public.profiles (id) on delete set null,
  accepted_at timestamptz,
  created_at timestamptz not null default now(),
  constraint list_members_once unique (list_id, user_id)
);
comment on table public.list_members is 'Who shares a list: invited by its owner, editor or viewer once accepted; at most 50 per list.';
create index list_members_user_idx on public.list_members (user_id);
create index list_members_invited_by_idx on public.list_members (invited_by);

create table public.list_follows (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  list_id uuid not null references public.lists (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, list_id)
);
comment on table public.list_follows is 'Lists a member follows (public or unlisted ones); private to the follower.';
create index list_follows_list_idx on public.list_follows (list_id);

-- Access helpers: security definer so that policies on one list table can ask about the
-- others without recursing through their RLS.
create function private.list_access(list uuid)
returns text
language sql stable security definer
set search_path = ''
as $$
  select case
    when l.owner_id = (select auth.uid()) then 'owner'
    else (select case when m.accepted_at is null then 'invited' else m.role::text end
            from public.list_members m where m.list_id = l.id and m.user_id = (select auth.uid()))
  end
  from public.lists l where l.id = list
$$;
comment on function private.list_access(uuid) is 'The caller''s standing on a list: owner, editor, viewer, invited or null.';

create function private.can_read_list(list uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select l.owner_id = (select auth.uid())
      or (l.visibility = 'public' and l.hidden_at is null)
      or exists (select 1 from public.list_members m where m.list_id = l.id and m.user_id = (select auth.uid()))
      or (l.visibility <> 'private' and (select private.is_moderator()))
      from public.lists l where l.id = list), false)
$$;
comment on function private.can_read_list(uuid) is 'Owner, members and invitees; everyone for public lists; moderators for any list that is not private (hidden ones too).';

create function private.can_edit_list(list uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(private.list_access(list) in ('owner', 'editor'), false)
$$;

create function private.can_follow_list(list uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.lists l where l.id = list and l.visibility <> 'private' and l.hidden_at is null
                   and l.owner_id <> (select auth.uid()))
$$;

-- The realtime topic of a list, list:<id>, is open to its owner and accepted members.
create function private.can_join_list_topic(topic text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select topic ~ '^list:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and coalesce(private.list_access(substr(topic, 6)::uuid) in ('owner', 'editor', 'viewer'), false)
$$;

revoke execute on function private.list_access(uuid), private.can_read_list(uuid), private.can_edit_list(uuid),
  private.can_follow_list(uuid), private.can_join_list_topic(text) from public;
grant execute on function private.list_access(uuid), private.can_read_list(uuid), private.can_edit_list(uuid),
  private.can_follow_list(uuid), private.can_join_list_topic(text) to anon, authenticated, service_role;

-- Limits and invariants ----------------------------------------------------------------
create function private.lists_limit()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform 1 from public.profiles p where p.id = new.owner_id for no key update;
  if (select count(*) from public.lists l where l.owner_id = new.owner_id) >= 100 then
    raise exception 'You can have at most 100 lists.' using errcode = 'P0001', hint = 'Delete a list before making another.';
  end if;
  return new;
end
$$;
create trigger lists_limit before insert on public.lists for each row execute function private.lists_limit();

create function private.list_places_before_insert()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform 1 from public.lists l where l.id = new.list_id for no key update;
  if (select count(*) from public.list_places lp where lp.list_id = new.list_id) >= 1000 then
    raise exception 'A list can hold at most 1,000 places.' using errcode = 'P0001', hint = 'Remove a place or start another list.';
  end if;
  if new.position = 0 then
    new.position := coalesce((select max(lp.position) from public.list_places lp where lp.list_id = new.list_id), 0) + 1;
  end if;
  return new;
end
$$;
create trigger list_places_before_insert before insert on public.list_places
  for each row execute function private.list_places_before_insert();

create function private.list_members_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  owner uuid := (select l.owner_id from public.lists l where l.id = new.list_id);
begin
  if tg_op = 'INSERT' then
    if new.user_id = owner then
      raise exception 'The owner is already on the list.' using errcode = '23514';
    end if;
    perform 1 from public.lists l where l.id = new.list_id for no key update;
    if (select count(*) from public.list_members m where m.list_id = new.list_id) >= 50 then
      raise exception 'A list can have at most 50 members.' using errcode = 'P0001';
    end if;
  elsif coalesce(auth.role(), '') = 'authenticated' then
    -- the owner sets the role; only the invited member accepts
    if new.role is distinct from old.role and (select auth.uid()) is distinct from owner then
      raise exception 'Only the list''s owner changes roles.' using errcode = '42501';
    end if;
    if new.accepted_at is distinct from old.accepted_at and (select auth.uid()) is distinct from new.user_id then
      raise exception 'Only the invited member accepts an invitation.' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
create trigger list_members_check before insert or update on public.list_members
  for each row execute function private.list_members_check();

create trigger lists_touch before update of name, description, emoji, visibility on public.lists
  for each row execute function private.touch_updated_at();
create trigger list_places_touch before update of note, position on public.list_places
  for each row execute function private.touch_updated_at();

-- A change to a list's places is a change to the list; broadcast it on the list's topic.
create function private.list_places_changed()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  list uuid := case when tg_op = 'DELETE' then old.list_id else new.list_id end;
begin
  update public.lists l
     set updated_at = now(), place_count = (select count(*)::integer from public.list_places lp where lp.list_id = list)
   where l.id = list;
  perform realtime.broadcast_changes('list:' || list::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end
$$;
create trigger list_places_changed after insert or update or delete on public.list_places
  for each row execute function private.list_places_changed();

create function private.list_broadcast()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes('list:' || coalesce(new.id, old.id)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end
$$;
create trigger lists_broadcast after update of name, description, emoji, visibility, hidden_at on public.lists
  for each row execute function private.list_broadcast();

create function private.list_members_broadcast()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes('list:' || coalesce(new.list_id, old.list_id)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end
$$;
create trigger list_members_broadcast after insert or update or delete on public.list_members
  for each row execute function private.list_members_broadcast();

revoke execute on function private.lists_limit(), private.list_places_before_insert(), private.list_members_check(),
  private.list_places_changed(), private.list_broadcast(), private.list_members_broadcast() from public, anon, authenticated;

-- Row level security: one policy per operation per role -------------------------------
alter table public.lists enable row level security;
alter table public.list_places enable row level security;
alter table public.list_members enable row level security;
alter table public.list_follows enable row level security;

-- lists: public ones for everyone; the owner and members see theirs; moderators see every list
-- that is not private (hidden ones, to restore them). Unlisted
-- lists are read only through open_list (by their id, the link), never by a table query.
grant select on public.lists to anon, authenticated;
grant insert (owner_id, name, description, emoji, visibility) on public.lists to authenticated;
grant update (name, description, emoji, visibility) on public.lists to authenticated;
grant delete on public.lists to authenticated;
grant select, insert, update, delete on public.lists to service_role;
create policy lists_select_anon on public.lists for select to anon using (visibility = 'public' and hidden_at is null);
create policy lists_select_member on public.lists for select to authenticated
  using ((visibility = 'public' and hidden_at is null) or owner_id = (select auth.uid())
    or (select private.list_access(id)) is not null or (visibility <> 'private' and (select private.is_moderator())));
create policy lists_insert_own on public.lists for insert to authenticated with check (owner_id = (select auth.uid()));
create policy lists_update_own on public.lists for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy lists_delete_own on public.lists for delete to authenticated using (owner_id = (select auth.uid()));

-- list_places: readable with the list; the owner and editors add, annotate, reorder, remove.
grant select on public.list_places to anon, authenticated;
grant insert (list_id, place_id, note, added_by, position) on public.list_places to authenticated;
grant update (note, position) on public.list_places to authenticated;
grant delete on public.list_places to authenticated;
grant select, insert, update, delete on public.list_places to service_role;
create policy list_places_select_anon on public.list_places for select to anon
  using (exists (select 1 from public.lists l where l.id = list_id and l.visibility = 'public' and l.hidden_at is null));
create policy list_places_select_member on public.list_places for select to authenticated
  using ((select private.can_read_list(list_id)));
create policy list_places_insert_editor on public.list_places for insert to authenticated
  with check (added_by = (select auth.uid()) and (select private.can_edit_list(list_id)));
create policy list_places_update_editor on public.list_places for update to authenticated
  using ((select private.can_edit_list(list_id))) with check ((select private.can_edit_list(list_id)));
create policy list_places_delete_editor on public.list_places for delete to authenticated
  using ((select private.can_edit_list(list_id)));

-- list_members: the owner invites and removes; members see each other; the invited member
-- accepts (update) or declines and leaves (delete).
grant select on public.list_members to authenticated;
grant insert (list_id, user_id, role, invited_by) on public.list_members to authenticated;
grant update (role, accepted_at) on public.list_members to authenticated;
grant delete on public.list_members to authenticated;
grant select, insert, update, delete on public.list_members to service_role;
create policy list_members_select_member on public.list_members for select to authenticated
  using (user_id = (select auth.uid()) or (select private.list_access(list_id)) in ('owner', 'editor', 'viewer'));
create policy list_members_insert_owner on public.list_members for insert to authenticated
  with check (invited_by = (select auth.uid()) and accepted_at is null and (select private.list_access(list_id)) = 'owner');
create policy list_members_update_member on public.list_members for update to authenticated
  using (user_id = (select auth.uid()) or (select private.list_access(list_id)) = 'owner')
  with check (user_id = (select auth.uid()) or (select private.list_access(list_id)) = 'owner');
create policy list_members_delete_member on public.list_members for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.list_access(list_id)) = 'owner');

-- list_follows: private to the follower; only lists that are not private, and not one's own.
grant select, insert, delete on public.list_follows to authenticated;
grant select, insert, update, delete on public.list_follows to service_role;
create policy list_follows_select_own on public.list_follows for select to authenticated using (user_id = (select auth.uid()));
create policy list_follows_insert_own on public.list_follows for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.can_follow_list(list_id)));
create policy list_follows_delete_own on public.list_follows for delete to authenticated using (user_id = (select auth.uid()));

-- Realtime: the list topics join the existing policies (one per operation per role).
drop policy "pinstar: members receive public and moderation topics" on realtime.messages;
drop policy "pinstar: members share presence on places" on realtime.messages;
create policy "pinstar: members receive public, moderation and list topics" on realtime.messages for select to authenticated
  using ((realtime.messages.extension in ('broadcast', 'presence')
      and ((select realtime.topic()) = 'places' or (select realtime.topic()) like 'place:%'))
    or (realtime.messages.extension = 'broadcast' and (select realtime.topic()) = 'moderation' and (select private.is_moderator()))
    or (realtime.messages.extension in ('broadcast', 'presence') and (select private.can_join_list_topic(realtime.topic()))));
create policy "pinstar: members share presence on places and lists" on realtime.messages for insert to authenticated
  with check (realtime.messages.extension = 'presence'
    and ((select realtime.topic()) like 'place:%' or (select private.can_join_list_topic(realtime.topic()))));

-- open_list: one round trip for the list page — the list, its places in order (hidden places
-- left out, hidden notes blanked), the caller's standing, whether they follow it and how many
-- do, built as json (not jsonb: a thousand rows are only written out, never compared).
-- Unlisted lists open here, by id, for anyone; private ones only for those who may read.
create function public.open_list(list_id uuid)
returns json
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found public.lists;
  me uuid := (select auth.uid());
  access text;
begin
  select * into found from public.lists l where l.id = open_list.list_id;
  access := private.list_access(open_list.list_id);
  if found.id is null
     or not ((found.visibility <> 'private' and (found.hidden_at is null or private.is_moderator())) or access is not null) then
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
          'note', case when lp.note_hidden_at is null then lp.note else '' end,
          'note_hidden', lp.note_hidden_at is not null,
          'place', json_build_object('id', p.id, 'name', p.name, 'category', p.category, 'address', p.address,
                                      'lat', p.lat, 'lng', p.lng, 'rating_avg', p.rating_avg, 'rating_count', p.rating_count))
        order by lp.position)
        from public.list_places lp join public.places p on p.id = lp.place_id
       where lp.list_id = found.id and p.hidden_at is null), '[]'::json));
end
$$;
comment on function public.open_list(uuid) is 'The list page in one call: the list, its places in order, the caller''s access and follow state.';
revoke execute on function public.open_list(uuid) from public;
grant execute on function public.open_list(uuid) to anon, authenticated, service_role;
