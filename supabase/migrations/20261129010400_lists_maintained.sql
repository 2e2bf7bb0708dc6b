-- Lists people keep up to date (decision 323): the owner already renames, re-describes, changes
-- the visibility and deletes a list (20261126020000_lists.sql grants it); what follows from it
-- is here.
--   * A list made private is no longer theirs to follow: its followers (other than its members)
--     lose it, and each is told, by a notification that carries the list's name (they can no
--     longer open it).
--   * A deleted list says so on its live topic, so the editors who have it open are told.
--   * An imported place keeps the link it came with (Google Maps' URL) on its list entry.

create function private.lists_made_private()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.notifications (recipient_id, kind, actor_id, list_id, reason)
  select f.user_id, 'list_private', new.owner_id, new.id, new.name
    from public.list_follows f
   where f.list_id = new.id and f.user_id <> new.owner_id
     and not exists (select 1 from public.list_members m where m.list_id = new.id and m.user_id = f.user_id)
     and private.wants_notification(f.user_id, 'list_private');
  delete from public.list_follows f
   where f.list_id = new.id
     and not exists (select 1 from public.list_members m where m.list_id = new.id and m.user_id = f.user_id);
  return null;
end
$$;
create trigger lists_made_private after update of visibility on public.lists
  for each row when (old.visibility <> 'private' and new.visibility = 'private')
  execute function private.lists_made_private();

create function private.lists_deleted_broadcast()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('id', old.id, 'name', old.name), 'list_deleted', 'list:' || old.id::text, true);
  return null;
end
$$;
create trigger lists_deleted_broadcast after delete on public.lists
  for each row execute function private.lists_deleted_broadcast();

revoke execute on function private.lists_made_private(), private.lists_deleted_broadcast() from public, anon, authenticated;

-- What a delete takes with it, for the confirmation (owner only: 42501 for anyone else).
create function public.list_delete_summary(list_id uuid)
returns table (places integer, notes integer, followers integer, members integer)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if private.list_access(list_delete_summary.list_id) is distinct from 'owner' then
    raise exception 'Only the list''s owner can delete it.' using errcode = '42501';
  end if;
  return query
    select (select count(*)::integer from public.list_places lp where lp.list_id = list_delete_summary.list_id),
           (select count(*)::integer from public.list_places lp where lp.list_id = list_delete_summary.list_id and lp.note <> ''),
           (select count(*)::integer from public.list_follows f where f.list_id = list_delete_summary.list_id),
           (select count(*)::integer from public.list_members m where m.list_id = list_delete_summary.list_id);
end
$$;
comment on function public.list_delete_summary(uuid) is 'What deleting a list takes with it (places, notes, followers, members); its owner only.';
revoke execute on function public.list_delete_summary(uuid) from public, anon;
grant execute on function public.list_delete_summary(uuid) to authenticated, service_role;

alter table public.list_places add column source_url text;
alter table public.list_places add constraint list_places_source_url_format
  check (char_length(source_url) <= 2000 and source_url ~* '^https://[a-z0-9][^\s]*$');
comment on column public.list_places.source_url is 'Where an imported place came from (a Google Maps URL), https only.';
-- readable like the entry's other columns (the note alone is read through open_list)
grant select (source_url) on public.list_places to anon, authenticated;
grant insert (source_url) on public.list_places to authenticated;
grant update (source_url) on public.list_places to authenticated;

-- The list page carries each entry's source link (same answer as 20261127040100_list_moderation.sql otherwise).
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
          'source_url', lp.source_url,
          'place', json_build_object('id', p.id, 'name', p.name, 'category', p.category, 'address', p.address,
                                      'lat', p.lat, 'lng', p.lng, 'rating_avg', p.rating_avg, 'rating_count', p.rating_count))
        order by lp.position)
        from public.list_places lp join public.places p on p.id = lp.place_id
       where lp.list_id = found.id and p.hidden_at is null), '[]'::json));
end
$$;

-- Importing rows that carry no coordinates (a Google Maps list export whose URLs hold only a
-- place id, `data=!4m2!3m1!1s0x…`): each row is matched by its title against Pinstar's places
-- (trigram similarity of the names, on the search index), helped by the row's address when it
-- has one; the best visible place scoring at least 0.5 is the match, with how it was found.
create function public.match_places_by_name(names text[], addresses text[])
returns table (row_index integer, id uuid, name text, address text, lat double precision, lng double precision, matched_by text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if names is null or addresses is null or cardinality(names) <> cardinality(addresses) then
    raise exception 'names and addresses must be arrays of the same length.' using errcode = '22023';
  end if;
  if cardinality(names) > 500 then
    raise exception 'Match at most 500 rows at a time.' using errcode = '22023';
  end if;
  return query
    with rows as materialized (
      select lower(btrim(r.name)) as wanted, lower(btrim(coalesce(r.address, ''))) as wanted_address, r.i
        from unnest(names, addresses) with ordinality as r(name, address, i)
       where char_length(btrim(coalesce(r.name, ''))) between 2 and 200
    )
    select r.i::integer, best.id, best.name, best.address, best.lat, best.lng, best.matched_by
      from rows r
      cross join lateral (
        select p.id, p.name, p.address, p.lat, p.lng,
               case when r.wanted_address <> '' and p.address is not null
                         and extensions.similarity(lower(p.address), r.wanted_address) >= 0.3
                    then 'name and address' else 'name' end as matched_by
          from private.place_search ps
          join public.places p on p.id = ps.place_id and p.hidden_at is null
         where ps.name operator(extensions.%) r.wanted
         order by extensions.similarity(ps.name, r.wanted)
                  + case when r.wanted_address <> '' and p.address is not null
                         then 0.5 * extensions.similarity(lower(p.address), r.wanted_address) else 0 end desc,
                  p.rating_count desc, p.id
         limit 1) best
     where extensions.similarity(lower(best.name), r.wanted) >= 0.5;
end
$$;
comment on function public.match_places_by_name(text[], text[]) is 'Import: for up to 500 rows without coordinates, the visible place whose name is most like the row''s title (helped by its address), similarity at least 0.5.';
revoke execute on function public.match_places_by_name(text[], text[]) from public, anon;
grant execute on function public.match_places_by_name(text[], text[]) to authenticated, service_role;
