-- Query performance on a large guide (decision 090): the same calls, answers and order, with
-- less work per call.
--
-- GIN indexes without a pending list: with fastupdate (the default), new entries wait in an
-- unsorted list of up to 4 MB that every search reads in full, until VACUUM merges it. PGlite
-- runs no autovacuum, so there the list never empties: a search that matches nothing took
-- 12 ms on 135k places, 0.6 ms once the list was merged. Places are written rarely and read
-- often, so each write now updates the index directly.
--
-- places_in_view: a country-sized viewport holds up to 12,000 places; reading them all to keep
-- the 500 most reviewed cost most of the call. When the viewport surely holds many places
-- (a count per 1-degree cell, kept by a trigger, over the cells wholly inside it: at least
-- 5,000), an index in popularity order that also carries lat and lng is walked instead: its
-- entries are checked against the viewport without reading the table, and the walk stops at
-- the cap (about 500 x places / places in view entries). Small or filtered viewports keep
-- the spatial index. The counts only choose the plan: the answer never depends on them.
--
-- search_places: a short, common word ("san") matches thousands of places, and each match
-- was ranked (a trigram similarity, the costly part, plus a text rank) and joined to places
-- before the best 20 or 50 were known; the trigram index alone offered 10,000 names to
-- recheck. Now (same candidates, ranks and order; decision 090):
-- 1. place_search also holds the lowered name and its number of distinct trigrams, so
--    candidates are found and ranked in one table, and places is read only for the best ones
--    (visibility and the popularity tie-break), lazily in rank order.
-- 2. A match cannot rank above text rank + min(m, n) / max(m, n) (m, n: the query's and the
--    name's trigrams; similarity = shared / (m + n - shared)). The exact ranks of the most
--    promising visible matches give a floor under the final k-th rank, and only matches whose
--    bound reaches that floor get their similarity computed.
-- 3. A place found only by trigram does not match the text query, so its text rank is 0 for a
--    one-word query (at most 1 for several words: ts_rank's AND rank is below 1); when the
--    floor is above what such a place can reach, the trigram search is skipped, and when it
--    demands a similarity of at least 0.6, it asks the trigram index for that directly.

alter table private.place_search add column name text;
alter table private.place_search add column name_trigrams integer;
update private.place_search ps set name = lower(p.name), name_trigrams = cardinality(extensions.show_trgm(lower(p.name)))
  from public.places p where p.id = ps.place_id;
alter table private.place_search alter column name set not null;
alter table private.place_search alter column name_trigrams set not null;
comment on column private.place_search.name is 'lower(places.name), for trigram matching and ranking without a join.';
comment on column private.place_search.name_trigrams is 'Number of distinct trigrams of name (bounds its similarity to a query).';
create index place_search_name_trgm_idx on private.place_search using gin (name extensions.gin_trgm_ops) with (fastupdate = off);
alter index private.place_search_document_idx set (fastupdate = off);
select gin_clean_pending_list('private.place_search_document_idx'::regclass);
-- search_places was its only user
drop index public.places_name_trgm_idx;

create or replace function private.places_search_refresh()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.place_search (place_id, document, name, name_trigrams)
  values (new.id, private.place_search_document(new.name, new.address, new.description), lower(new.name),
          cardinality(extensions.show_trgm(lower(new.name))))
  on conflict (place_id) do update
    set document = excluded.document, name = excluded.name, name_trigrams = excluded.name_trigrams;
  return null;
end
$$;

-- Names with a trigram similarity of at least 0.6 to the query: the index then offers only
-- names sharing most of the query's trigrams (the threshold is this function's own setting).
create function private.place_names_similar_06(plain text)
returns setof uuid
language sql stable
rows 100
set search_path = ''
set pg_trgm.similarity_threshold = 0.6
as $$
  select ps.place_id from private.place_search ps where ps.name operator(extensions.%) plain
$$;
revoke execute on function private.place_names_similar_06(text) from public, anon, authenticated;

-- Same signature, arguments, checks, columns and order as 20261122080300_rpcs.sql.
create or replace function public.search_places(q text, max_results integer default 20)
returns table (
  id uuid, name text, category public.place_category, description text, address text,
  lat double precision, lng double precision, created_by uuid, created_at timestamptz, updated_at timestamptz,
  rating_avg numeric, rating_count integer, photo_count integer, hidden_at timestamptz, rank real
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
    -- the exact ranks of the 2k text matches with the highest bounds, visible ones only: their
    -- k-th is a floor under the final k-th (null: fewer than k); 1e-4 is a margin for float4
    -- rounding in ranks, so that a bound never cuts a tie
    floor_rank as materialized (
      -- (the similarity outside the limited subquery: inside, it would be computed for every
      -- match before the sort, as the planner deems it cheap)
      select (select (c.text_rank + extensions.similarity(c.name, plain))::real as r
                from (select f.place_id, f.name, f.text_rank from fts f order by f.bound desc limit 2 * max_results) c
                join public.places p on p.id = c.place_id
               where p.hidden_at is null or p.created_by = me or moderator
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
           p.updated_at, p.rating_avg, p.rating_count, p.photo_count, p.hidden_at, s.r
      from (select sc.place_id, sc.r from scored sc order by sc.r desc) s
      -- offset 0 keeps the join lazy: places is read in rank order, and the limit stops it
      cross join lateral (
        select pl.* from public.places pl
         where pl.id = s.place_id and (pl.hidden_at is null or pl.created_by = me or moderator)
        offset 0
      ) p
     order by s.r desc, p.rating_count desc, p.id
     limit max_results;
end
$$;

-- places_in_view ---------------------------------------------------------------------------
create table private.place_grid (
  lat_cell smallint not null,
  lng_cell smallint not null,
  places integer not null,
  primary key (lat_cell, lng_cell)
);
comment on table private.place_grid is 'Number of places per 1-degree cell (floor of lat and lng), to tell a crowded viewport.';
alter table private.place_grid enable row level security;
insert into private.place_grid (lat_cell, lng_cell, places)
  select floor(lat), floor(lng), count(*) from public.places group by 1, 2;

create function private.place_grid_count()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' then
    update private.place_grid g set places = g.places - 1 where g.lat_cell = floor(old.lat) and g.lng_cell = floor(old.lng);
  end if;
  if tg_op <> 'DELETE' then
    insert into private.place_grid as g (lat_cell, lng_cell, places) values (floor(new.lat), floor(new.lng), 1)
    on conflict (lat_cell, lng_cell) do update set places = g.places + 1;
  end if;
  return null;
end
$$;
create trigger places_grid_insert_delete after insert or delete on public.places
  for each row execute function private.place_grid_count();
create trigger places_grid_move after update of lat, lng on public.places
  for each row when (floor(old.lat) is distinct from floor(new.lat) or floor(old.lng) is distinct from floor(new.lng))
  execute function private.place_grid_count();
revoke execute on function private.place_grid_count() from public, anon, authenticated;

-- Popularity order, then lat and lng so the viewport is checked in the index.
create index places_popularity_idx on public.places (rating_count desc, rating_avg desc, id, lat, lng);

-- The planner is told not to sort (nor to collect the viewport first): the walk in index
-- order is the point, whatever its estimate of the viewport says.
create function private.popular_places_in_box(
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
revoke execute on function private.popular_places_in_box(double precision, double precision, double precision, double precision, uuid, boolean, integer)
  from public, anon, authenticated;

-- Same signature, arguments, checks, columns and order as 20261122080300_rpcs.sql.
create or replace function public.places_in_view(
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
  elsif min_lng <= max_lng and category is null and min_rating is null
        and max_lat - min_lat >= 1 and max_lng - min_lng >= 1
        and (select coalesce(sum(g.places), 0) from private.place_grid g
              where g.lat_cell between ceil(places_in_view.min_lat)::integer and floor(places_in_view.max_lat - 1)::integer
                and g.lng_cell between ceil(places_in_view.min_lng)::integer and floor(places_in_view.max_lng - 1)::integer) >= 5000 then
    -- a crowded viewport: walk the places by popularity, stop at the cap
    return query select * from private.popular_places_in_box(min_lat, min_lng, max_lat, max_lng, me, moderator, max_results);
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
