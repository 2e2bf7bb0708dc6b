-- Importing a list matches each row to an existing place by name within 75 m (decision 202).
-- One similar_places call per row made a 2,000-row file cost 2,000 requests; match_places
-- takes up to 500 rows in one call and answers each row's nearest similar place, with the
-- same rules (similar_places itself runs for each row, hidden places as it decides).
create function public.match_places(names text[], lats double precision[], lngs double precision[])
returns table (row_index integer, id uuid, name text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if names is null or lats is null or lngs is null
     or cardinality(names) <> cardinality(lats) or cardinality(names) <> cardinality(lngs) then
    raise exception 'names, lats and lngs must be arrays of the same length.' using errcode = '22023';
  end if;
  if cardinality(names) > 500 then
    raise exception 'Match at most 500 rows at a time.' using errcode = '22023';
  end if;
  -- rows similar_places would refuse (a name under 2 characters, no usable point) match
  -- nothing rather than fail the batch: they are left out before it runs
  return query
    with valid as materialized (
      select r.name, r.lat, r.lng, r.i
        from unnest(names, lats, lngs) with ordinality as r(name, lat, lng, i)
       where char_length(btrim(coalesce(r.name, ''))) >= 2 and r.lat between -90 and 90 and r.lng between -180 and 180
    )
    select v.i::integer, s.id, s.name
      from valid v
      cross join lateral (select p.id, p.name from public.similar_places(v.name, v.lat, v.lng, 75) p limit 1) s;
end
$$;
comment on function public.match_places(text[], double precision[], double precision[]) is 'Import: the nearest place with a similar name within 75 m for each of up to 500 rows (1-based row_index; rows without one are absent).';
revoke execute on function public.match_places(text[], double precision[], double precision[]) from public, anon;
grant execute on function public.match_places(text[], double precision[], double precision[]) to authenticated, service_role;
