-- Place basics (docs/product.md "Places", decisions 320 and 321): opening hours in the place's own
-- time zone, phone, website and price level, and an "Open now" filter evaluated here.
-- Limits mirror web/src/features/places/place-input.ts and hours.ts.
--
-- opening_hours (jsonb, the app's source of truth, written by members like any column):
--   { "weekly": [ <Monday>, <Tuesday>, …, <Sunday> ],          each day: up to 4 ranges
--     "exceptions": [ { "date": "2026-12-25", "hours": [] }, … ] }   up to 30 dates, each once
--   a range is ["09:00", "22:00"]: opens 00:00–23:59, closes 00:01–24:00, or at or before it
--   opens, which means the next day ("18:00"–"02:00"); no two ranges of a day overlap.
--   An exception replaces the weekly hours that start on its date (an empty list: closed);
--   a range of the day before that runs past midnight still counts.
-- private.place_hours holds the same hours as minutes for the SQL filter (kept by a trigger).

-- columns -----------------------------------------------------------------------------------
alter table public.places
  add column time_zone text,
  add column opening_hours jsonb,
  add column phone text,
  add column website text,
  add column price_level smallint;

-- The shape and limits of opening_hours, as hours.ts states them.
create function private.opening_hours_valid(hours jsonb)
returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  day jsonb;
  ranges jsonb;
  exception_row jsonb;
  dates text[] := '{}';
begin
  if hours is null then
    return true;
  end if;
  if jsonb_typeof(hours) <> 'object' or (select count(*) from jsonb_object_keys(hours) k where k not in ('weekly', 'exceptions')) > 0
     or jsonb_typeof(hours -> 'weekly') is distinct from 'array' or jsonb_array_length(hours -> 'weekly') <> 7 then
    return false;
  end if;
  for day in select value from jsonb_array_elements(hours -> 'weekly') loop
    if not private.opening_ranges_valid(day) then
      return false;
    end if;
  end loop;
  if hours ? 'exceptions' then
    if jsonb_typeof(hours -> 'exceptions') <> 'array' or jsonb_array_length(hours -> 'exceptions') > 30 then
      return false;
    end if;
    for exception_row in select value from jsonb_array_elements(hours -> 'exceptions') loop
      if jsonb_typeof(exception_row) <> 'object'
         or (select count(*) from jsonb_object_keys(exception_row) k where k not in ('date', 'hours')) > 0
         or jsonb_typeof(exception_row -> 'date') is distinct from 'string'
         or (exception_row ->> 'date') !~ '^\d{4}-\d{2}-\d{2}$'
         or (exception_row ->> 'date') = any (dates) then
        return false;
      end if;
      begin
        perform (exception_row ->> 'date')::date;
      exception when others then
        return false;
      end;
      dates := dates || (exception_row ->> 'date');
      ranges := exception_row -> 'hours';
      if not private.opening_ranges_valid(ranges) then
        return false;
      end if;
    end loop;
  end if;
  return true;
end
$$;

-- One day's ranges: an array of at most 4 ["HH:MM", "HH:MM"] pairs that do not overlap.
create function private.opening_ranges_valid(ranges jsonb)
returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  pair jsonb;
  opens integer;
  closes integer;
  taken int4multirange := '{}';
  span int4range;
begin
  if jsonb_typeof(ranges) is distinct from 'array' or jsonb_array_length(ranges) > 4 then
    return false;
  end if;
  for pair in select value from jsonb_array_elements(ranges) loop
    if jsonb_typeof(pair) <> 'array' or jsonb_array_length(pair) <> 2
       or jsonb_typeof(pair -> 0) <> 'string' or jsonb_typeof(pair -> 1) <> 'string'
       or (pair ->> 0) !~ '^([01]\d|2[0-3]):[0-5]\d$' or (pair ->> 1) !~ '^(([01]\d|2[0-3]):[0-5]\d|24:00)$' then
      return false;
    end if;
    opens := private.opening_minute(pair ->> 0);
    closes := private.opening_minute(pair ->> 1);
    if closes = opens then
      return false;
    end if;
    if closes < opens then
      closes := closes + 1440;
    end if;
    span := int4range(opens, closes);
    if taken && int4multirange(span) then
      return false;
    end if;
    taken := taken + int4multirange(span);
  end loop;
  return true;
end
$$;

create function private.opening_minute(hhmm text)
returns integer
language sql immutable parallel safe
set search_path = ''
as $$
  select split_part(hhmm, ':', 1)::integer * 60 + split_part(hhmm, ':', 2)::integer
$$;

alter table public.places
  add constraint places_time_zone_format check (time_zone ~ '^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+){1,2})$' and char_length(time_zone) <= 64),
  add constraint places_opening_hours_valid check (private.opening_hours_valid(opening_hours)),
  add constraint places_opening_hours_time_zone check (opening_hours is null or time_zone is not null),
  add constraint places_phone_format check (char_length(phone) between 5 and 32 and phone ~ '^\+?[0-9 ().-]+$' and phone ~ '([0-9][^0-9]*){5}'),
  add constraint places_website_format check (char_length(website) <= 300 and website ~* '^https?://[a-z0-9][^\s]*$'),
  add constraint places_price_level_range check (price_level between 1 and 4);
comment on column public.places.time_zone is 'IANA time zone of the place (Europe/Paris): its opening hours are in this zone.';
comment on column public.places.opening_hours is 'Weekly hours (Monday first) and dated exceptions, in the place''s time zone; null when unknown.';
comment on column public.places.phone is 'Phone number as dialled (5-32 characters: digits, spaces, + ( ) . -).';
comment on column public.places.website is 'http(s) URL of the place''s website (at most 300 characters).';
comment on column public.places.price_level is 'Price level from 1 (inexpensive) to 4 (very expensive).';

-- A name the database does not know is refused like a broken constraint (23514, the app's
-- catalogue names the field): the check above only sees its shape.
create function private.places_time_zone_known()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.time_zone is not null then
    begin
      perform now() at time zone new.time_zone;
    exception when others then
      raise exception 'Unknown time zone "%" (places_time_zone_format).', new.time_zone
        using errcode = '23514', constraint = 'places_time_zone_format';
    end;
  end if;
  return new;
end
$$;
create trigger places_time_zone_known before insert or update of time_zone on public.places
  for each row execute function private.places_time_zone_known();
create trigger places_basics_touch before update of time_zone, opening_hours, phone, website, price_level on public.places
  for each row execute function private.touch_updated_at();

grant insert (time_zone, opening_hours, phone, website, price_level) on public.places to authenticated;
grant update (time_zone, opening_hours, phone, website, price_level) on public.places to authenticated;

-- hours as minutes, for the filter ------------------------------------------------------------
-- week[1..7] (Monday first): the minutes of that day's ranges counted from its midnight, so a
-- range past midnight reaches up to 2880; exceptions: date → the same for that date.
create table private.place_hours (
  place_id uuid primary key references public.places (id) on delete cascade,
  time_zone text not null,
  week int4multirange[] not null,
  exceptions jsonb not null default '{}'
);
comment on table private.place_hours is 'Opening hours of places as minutes (kept from places.opening_hours by a trigger), for the "Open now" filter.';
alter table private.place_hours enable row level security;

create function private.opening_minutes(ranges jsonb)
returns int4multirange
language sql immutable
set search_path = ''
as $$
  select coalesce(range_agg(int4range(o, case when c <= o then c + 1440 else c end)), '{}')
    from (select private.opening_minute(r ->> 0) as o, private.opening_minute(r ->> 1) as c
            from jsonb_array_elements(coalesce(ranges, '[]')) r) m
$$;

create function private.places_hours_refresh()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.opening_hours is null then
    delete from private.place_hours h where h.place_id = new.id;
    return null;
  end if;
  insert into private.place_hours (place_id, time_zone, week, exceptions)
  select new.id, new.time_zone,
         (select array_agg(private.opening_minutes(d.value) order by d.ordinality)
            from jsonb_array_elements(new.opening_hours -> 'weekly') with ordinality d),
         coalesce((select jsonb_object_agg(e ->> 'date', private.opening_minutes(e -> 'hours')::text)
                     from jsonb_array_elements(coalesce(new.opening_hours -> 'exceptions', '[]')) e), '{}')
  on conflict (place_id) do update set time_zone = excluded.time_zone, week = excluded.week, exceptions = excluded.exceptions;
  return null;
end
$$;
create trigger places_hours after insert or update of opening_hours, time_zone on public.places
  for each row execute function private.places_hours_refresh();

-- Open at an instant: the local date and minute in the place's zone; that day's ranges (its
-- exception, else its weekday's) or the day before's that run past midnight.
create function private.hours_open_at(week int4multirange[], exceptions jsonb, time_zone text, at timestamptz)
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((exceptions ->> l.day::text)::int4multirange, week[l.dow]) @> l.minute
      or coalesce((exceptions ->> (l.day - 1)::text)::int4multirange, week[case when l.dow = 1 then 7 else l.dow - 1 end]) @> (l.minute + 1440)
    from (select t::date as day, extract(isodow from t)::integer as dow,
                 (extract(hour from t) * 60 + extract(minute from t))::integer as minute
            from (select at at time zone time_zone as t) local) l
$$;

create function private.place_open_at(place uuid, at timestamptz)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select private.hours_open_at(h.week, h.exceptions, h.time_zone, at) from private.place_hours h where h.place_id = place), false)
$$;
comment on function private.place_open_at(uuid, timestamptz) is 'Whether a place is open at an instant, by its hours in its own time zone (false when its hours are unknown).';
revoke execute on function private.opening_hours_valid(jsonb), private.opening_ranges_valid(jsonb), private.opening_minute(text),
  private.opening_minutes(jsonb), private.hours_open_at(int4multirange[], jsonb, text, timestamptz), private.place_open_at(uuid, timestamptz)
  from public;
grant execute on function private.opening_hours_valid(jsonb), private.opening_ranges_valid(jsonb), private.opening_minute(text)
  to anon, authenticated, service_role;
revoke execute on function private.places_hours_refresh(), private.places_time_zone_known() from public, anon, authenticated;

-- The calls take open_now (default false): existing callers keep their answers -----------------
-- Same checks, columns and order as 20261122110000_query_performance.sql; only the filter is new.
drop function private.popular_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer);
create function private.popular_places_in_box(
  min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
  viewer uuid, moderator boolean, max_results integer, open_now boolean, at timestamptz
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
     and (not open_now or exists (select 1 from private.place_hours h where h.place_id = p.id
                                   and private.hours_open_at(h.week, h.exceptions, h.time_zone, at)))
   order by p.rating_count desc, p.rating_avg desc, p.id
   limit max_results
$$;
revoke execute on function private.popular_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer, boolean, timestamptz)
  from public, anon, authenticated;

drop function public.places_in_view(double precision, double precision, double precision, double precision, public.place_category, numeric, boolean, integer);
create function public.places_in_view(
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
comment on function public.places_in_view is 'Places inside a map viewport (at most 500), most reviewed first; open_now keeps those open now in their own time zone.';

drop function public.places_nearby(double precision, double precision, double precision, public.place_category, numeric, integer);
create function public.places_nearby(
  lat double precision, lng double precision, radius_km double precision default 5,
  category public.place_category default null, min_rating numeric default null, max_results integer default 50,
  open_now boolean default false
)
returns setof public.place_with_distance
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
  opened boolean := coalesce(open_now, false);
  at timestamptz := now();
  dlat double precision;
  dlng double precision;
begin
  if places_nearby.lat is null or places_nearby.lng is null
     or places_nearby.lat < -90 or places_nearby.lat > 90 or places_nearby.lng < -180 or places_nearby.lng > 180 then
    raise exception 'lat must be between -90 and 90 and lng between -180 and 180.' using errcode = '22023';
  end if;
  if radius_km is null or radius_km <= 0 or radius_km > 100 then
    raise exception 'radius_km must be greater than 0 and at most 100.' using errcode = '22023';
  end if;
  if min_rating is not null and (min_rating < 0 or min_rating > 5) then
    raise exception 'min_rating must be between 0 and 5.' using errcode = '22023';
  end if;
  if max_results is null or max_results < 1 or max_results > 200 then
    raise exception 'max_results must be between 1 and 200.' using errcode = '22023';
  end if;
  dlat := radius_km / 111.0;
  dlng := case when abs(places_nearby.lat) + dlat >= 89.9 then 360
               else radius_km / (111.0 * cos(radians(abs(places_nearby.lat) + dlat))) end;
  if dlng < 180 and places_nearby.lng - dlng >= -180 and places_nearby.lng + dlng <= 180 then
    return query
      select p.id, p.name, p.category, p.description, p.address, p.lat, p.lng, p.created_by, p.created_at,
             p.updated_at, p.rating_avg, p.rating_count, p.photo_count, p.hidden_at, d.km
        from public.places p
        cross join lateral (select private.distance_km(places_nearby.lat, places_nearby.lng, p.lat, p.lng) as km) d
       where point(p.lng, p.lat) <@ box(point(places_nearby.lng - dlng, places_nearby.lat - dlat), point(places_nearby.lng + dlng, places_nearby.lat + dlat))
         and d.km <= radius_km
         and (places_nearby.category is null or p.category = places_nearby.category)
         and (places_nearby.min_rating is null or p.rating_avg >= places_nearby.min_rating)
         and (p.hidden_at is null or p.created_by = me or moderator)
         and (not opened or exists (select 1 from private.place_hours h where h.place_id = p.id
                                     and private.hours_open_at(h.week, h.exceptions, h.time_zone, at)))
       order by d.km, p.id
       limit max_results;
  else
    return query
      select p.id, p.name, p.category, p.description, p.address, p.lat, p.lng, p.created_by, p.created_at,
             p.updated_at, p.rating_avg, p.rating_count, p.photo_count, p.hidden_at, d.km
        from public.places p
        cross join lateral (select private.distance_km(places_nearby.lat, places_nearby.lng, p.lat, p.lng) as km) d
       where p.lat between places_nearby.lat - dlat and places_nearby.lat + dlat
         and d.km <= radius_km
         and (places_nearby.category is null or p.category = places_nearby.category)
         and (places_nearby.min_rating is null or p.rating_avg >= places_nearby.min_rating)
         and (p.hidden_at is null or p.created_by = me or moderator)
         and (not opened or exists (select 1 from private.place_hours h where h.place_id = p.id
                                     and private.hours_open_at(h.week, h.exceptions, h.time_zone, at)))
       order by d.km, p.id
       limit max_results;
  end if;
end
$$;
comment on function public.places_nearby is 'Places within radius_km of a point (default 5 km, at most 200), nearest first, with distance_km; open_now keeps those open now.';
