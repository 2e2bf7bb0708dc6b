-- Triggers: profiles for new auth users, updated_at, exact aggregates, photo and rate limits.
-- Trigger functions and the role helpers live in the schema `private`, which the API does not
-- expose; they are security definer with an empty search_path.

-- Role helpers used by policies: security definer so that a policy on profiles can ask
-- about profiles without recursing through its own RLS.
create function private.is_moderator()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select p.role in ('moderator', 'admin') from public.profiles p where p.id = (select auth.uid())), false)
$$;
comment on function private.is_moderator() is 'True when the signed-in member is a moderator or an admin.';

create function private.is_admin()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select p.role = 'admin' from public.profiles p where p.id = (select auth.uid())), false)
$$;
comment on function private.is_admin() is 'True when the signed-in member is an admin.';

-- profiles from auth.users --------------------------------------------------------------
-- The username comes from the sign-up metadata (options.data.username) or the email's local
-- part, reduced to [a-z0-9_], padded to 3 and cut to 24 chars; when taken, a numeric suffix.
create function private.handle_new_user()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  base text;
  candidate text;
  attempt integer := 0;
  display text;
begin
  base := lower(coalesce(nullif(new.raw_user_meta_data ->> 'username', ''), split_part(coalesce(new.email, ''), '@', 1)));
  base := regexp_replace(extensions.unaccent('extensions.unaccent'::regdictionary, base), '[^a-z0-9_]', '', 'g');
  if char_length(base) < 3 then
    base := rpad(coalesce(nullif(base, ''), 'member'), 3, '_');
  end if;
  base := left(base, 24);
  candidate := base;
  while exists (select 1 from public.profiles p where lower(p.username) = candidate) loop
    attempt := attempt + 1;
    candidate := left(base, 24 - char_length(attempt::text) - 1) || '_' || attempt::text;
    if attempt > 50 then
      candidate := left(base, 15) || '_' || substr(md5(random()::text), 1, 8);
    end if;
  end loop;
  display := btrim(coalesce(nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
                            nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), candidate));
  insert into public.profiles (id, username, display_name, created_at)
  values (new.id, candidate, left(display, 50), coalesce(new.created_at, now()));
  return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- updated_at ----------------------------------------------------------------------------
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger profiles_touch before update of username, display_name, bio, avatar_path, role on public.profiles
  for each row execute function private.touch_updated_at();
create trigger places_touch before update of name, category, description, address, lat, lng on public.places
  for each row execute function private.touch_updated_at();
create trigger reviews_touch before update of rating, body, visited_on on public.reviews
  for each row execute function private.touch_updated_at();

-- search document -----------------------------------------------------------------------
create function private.places_search_refresh()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.place_search (place_id, document)
  values (new.id, private.place_search_document(new.name, new.address, new.description))
  on conflict (place_id) do update set document = excluded.document;
  return null;
end
$$;
create trigger places_search after insert or update of name, address, description on public.places
  for each row execute function private.places_search_refresh();

-- aggregates ----------------------------------------------------------------------------
-- Recomputed from the rows (not a delta) after locking the place row: concurrent writers to
-- one place queue on that lock, and each recount runs in a statement that starts after the
-- previous writer committed, so the totals are exact. Hidden reviews and photos, and photos
-- of hidden reviews, do not count. The lock is FOR NO KEY UPDATE: it does not conflict with
-- the KEY SHARE lock the writer's own foreign key check already holds on the place (FOR
-- UPDATE would, and two concurrent reviews would deadlock upgrading their locks).
create function private.refresh_place_stats(target_place uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform 1 from public.places where id = target_place for no key update;
  update public.places p
     set rating_count = s.n, rating_avg = s.avg, photo_count = s.photos
    from (
      select count(*)::integer as n, coalesce(round(avg(r.rating), 2), 0) as avg,
             (select count(*)::integer from public.review_photos ph
                join public.reviews pr on pr.id = ph.review_id
               where ph.place_id = target_place and ph.hidden_at is null and pr.hidden_at is null) as photos
        from public.reviews r
       where r.place_id = target_place and r.hidden_at is null
    ) s
   where p.id = target_place
     and (p.rating_count, p.rating_avg, p.photo_count) is distinct from (s.n, s.avg, s.photos);
end
$$;

create function private.reviews_refresh_stats()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.refresh_place_stats(old.place_id);
  elsif tg_op = 'INSERT' then
    perform private.refresh_place_stats(new.place_id);
  else
    perform private.refresh_place_stats(new.place_id);
    if old.place_id is distinct from new.place_id then
      perform private.refresh_place_stats(old.place_id);
    end if;
  end if;
  return null;
end
$$;
create trigger reviews_stats after insert or delete or update of rating, hidden_at, place_id on public.reviews
  for each row execute function private.reviews_refresh_stats();

create function private.review_photos_refresh_stats()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.refresh_place_stats(case when tg_op = 'DELETE' then old.place_id else new.place_id end);
  return null;
end
$$;
create trigger review_photos_stats after insert or delete or update of hidden_at on public.review_photos
  for each row execute function private.review_photos_refresh_stats();

-- review photo rules --------------------------------------------------------------------
-- At most 5 photos per review (the review row is locked so two uploads cannot both be the
-- fifth); the photo belongs to the review's place; path and uploader are immutable.
create function private.review_photos_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  review_place uuid;
begin
  select r.place_id into review_place from public.reviews r where r.id = new.review_id for no key update;
  if review_place is null then
    raise exception 'The review for this photo does not exist.' using errcode = '23503';
  end if;
  if new.place_id is distinct from review_place then
    raise exception 'A photo must belong to the same place as its review.' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' and (select count(*) from public.review_photos ph where ph.review_id = new.review_id) >= 5 then
    raise exception 'A review can have at most 5 photos.' using errcode = 'P0001', hint = 'Remove a photo before adding another.';
  end if;
  return new;
end
$$;
create trigger review_photos_check before insert or update of review_id, place_id on public.review_photos
  for each row execute function private.review_photos_check();

-- rate limits for members ---------------------------------------------------------------
-- Accounts younger than 24 hours post at most 3 reviews per hour (a spam brake). Applies
-- to members' API requests, not to the service role or the database owner.
create function private.reviews_rate_limit()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  joined timestamptz;
begin
  if coalesce(auth.role(), '') <> 'authenticated' then
    return new;
  end if;
  select p.created_at into joined from public.profiles p where p.id = new.author_id;
  if joined > now() - interval '24 hours'
     and (select count(*) from public.reviews r where r.author_id = new.author_id and r.created_at > now() - interval '1 hour') >= 3 then
    raise exception 'New accounts can post at most 3 reviews per hour. Try again later.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger reviews_rate_limit before insert on public.reviews
  for each row execute function private.reviews_rate_limit();

-- Reports: the target must exist, and a member sends at most 20 reports per hour.
create function private.reports_check()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  target_exists boolean;
begin
  target_exists := case new.target_type
      when 'place' then exists (select 1 from public.places where id = new.target_id)
      when 'review' then exists (select 1 from public.reviews where id = new.target_id)
      when 'photo' then exists (select 1 from public.review_photos where id = new.target_id)
    end;
  if not coalesce(target_exists, false) then
    raise exception 'The reported % does not exist.', new.target_type using errcode = '23503';
  end if;
  if coalesce(auth.role(), '') = 'authenticated'
     and (select count(*) from public.reports r where r.reporter_id = new.reporter_id and r.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'You can send at most 20 reports per hour. Try again later.' using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger reports_check before insert on public.reports
  for each row execute function private.reports_check();

-- Moderators only set the status; who resolved it and when are filled in here.
create function private.reports_resolve()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if new.status = 'open' then
      new.resolved_by := null;
      new.resolved_at := null;
    else
      new.resolved_by := coalesce(auth.uid(), new.resolved_by);
      new.resolved_at := now();
    end if;
  end if;
  return new;
end
$$;
create trigger reports_resolve before update on public.reports
  for each row execute function private.reports_resolve();

revoke execute on function private.handle_new_user(), private.touch_updated_at(), private.places_search_refresh(), private.refresh_place_stats(uuid),
  private.reviews_refresh_stats(), private.review_photos_refresh_stats(), private.review_photos_check(),
  private.reviews_rate_limit(), private.reports_check(), private.reports_resolve()
  from public, anon, authenticated;
