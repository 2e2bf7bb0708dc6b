-- Three RPCs answered "nothing the caller may see" with SQLSTATE P0002, which PostgREST (and
-- this server, as it) sends as 500: a probe with a random id looked like a server failure, and
-- the app retried it as one. They now raise PostgREST's custom HTTP error, as
-- place_rating_histogram does (decision 116): 404 with the same code P0002 and the same sentence,
-- in PostgREST's error shape.
--   open_list        a list that does not exist, or that the caller may not open
--   hide_content     a target that does not exist (or a private list, which moderators never see)
--   restore_content  the same

create function private.raise_not_found(message text)
returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'P0002', 'message', message, 'details', null, 'hint', null)::text,
    detail = json_build_object('status', 404, 'headers', json_build_object())::text;
end
$$;
comment on function private.raise_not_found(text) is 'Raises PostgREST''s 404 with code P0002 and the message, in its error shape.';
grant execute on function private.raise_not_found(text) to anon, authenticated, service_role;

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
    perform private.raise_not_found('This list does not exist or is private.');
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

-- hide_content and restore_content share private.set_content_hidden, whose P0002 is turned into
-- the 404 here (its other errors pass unchanged).
create or replace function public.hide_content(target_type public.content_type, target_id uuid, reason text)
returns public.moderation_actions
language plpgsql security definer
set search_path = ''
as $$
begin
  return private.set_content_hidden(target_type, target_id, reason, true);
exception when no_data_found then
  perform private.raise_not_found(sqlerrm);
  return null;
end
$$;

create or replace function public.restore_content(target_type public.content_type, target_id uuid, reason text)
returns public.moderation_actions
language plpgsql security definer
set search_path = ''
as $$
begin
  return private.set_content_hidden(target_type, target_id, reason, false);
exception when no_data_found then
  perform private.raise_not_found(sqlerrm);
  return null;
end
$$;
