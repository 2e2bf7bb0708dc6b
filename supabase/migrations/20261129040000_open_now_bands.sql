-- Explore's crowded viewport with "Open now", walked one band of latitude at a time (decision 437):
-- the walk of 20261129030000_open_now_fast.sql read place_hours in the world's popularity order
-- and skipped every place outside the box, so a country's 500 most reviewed open places cost an
-- index walk over most of the world's. Each place_hours row now carries its band (a degree of
-- latitude), an index orders each band by popularity, and a box of up to 12 bands merges its
-- bands' walks (a merge append: each band is read only as far as the merged top needs), reading
-- the box's places and the band's places beside it. A taller box keeps the world walk, where the
-- box holds a large share of every band anyway. Same answers as before.

alter table private.place_hours add column lat_band smallint generated always as (floor(lat)::smallint) stored;
create index place_hours_band_popularity_idx on private.place_hours (lat_band, rating_count desc, rating_avg desc, place_id, lng, lat);

-- The bands' walks are written out once here, one branch per band of a box 12 bands tall; a
-- branch past the box's last band is switched off by its first condition. Each branch is ordered
-- and limited on its own, so that it is planned as an index walk the merge reads lazily.
do $migration$
begin
  execute format($function$
    create or replace function private.popular_open_places_in_box(
      min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
      viewer uuid, moderator boolean, max_results integer, at timestamptz
    )
    returns setof public.places
    language plpgsql stable
    set search_path = ''
    set enable_sort = off
    set enable_bitmapscan = off
    -- the plan of twelve branches costs more than a just-in-time compilation is worth, and a
    -- walk the limit stops early is no work for parallel workers
    set jit = off
    set max_parallel_workers_per_gather = 0
    -- planned once per session: the twelve branches take a few milliseconds to plan
    set plan_cache_mode = force_generic_plan
    as $body$
    declare
      first_band integer := floor(min_lat)::integer;
      last_band integer := floor(max_lat)::integer;
    begin
      if last_band - first_band < 12 then
        return query
          select p.* from (select o.place_id, o.rating_count, o.rating_avg from (%s) o
                            order by o.rating_count desc, o.rating_avg desc, o.place_id
                            limit max_results) o
            join public.places p on p.id = o.place_id
           order by o.rating_count desc, o.rating_avg desc, o.place_id;
      else
        return query
          select p.* from (select h.place_id, h.rating_count, h.rating_avg from private.place_hours h
                            where h.lat between min_lat and max_lat and h.lng between min_lng and max_lng
                              and (h.hidden_at is null or h.created_by = viewer or moderator)
                              and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)
                            order by h.rating_count desc, h.rating_avg desc, h.place_id
                            limit max_results) o
            join public.places p on p.id = o.place_id
           order by o.rating_count desc, o.rating_avg desc, o.place_id;
      end if;
    end
    $body$
  $function$, (select string_agg(format($branch$
      (select h.place_id, h.rating_count, h.rating_avg from private.place_hours h
        where first_band + %1$s <= last_band and h.lat_band = first_band + %1$s
          and h.lat between min_lat and max_lat and h.lng between min_lng and max_lng
          and (h.hidden_at is null or h.created_by = viewer or moderator)
          and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)
        order by h.rating_count desc, h.rating_avg desc, h.place_id
        limit max_results)$branch$, band), ' union all ' order by band)
      from generate_series(0, 11) band));
end
$migration$;
revoke execute on function private.popular_open_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer, timestamptz)
  from public, anon, authenticated;
