-- The crowded viewport's walk without Open now (private.popular_places_walk) is the walk of
-- 20261129010100_place_basics.sql renamed by 20261129030000_open_now_fast.sql, and it kept that
-- walk's open_now condition and its instant: but Open now has a walk of its own since then
-- (popular_open_places_in_box), and the walk is only ever called with open_now false. The
-- condition that can no longer hold and the arguments it read leave it. Same answers.

drop function private.popular_places_walk(double precision, double precision, double precision, double precision, uuid, boolean, integer, boolean, timestamptz);

create function private.popular_places_walk(
  min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
  viewer uuid, moderator boolean, max_results integer
)
returns setof public.places
language sql stable
set search_path = ''
set enable_sort = off
set enable_bitmapscan = off
as $$
  select p.* from public.places p
   where p.lat between min_lat and max_lat and p.lng between min_lng and max_lng
     and (p.hidden_at is null or p.created_by = viewer or moderator)
   order by p.rating_count desc, p.rating_avg desc, p.id
   limit max_results
$$;
revoke execute on function private.popular_places_walk(double precision, double precision, double precision, double precision, uuid, boolean, integer)
  from public, anon, authenticated;

create or replace function private.popular_places_in_box(
  min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
  viewer uuid, moderator boolean, max_results integer, open_now boolean, at timestamptz
)
returns setof public.places
language plpgsql stable
set search_path = ''
as $$
begin
  if coalesce(open_now, false) then
    return query select * from private.popular_open_places_in_box(min_lat, min_lng, max_lat, max_lng, viewer, moderator, max_results, at);
  else
    return query select * from private.popular_places_walk(min_lat, min_lng, max_lat, max_lng, viewer, moderator, max_results);
  end if;
end
$$;
