-- The calls the app makes (docs/product.md "Calls"). Each validates its arguments (22023 with a
-- sentence a person understands) and caps its result size. Rows carry the places columns.
--
-- They are security definer and apply the places select policy themselves (visible unless
-- hidden, except to its author and moderators): under RLS, a user's condition may only use an
-- index when its operator is leakproof, and the GiST (point <@ box), full-text (@@) and trigram
-- (%) operators are not, so the same queries under RLS scan every place.

-- Great-circle distance in km (haversine, mean Earth radius 6371.0088 km).
create function private.distance_km(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision
language sql immutable parallel safe
set search_path = ''
as $$
  select 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;

-- A place row plus its distance from the point asked about (nearby and similar places).
create type public.place_with_distance as (
  id uuid, name text, category public.place_category, description text, address text,
  lat double precision, lng double precision, created_by uuid, created_at timestamptz, updated_at timestamptz,
  rating_avg numeric(3, 2), rating_count integer, photo_count integer, hidden_at timestamptz, distance_km double precision
);

-- places_in_view --------------------------------------------------------------------------
-- The viewport may cross the antimeridian (min_lng > max_lng). The most reviewed places come
-- first so that a capped, clustered map shows what matters.
create function public.places_in_view(
  min_lat double precision, min_lng double precision, max_lat double precision, max_lng double precision,
  category public.place_category default null, min_rating numeric default null,
  starred_only boolean default false, max_results integer default 500
)
returns setof public.places
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
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
       order by p.rating_count desc, p.rating_avg desc, p.id
       limit places_in_view.max_results;
  elsif min_lng <= max_lng then
    return query
      select p.* from public.places p
       where point(p.lng, p.lat) <@ box(point(places_in_view.min_lng, places_in_view.min_lat), point(places_in_view.max_lng, places_in_view.max_lat))
         and (places_in_view.category is null or p.category = places_in_view.category)
         and (places_in_view.min_rating is null or p.rating_avg >= places_in_view.min_rating)
         and (p.hidden_at is null or p.created_by = me or moderator)
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
       order by p.rating_count desc, p.rating_avg desc, p.id
       limit places_in_view.max_results;
  end if;
end
$$;
comment on function public.places_in_view is 'Places inside a map viewport (at most 500), most reviewed first.';

-- places_nearby ---------------------------------------------------------------------------
-- A bounding box on the indexed point prefilters, the haversine distance decides and sorts.
create function public.places_nearby(
  lat double precision, lng double precision, radius_km double precision default 5,
  category public.place_category default null, min_rating numeric default null, max_results integer default 50
)
returns setof public.place_with_distance
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
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
  -- 111.0 km per degree of latitude is slightly under the real 111.2, so the box never cuts
  -- the circle; longitude degrees shrink with cos(latitude), taken at the box's far edge
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
       order by d.km, p.id
       limit max_results;
  else
    -- near a pole or the antimeridian: the latitude band, every longitude
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
       order by d.km, p.id
       limit max_results;
  end if;
end
$$;
comment on function public.places_nearby is 'Places within radius_km of a point (default 5 km, at most 200), nearest first, with distance_km.';

-- search_places ---------------------------------------------------------------------------
-- Full text (prefix match on every word, unaccented) or trigram similarity on the name, so
-- typos still find places; ranked by text rank plus name similarity, then popularity.
create function public.search_places(q text, max_results integer default 20)
returns table (
  id uuid, name text, category public.place_category, description text, address text,
  lat double precision, lng double precision, created_by uuid, created_at timestamptz, updated_at timestamptz,
  rating_avg numeric, rating_count integer, photo_count integer, hidden_at timestamptz, rank real
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
  term text := btrim(coalesce(q, ''));
  plain text;
  tsq tsquery;
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
  -- candidates from each index separately (an OR across the two would scan every place)
  return query
    with candidates as (
      select ps.place_id from private.place_search ps where ps.document @@ tsq
      union
      select p.id from public.places p where lower(p.name) operator(extensions.%) plain
    )
    select p.id, p.name, p.category, p.description, p.address, p.lat, p.lng, p.created_by, p.created_at,
           p.updated_at, p.rating_avg, p.rating_count, p.photo_count, p.hidden_at,
           (coalesce(ts_rank(ps.document, tsq), 0) + extensions.similarity(lower(p.name), plain))::real as r
      from candidates c
      join public.places p on p.id = c.place_id
      join private.place_search ps on ps.place_id = p.id
     where (p.hidden_at is null or p.created_by = me or moderator)
     order by r desc, p.rating_count desc, p.id
     limit max_results;
end
$$;
comment on function public.search_places is 'Places matching a search (full text and trigram), best first, at most 50.';

-- similar_places --------------------------------------------------------------------------
-- "Is it one of these?" before adding a place: a similar name within radius_m (default 75 m).
create function public.similar_places(name text, lat double precision, lng double precision, radius_m double precision default 75)
returns setof public.place_with_distance
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
  wanted text := lower(btrim(coalesce(similar_places.name, '')));
  dlat double precision;
  dlng double precision;
begin
  if char_length(wanted) < 2 then
    raise exception 'Give a name of at least 2 characters.' using errcode = '22023';
  end if;
  if similar_places.lat is null or similar_places.lng is null
     or similar_places.lat < -90 or similar_places.lat > 90 or similar_places.lng < -180 or similar_places.lng > 180 then
    raise exception 'lat must be between -90 and 90 and lng between -180 and 180.' using errcode = '22023';
  end if;
  if radius_m is null or radius_m <= 0 or radius_m > 1000 then
    raise exception 'radius_m must be greater than 0 and at most 1000.' using errcode = '22023';
  end if;
  dlat := radius_m / 111000.0;
  dlng := case when abs(similar_places.lat) + dlat >= 89.9 then 360
               else radius_m / (111000.0 * cos(radians(abs(similar_places.lat) + dlat))) end;
  return query
    select p.id, p.name, p.category, p.description, p.address, p.lat, p.lng, p.created_by, p.created_at,
           p.updated_at, p.rating_avg, p.rating_count, p.photo_count, p.hidden_at, d.km
      from public.places p
      cross join lateral (select private.distance_km(similar_places.lat, similar_places.lng, p.lat, p.lng) as km) d
     where p.lat between similar_places.lat - dlat and similar_places.lat + dlat
       and (dlng >= 180 or p.lng between similar_places.lng - dlng and similar_places.lng + dlng
            or p.lng - 360 between similar_places.lng - dlng and similar_places.lng + dlng
            or p.lng + 360 between similar_places.lng - dlng and similar_places.lng + dlng)
       and d.km * 1000 <= radius_m
       and (extensions.similarity(lower(p.name), wanted) >= 0.3
            or strpos(lower(p.name), wanted) > 0 or strpos(wanted, lower(p.name)) > 0)
       and (p.hidden_at is null or p.created_by = me or moderator)
     order by d.km, p.id
     limit 10;
end
$$;
comment on function public.similar_places is 'Places with a similar name within radius_m metres (default 75), nearest first, at most 10; distance_km as for places_nearby.';

-- place_rating_histogram ------------------------------------------------------------------
create function public.place_rating_histogram(place_id uuid)
returns table (rating integer, count integer)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  moderator boolean := private.is_moderator();
begin
  if place_rating_histogram.place_id is null then
    raise exception 'place_id is required.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.places p where p.id = place_rating_histogram.place_id and (p.hidden_at is null or p.created_by = me or moderator)) then
    raise exception 'Place not found.' using errcode = 'P0002';
  end if;
  return query
    select s.r, count(r.id)::integer
      from generate_series(1, 5) as s (r)
      left join public.reviews r
        on r.place_id = place_rating_histogram.place_id and r.rating = s.r and r.hidden_at is null
     group by s.r
     order by s.r;
end
$$;
comment on function public.place_rating_histogram is 'Number of visible reviews per star (1 to 5) of a place.';

revoke execute on function public.places_in_view(double precision, double precision, double precision, double precision, public.place_category, numeric, boolean, integer),
  public.places_nearby(double precision, double precision, double precision, public.place_category, numeric, integer),
  public.search_places(text, integer), public.similar_places(text, double precision, double precision, double precision),
  public.place_rating_histogram(uuid), private.distance_km(double precision, double precision, double precision, double precision)
  from public;
grant execute on function public.places_in_view(double precision, double precision, double precision, double precision, public.place_category, numeric, boolean, integer),
  public.places_nearby(double precision, double precision, double precision, public.place_category, numeric, integer),
  public.search_places(text, integer), public.similar_places(text, double precision, double precision, double precision),
  public.place_rating_histogram(uuid), private.distance_km(double precision, double precision, double precision, double precision)
  to anon, authenticated, service_role;
