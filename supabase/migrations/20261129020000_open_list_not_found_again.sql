-- 20261129010400_lists_maintained.sql redefined open_list with the plain P0002 raise that
-- 20261128120100_not_found_as_404.sql had replaced (a private or unknown list answered 500, not
-- PostgREST's 404): the same function again, with the 404 (decision 306).
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
          'source_url', lp.source_url,
          'place', json_build_object('id', p.id, 'name', p.name, 'category', p.category, 'address', p.address,
                                      'lat', p.lat, 'lng', p.lng, 'rating_avg', p.rating_avg, 'rating_count', p.rating_count))
        order by lp.position)
        from public.list_places lp join public.places p on p.id = lp.place_id
       where lp.list_id = found.id and p.hidden_at is null), '[]'::json));
end
$$;
