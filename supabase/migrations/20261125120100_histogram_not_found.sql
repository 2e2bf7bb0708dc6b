-- place_rating_histogram for a place that does not exist or is hidden from the caller
-- answered 500 (PostgREST maps P0002, like every P0 code but P0001, to 500). It now raises
-- PostgREST's "custom HTTP error" (SQLSTATE 'PGRST': the message is the JSON body, the detail
-- the status and headers), so the caller gets 404 with the same code and sentence as before.
-- Same signature, checks, columns and order as 20261122080300_rpcs.sql.
create or replace function public.place_rating_histogram(place_id uuid)
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
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Place not found.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
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
