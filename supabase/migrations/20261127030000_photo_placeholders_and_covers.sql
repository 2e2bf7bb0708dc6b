-- Photos load as small transformed variants with a ThumbHash placeholder, and places carry
-- their best photo so lists and map previews show it without another query (decisions 220, 221).

-- A ThumbHash (about 25 bytes, base64) computed in the browser at upload.
alter table public.review_photos add column thumbhash text;
alter table public.review_photos add constraint review_photos_thumbhash_format
  check (thumbhash ~ '^[A-Za-z0-9+/]{4,60}={0,2}$');
comment on column public.review_photos.thumbhash is 'ThumbHash of the photo (base64), drawn while the image loads.';
grant insert (thumbhash) on public.review_photos to authenticated;

-- The place's cover: a visible photo of its best-rated visible review (newest photo first),
-- kept by the same trigger that keeps rating_count and photo_count, so listing places costs
-- no join. Members cannot write these columns (no column grant).
alter table public.places add column cover_photo_path text;
alter table public.places add column cover_photo_thumbhash text;
comment on column public.places.cover_photo_path is 'Storage path (place-photos) of the place''s best visible photo, kept by a trigger.';
comment on column public.places.cover_photo_thumbhash is 'ThumbHash of cover_photo_path, kept by a trigger.';

create or replace function private.refresh_place_stats(target_place uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  cover_path text;
  cover_hash text;
begin
  perform 1 from public.places where id = target_place for no key update;
  select ph.path, ph.thumbhash into cover_path, cover_hash
    from public.review_photos ph
    join public.reviews pr on pr.id = ph.review_id
   where ph.place_id = target_place and ph.hidden_at is null and pr.hidden_at is null
   order by pr.rating desc, ph.created_at desc, ph.id
   limit 1;
  update public.places p
     set rating_count = s.n, rating_avg = s.avg, photo_count = s.photos,
         cover_photo_path = cover_path, cover_photo_thumbhash = cover_hash
    from (
      select count(*)::integer as n, coalesce(round(avg(r.rating), 2), 0) as avg,
             (select count(*)::integer from public.review_photos ph
                join public.reviews pr on pr.id = ph.review_id
               where ph.place_id = target_place and ph.hidden_at is null and pr.hidden_at is null) as photos
        from public.reviews r
       where r.place_id = target_place and r.hidden_at is null
    ) s
   where p.id = target_place
     and (p.rating_count, p.rating_avg, p.photo_count, p.cover_photo_path, p.cover_photo_thumbhash)
         is distinct from (s.n, s.avg, s.photos, cover_path, cover_hash);
end
$$;

-- Places that already have photos get their cover now.
select private.refresh_place_stats(p.id) from public.places p where p.photo_count > 0;
