-- Search with open_now reads place_hours alone to tell a visible place open now (decision 440):
-- place_hours copies hidden_at and the creator (decision 432), and a place without hours is never
-- open, so the floor under the k-th rank no longer reads each candidate's places row and then its
-- hours, and the final walk in rank order passes over a place closed now before its places row is
-- read. Without open_now, as before. Same answers as 20261129030000_open_now_fast.sql.

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
               -- visible (and open): with open_now, place_hours alone answers both (it copies
               -- hidden_at and the creator; a place without hours is never open)
               where case when opened
                          then exists (select 1 from private.place_hours h where h.place_id = c.place_id
                                          and (h.hidden_at is null or h.created_by = me or moderator)
                                          and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at))
                          else exists (select 1 from public.places p where p.id = c.place_id
                                          and (p.hidden_at is null or p.created_by = me or moderator)) end
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
      -- in rank order, lazily (offset 0), and the limit stops it: with open_now a place closed
      -- now is passed over on place_hours, then the places row of one kept is read
      cross join lateral (
        select s.place_id as id
         where not opened
            or exists (select 1 from private.place_hours h where h.place_id = s.place_id
                          and (h.hidden_at is null or h.created_by = me or moderator)
                          and private.hours_open_now(h.week_minutes, h.exception_days, h.week, h.exceptions, h.time_zone, at))
        offset 0
      ) o
      cross join lateral (
        select pl.* from public.places pl
         where pl.id = o.id and (pl.hidden_at is null or pl.created_by = me or moderator)
        offset 0
      ) p
     order by s.r desc, p.rating_count desc, p.id
     limit max_results;
end
$$;
