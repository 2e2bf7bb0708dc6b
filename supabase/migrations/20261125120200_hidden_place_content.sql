-- Hiding a place hides its reviews and their photos too, as hiding a review hides its
-- photos: only their own authors (and moderators and admins) still see them. Before, a
-- hidden place's reviews stayed readable by anyone who asked for them by place_id, author or
-- id, and showed on profile pages with their counts.
--
-- The place is looked up per row on its primary key (exists), as review_photos already looks
-- up its review. Its own RLS applies inside the policy as well, which only ever narrows it.
-- The place's rating_avg, rating_count and photo_count keep counting its visible reviews:
-- the place row itself is seen only by its author and moderators while it is hidden, and a
-- restore shows exact figures at once.

alter policy reviews_select_anon on public.reviews
  using (hidden_at is null
    and exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null));
alter policy reviews_select_member on public.reviews
  using ((hidden_at is null and exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null))
    or author_id = (select auth.uid()) or (select private.is_moderator()));

alter policy review_photos_select_anon on public.review_photos
  using (hidden_at is null
    and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null)
    and exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null));
alter policy review_photos_select_member on public.review_photos
  using ((hidden_at is null
      and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null)
      and exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null))
    or uploader_id = (select auth.uid()) or (select private.is_moderator()));

-- Nothing new is attached to a hidden place: a photo needs its place visible, as a review does.
alter policy review_photos_insert_own on public.review_photos
  with check (uploader_id = (select auth.uid())
    and split_part(path, '/', 1) = (select auth.uid())::text
    and review_id in (select r.id from public.reviews r where r.author_id = (select auth.uid()))
    and exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null));

-- The public topic place:<id> does not announce edits to reviews and photos of a hidden
-- place (its author editing a review there would otherwise publish it to every subscriber).
create or replace function private.broadcast_review_change()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  place uuid := case when tg_op = 'DELETE' then old.place_id else new.place_id end;
begin
  -- edits to content that stays hidden are not announced on a public topic
  if tg_op = 'UPDATE' and old.hidden_at is not null and new.hidden_at is not null then
    return null;
  end if;
  if exists (select 1 from public.places p where p.id = place and p.hidden_at is not null) then
    return null;
  end if;
  perform realtime.broadcast_changes('place:' || place::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end
$$;
