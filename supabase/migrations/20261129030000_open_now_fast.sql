-- "Open now" at a few microseconds a place (decision 432, amends 321):
-- 1. the check is one expression the planner inlines into each caller's query (it was a SQL
--    function with FROM and SET clauses, called per place: about 26 µs on this project's machine);
-- 2. place_hours carries each place's popularity, category, position and visibility and its
--    hours as minutes of its local week, so Explore with open_now reads its narrow rows (by
--    popularity in a crowded viewport, by position in a smaller one) and then only the places
--    it keeps, and search checks hours in its own query;
-- 3. search takes its floor under the k-th rank from more candidates when open_now is on.
-- Same answers as before.

-- The local weekday and minute in the place's zone; that day's ranges (its exception, else its
-- weekday's) or the day before's that run past midnight. Dates are written as the app writes
-- them (YYYY-MM-DD) whatever the session's DateStyle.
create or replace function private.hours_open_at(week int4multirange[], exceptions jsonb, time_zone text, at timestamptz)
returns boolean
language sql stable parallel safe
return case
  when exceptions = '{}'::jsonb then
    week[date_part('isodow', at at time zone time_zone)::integer]
      @> (date_part('hour', at at time zone time_zone) * 60 + date_part('minute', at at time zone time_zone))::integer
    or week[(date_part('isodow', at at time zone time_zone)::integer + 5) % 7 + 1]
      @> (date_part('hour', at at time zone time_zone) * 60 + date_part('minute', at at time zone time_zone))::integer + 1440
  else
    coalesce((exceptions ->> to_char(at at time zone time_zone, 'YYYY-MM-DD'))::int4multirange,
             week[date_part('isodow', at at time zone time_zone)::integer])
      @> (date_part('hour', at at time zone time_zone) * 60 + date_part('minute', at at time zone time_zone))::integer
    or coalesce((exceptions ->> to_char((at at time zone time_zone) - interval '1 day', 'YYYY-MM-DD'))::int4multirange,
                week[(date_part('isodow', at at time zone time_zone)::integer + 5) % 7 + 1])
      @> (date_part('hour', at at time zone time_zone) * 60 + date_part('minute', at at time zone time_zone))::integer + 1440
end;

-- Explore with open_now reads place_hours alone: each row carries its place's popularity,
-- category, position and visibility (kept by the trigger below), its hours as minutes
-- of its local week and the dates its exceptions touch, in a narrow row found by its position or
-- in popularity order, so a place closed now costs an index entry and a narrow row, not the
-- place, a lookup and the jsonb of its exceptions.

-- A week of hours as minutes from Monday 00:00 local time (0 to 10080); a range past Sunday
-- midnight goes on at Monday's start.
create function private.week_minutes(week int4multirange[])
returns int4multirange
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(range_agg(s.piece), '{}')
    from unnest(week) with ordinality d(ranges, day), unnest(d.ranges) r,
         unnest(array[0, -10080]) k,
         lateral (select int4range(lower(r) + (d.day::integer - 1) * 1440 + k, upper(r) + (d.day::integer - 1) * 1440 + k)
                         * int4range(0, 10080) as piece) s
   where not isempty(s.piece)
$$;

-- The dates on which an exception decides (its own, and the next, where its ranges past
-- midnight end).
create function private.exception_days(exceptions jsonb)
returns datemultirange
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(range_agg(daterange(e.key::date, e.key::date + 2)), '{}') from jsonb_each(exceptions) e
$$;

-- Open at an instant, from a place_hours row: the minute of the local week in the weekly
-- minutes, unless an exception decides the local date, then hours_open_at. One conversion to
-- local time on the common path. (1970-01-01 was a Thursday: 3 days after a Monday.)
create function private.hours_open_now(week_minutes int4multirange, exception_days datemultirange,
                                       week int4multirange[], exceptions jsonb, time_zone text, at timestamptz)
returns boolean
language sql stable parallel safe
return case
  when exception_days = '{}'::datemultirange or not exception_days @> (at at time zone time_zone)::date then
    week_minutes @> ((floor(date_part('epoch', at at time zone time_zone) / 60)::bigint + 4320) % 10080)::integer
  else private.hours_open_at(week, exceptions, time_zone, at)
end;

alter table private.place_hours
  add column week_minutes int4multirange not null default '{}',
  add column exception_days datemultirange not null default '{}',
  add column rating_count integer not null default 0,
  add column rating_avg numeric(3, 2) not null default 0,
  add column category public.place_category,
  add column lat double precision,
  add column lng double precision,
  add column hidden_at timestamptz,
  add column created_by uuid;
update private.place_hours h
   set week_minutes = private.week_minutes(h.week), exception_days = private.exception_days(h.exceptions),
       rating_count = p.rating_count, rating_avg = p.rating_avg, category = p.category, lat = p.lat, lng = p.lng,
       hidden_at = p.hidden_at, created_by = p.created_by
  from public.places p where p.id = h.place_id;
create index place_hours_popularity_idx on private.place_hours (rating_count desc, rating_avg desc, place_id, lat, lng);
create index place_hours_location_idx on private.place_hours using gist (point(lng, lat));

create or replace function private.places_hours_refresh()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  minutes int4multirange[];
  exception_minutes jsonb;
begin
  if new.opening_hours is null then
    delete from private.place_hours h where h.place_id = new.id;
    return null;
  end if;
  minutes := (select array_agg(private.opening_minutes(d.value) order by d.ordinality)
                from jsonb_array_elements(new.opening_hours -> 'weekly') with ordinality d);
  exception_minutes := coalesce((select jsonb_object_agg(e ->> 'date', private.opening_minutes(e -> 'hours')::text)
                                   from jsonb_array_elements(coalesce(new.opening_hours -> 'exceptions', '[]')) e), '{}');
  insert into private.place_hours as h (place_id, time_zone, week, exceptions, week_minutes, exception_days,
                                        rating_count, rating_avg, category, lat, lng, hidden_at, created_by)
  values (new.id, new.time_zone, minutes, exception_minutes, private.week_minutes(minutes), private.exception_days(exception_minutes),
          new.rating_count, new.rating_avg, new.category, new.lat, new.lng, new.hidden_at, new.created_by)
  on conflict (place_id) do update
    set time_zone = excluded.time_zone, week = excluded.week, exceptions = excluded.exceptions,
        week_minutes = excluded.week_minutes, exception_days = excluded.exception_days,
        rating_count = excluded.rating_count, rating_avg = excluded.rating_avg, category = excluded.category,
        lat = excluded.lat, lng = excluded.lng,
        hidden_at = excluded.hidden_at, created_by = excluded.created_by;
  return null;
end
$$;
drop trigger places_hours on public.places;
create trigger places_hours
  after insert or update of opening_hours, time_zone, rating_count, rating_avg, category, lat, lng, hidden_at, created_by on public.places
  for each row execute function private.places_hours_refresh();

-- The walk with open_now, on place_hours in popularity order; the places it keeps are then read.
create function private.popular_open_places_in_box(
  min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
  viewer uuid, moderator boolean, max_results integer, at timestamptz
)
returns setof public.places
language sql stable
set search_path = ''
set enable_sort = off
set enable_bitmapscan = off
as $$
  select p.* from (select h.place_id, h.rating_count, h.rating_avg from private.place_hours h
                    where h.lat between min_lat and max_lat and h.lng between min_lng and max_lng
                      and (h.hidden_at is null or h.created_by = viewer or moderator)
                      and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)
                    order by h.rating_count desc, h.rating_avg desc, h.place_id
                    limit max_results) o
    join public.places p on p.id = o.place_id
   order by o.rating_count desc, o.rating_avg desc, o.place_id
$$;

-- The crowded viewport: without open_now the walk of 20261129010100_place_basics.sql over the
-- places, unchanged; with it, the walk above.
alter function private.popular_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer, boolean, timestamptz)
  rename to popular_places_walk;
create function private.popular_places_in_box(
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
    return query select * from private.popular_places_walk(min_lat, min_lng, max_lat, max_lng, viewer, moderator, max_results, false, at);
  end if;
end
$$;
revoke execute on function private.week_minutes(int4multirange[]), private.exception_days(jsonb),
  private.hours_open_now(int4multirange, datemultirange, int4multirange[], jsonb, text, timestamptz),
  private.popular_open_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer, timestamptz),
  private.popular_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer, boolean, timestamptz)
  from public, anon, authenticated;

-- Whether a place is open at an instant (for SQL and tests; the calls read place_hours in their
-- own queries): no longer a security definer with a SET clause, nor a reader of the jsonb of
-- exceptions where none decides.
create or replace function private.place_open_at(place uuid, at timestamptz)
returns boolean
language sql stable
security invoker
return coalesce((select private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)
                   from private.place_hours h where h.place_id = place), false);

-- Explore's viewport as in 20261129010100_place_basics.sql, but with open_now a viewport that
-- is not crowded reads place_hours (its narrow rows, by their position) instead of each place
-- and its hours; a crowded one walks place_hours (popular_places_in_box above).
create or replace function public.places_in_view(
  min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
  category public.place_category default null, min_rating numeric default null,
  starred_only boolean default false, max_results integer default 500, open_now boolean default false
)
returns setof public.places
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
  opened boolean := coalesce(open_now, false);
  at timestamptz := now();
begin
  if min_lat is null or max_lat is null or min_lng is null or max_lng is null then
    raise exception 'The viewport needs min_lat, min_lng, max_lat and max_lng.' using errcode = '22023';
  end if;
  if min_lat < -90 or max_lat > 90 or min_lat > max_lat then
    raise exception 'Latitudes must be between -90 and 90, with min_lat <= max_lat.' using errcode = '22023';
  end if;
  if min_lng < -180 or min_lng > 180 or max_lng < -180 or max_lng > 180 then
    raise exception 'Longitudes must be between -180 and 180.' using errcode = '22023';
  end if;
  if min_rating is not null and (min_rating < 0 or min_rating > 5) then
    raise exception 'min_rating must be between 0 and 5.' using errcode = '22023';
  end if;
  if max_results is null or max_results < 1 or max_results > 500 then
    raise exception 'max_results must be between 1 and 500.' using errcode = '22023';
  end if;
  if coalesce(starred_only, false) and me is null then
    raise exception 'Sign in to see your starred places.' using errcode = '42501';
  end if;
  if coalesce(starred_only, false) then
    return query
      select p.* from public.places p
       where p.id in (select s.place_id from public.stars s where s.user_id = me)
         and p.lat between places_in_view.min_lat and places_in_view.max_lat
         and (case when places_in_view.min_lng <= places_in_view.max_lng
                   then p.lng between places_in_view.min_lng and places_in_view.max_lng
                   else p.lng >= places_in_view.min_lng or p.lng <= places_in_view.max_lng end)
         and (places_in_view.category is null or p.category = places_in_view.category)
         and (places_in_view.min_rating is null or p.rating_avg >= places_in_view.min_rating)
         and (p.hidden_at is null or p.created_by = me or moderator)
         and (not opened or exists (select 1 from private.place_hours h where h.place_id = p.id
                                     and private.hours_open_at(h.week, h.exceptions, h.time_zone, at)))
       order by p.rating_count desc, p.rating_avg desc, p.id
       limit places_in_view.max_results;
  elsif min_lng <= max_lng and category is null and min_rating is null
        and max_lat - min_lat >= 1 and max_lng - min_lng >= 1
        and (select coalesce(sum(g.places), 0) from private.place_grid g
              where g.lat_cell between ceil(places_in_view.min_lat)::integer and floor(places_in_view.max_lat - 1)::integer
                and g.lng_cell between ceil(places_in_view.min_lng)::integer and floor(places_in_view.max_lng - 1)::integer) >= 5000 then
    -- a crowded viewport: walk the places by popularity, stop at the cap
    return query select * from private.popular_places_in_box(min_lat, min_lng, max_lat, max_lng, me, moderator, max_results, opened, at);
  elsif min_lng <= max_lng and opened then
    -- open now in a viewport of fewer places: the narrow rows of place_hours in the box, checked,
    -- the most reviewed kept; then their places
    return query
      select p.* from (select h.place_id, h.rating_count, h.rating_avg from private.place_hours h
                        where point(h.lng, h.lat) <@ box(point(places_in_view.min_lng, places_in_view.min_lat), point(places_in_view.max_lng, places_in_view.max_lat))
                          and (places_in_view.category is null or h.category = places_in_view.category)
                          and (places_in_view.min_rating is null or h.rating_avg >= places_in_view.min_rating)
                          and (h.hidden_at is null or h.created_by = me or moderator)
                          and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)
                        order by h.rating_count desc, h.rating_avg desc, h.place_id
                        limit places_in_view.max_results) o
        join public.places p on p.id = o.place_id
       order by o.rating_count desc, o.rating_avg desc, o.place_id;
  elsif min_lng <= max_lng then
    return query
      select p.* from public.places p
       where point(p.lng, p.lat) <@ box(point(places_in_view.min_lng, places_in_view.min_lat), point(places_in_view.max_lng, places_in_view.max_lat))
         and (places_in_view.category is null or p.category = places_in_view.category)
         and (places_in_view.min_rating is null or p.rating_avg >= places_in_view.min_rating)
         and (p.hidden_at is null or p.created_by = me or moderator)
         and (not opened or exists (select 1 from private.place_hours h where h.place_id = p.id
                                     and private.hours_open_at(h.week, h.exceptions, h.time_zone, at)))
       order by p.rating_count desc, p.rating_avg desc, p.id
       limit places_in_view.max_results;
  else
    return query
      select p.* from public.places p
       where (point(p.lng, p.lat) <@ box(point(places_in_view.min_lng, places_in_view.min_lat), point(180, places_in_view.max_lat))
           or point(p.lng, p.lat) <@ box(point(-180, places_in_view.min_lat), point(places_in_view.max_lng, places_in_view.max_lat)))
         and (places_in_view.category is null or p.category = places_in_view.category)
         and (places_in_view.min_rating is null or p.rating_avg >= places_in_view.min_rating)
         and (p.hidden_at is null or p.created_by = me or moderator)
         and (not opened or exists (select 1 from private.place_hours h where h.place_id = p.id
                                     and private.hours_open_at(h.week, h.exceptions, h.time_zone, at)))
       order by p.rating_count desc, p.rating_avg desc, p.id
       limit places_in_view.max_results;
  end if;
end
$$;

-- Search as in 20261129010200_search_open_now.sql, with open_now the floor under the k-th rank
-- taken from the 10k best bounds instead of 2k: "san" matches thousands of places, and when
-- fewer than k of the first 2k were open there was no floor and every match was ranked; and
-- the hours read in the query (inlined) rather than through place_open_at, a function call of
-- about 60 µs a place.
create or replace function public.search_places(q text, max_results integer default 20, open_now boolean default false)
returns table (
  id uuid, name text, category public.place_category, description text, address text,
  lat double precision, lng double precision, created_by uuid, created_at timestamptz, updated_at timestamptz,
  rating_avg numeric, rating_count integer, photo_count integer, hidden_at timestamptz, rank real,
  time_zone text, opening_hours jsonb, phone text, website text, price_level smallint
)
language plpgsql stable security definer
set search_path = ''
-- every call planned for its own words: a generic plan cannot know how many places they match
set plan_cache_mode = force_custom_plan
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
  term text := btrim(coalesce(q, ''));
  plain text;
  tsq tsquery;
  m integer;
  -- the most a place found only by trigram gets from ts_rank
  text_only_rank real;
  opened boolean := coalesce(open_now, false);
  at timestamptz := now();
begin
  if char_length(term) < 2 or char_length(term) > 100 then
    raise exception 'Search for 2 to 100 characters.' using errcode = '22023';
  end if;
  if max_results is null or max_results < 1 or max_results > 50 then
    raise exception 'max_results must be between 1 and 50.' using errcode = '22023';
  end if;
  plain := lower(extensions.unaccent('extensions.unaccent'::regdictionary, term));
  select to_tsquery('simple', string_agg(quote_literal(w) || ':*', ' & '))
    into tsq
    from regexp_split_to_table(regexp_replace(plain, '[&|!():*<>''"\\]', ' ', 'g'), '\s+') as w
   where w <> '';
  m := cardinality(extensions.show_trgm(plain));
  -- one word: no text rank without a match; words joined by & (ts_rank's AND rank): below 1;
  -- a phrase (a hyphenated word) is ranked as OR, unbounded here: no skipping
  text_only_rank := case when tsq is null or numnode(tsq) = 1 then 0 when strpos(tsq::text, '<') = 0 then 1 end;

  -- One statement, so the text matches are found and their text ranks computed once.
  return query
    with fts as materialized (
      -- offset 0: ts_rank once per match, not once per use
      select t.place_id, t.name, t.text_rank,
             t.text_rank + least(m, t.name_trigrams)::double precision / greatest(m, t.name_trigrams, 1) as bound
        from (select ps.place_id, ps.name, ps.name_trigrams, ts_rank(ps.document, tsq) as text_rank
                from private.place_search ps
               where ps.document @@ tsq
              offset 0) t
    ),
    -- the exact ranks of the 2k text matches with the highest bounds (10k with open_now: by
    -- night fewer than k of 2k may be open, and without a floor every match is ranked), visible
    -- ones only: their k-th is a floor under the final k-th (null: fewer than k); 1e-4 is a
    -- margin for float4 rounding in ranks, so that a bound never cuts a tie
    floor_rank as materialized (
      -- (the similarity outside the limited subquery: inside, it would be computed for every
      -- match before the sort, as the planner deems it cheap)
      select (select (c.text_rank + extensions.similarity(c.name, plain))::real as r
                from (select f.place_id, f.name, f.text_rank from fts f order by f.bound desc
                      limit (case when opened then 10 else 2 end) * max_results) c
                join public.places p on p.id = c.place_id
               where (p.hidden_at is null or p.created_by = me or moderator)
                 and (not opened or exists (select 1 from private.place_hours h where h.place_id = p.id
                                           and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)))
               order by r desc
              offset max_results - 1 limit 1) - 1e-4 as rank_floor
    ),
    -- the similarity a place found only by trigram would need to reach the floor: more than
    -- 1 (skip the trigram search), at least 0.6 (ask for that), less (run it whole)
    way as (
      select fr.rank_floor, case when fr.rank_floor is null or text_only_rank is null then 1
                        when fr.rank_floor - text_only_rank > 1 then 0
                        when fr.rank_floor - text_only_rank >= 0.6 then 2
                        else 1 end as trigram_mode
        from floor_rank fr
    ),
    -- candidates from each index separately (an OR across the two is planned as a scan of
    -- every place); a place found twice has the same rank twice, so union keeps one row;
    -- the conditions on "way" are uncorrelated, so they decide before any scan starts
    scored as (
      select f.place_id, (f.text_rank + extensions.similarity(f.name, plain))::real as r
        from fts f
       where (select w.rank_floor from way w) is null or f.bound >= (select w.rank_floor from way w)
      union
      select ps.place_id, (coalesce(ts_rank(ps.document, tsq), 0) + extensions.similarity(ps.name, plain))::real as r
        from private.place_search ps
       where (select w.trigram_mode from way w) = 1 and ps.name operator(extensions.%) plain
      union
      select ps.place_id, (coalesce(ts_rank(ps.document, tsq), 0) + extensions.similarity(ps.name, plain))::real as r
        from private.place_search ps
        join private.place_names_similar_06(plain) as close_names (place_id) on close_names.place_id = ps.place_id
       where (select w.trigram_mode from way w) = 2 and ps.name operator(extensions.%) plain
    )
    select p.id, p.name, p.category, p.description, p.address, p.lat, p.lng, p.created_by, p.created_at,
           p.updated_at, p.rating_avg, p.rating_count, p.photo_count, p.hidden_at, s.r,
           p.time_zone, p.opening_hours, p.phone, p.website, p.price_level
      from (select sc.place_id, sc.r from scored sc order by sc.r desc) s
      -- offset 0 keeps the join lazy: places is read in rank order, and the limit stops it
      cross join lateral (
        select pl.* from public.places pl
         where pl.id = s.place_id and (pl.hidden_at is null or pl.created_by = me or moderator)
           and (not opened or exists (select 1 from private.place_hours h where h.place_id = pl.id
                                       and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at)))
        offset 0
      ) p
     order by s.r desc, p.rating_count desc, p.id
     limit max_results;
end
$$;

