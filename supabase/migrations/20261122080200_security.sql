-- Row level security and grants. New public tables get no automatic grants (hosted since
-- 2026), so everything reachable is granted here, column by column where members must not
-- write aggregate or moderation columns. One policy per operation per role; auth.uid() is
-- wrapped in a subselect so it is evaluated once per statement, not once per row.

alter table public.profiles enable row level security;
alter table public.places enable row level security;
alter table public.reviews enable row level security;
alter table public.review_photos enable row level security;
alter table public.stars enable row level security;
alter table public.reports enable row level security;
alter table public.moderation_actions enable row level security;

grant execute on function private.is_moderator(), private.is_admin() to anon, authenticated, service_role;

-- profiles: public; members edit their own (never their role); created by trigger only.
grant select on public.profiles to anon, authenticated;
grant update (username, display_name, bio, avatar_path) on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;
create policy profiles_select_anon on public.profiles for select to anon using (true);
create policy profiles_select_member on public.profiles for select to authenticated using (true);
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- places: visible unless hidden (authors and moderators still see hidden ones); members add
-- their own; authors and moderators edit; authors delete while nobody has reviewed it,
-- admins always.
grant select on public.places to anon, authenticated;
grant insert (name, category, description, address, lat, lng, created_by) on public.places to authenticated;
grant update (name, category, description, address, lat, lng) on public.places to authenticated;
grant delete on public.places to authenticated;
grant select, insert, update, delete on public.places to service_role;
create policy places_select_anon on public.places for select to anon using (hidden_at is null);
create policy places_select_member on public.places for select to authenticated
  using (hidden_at is null or created_by = (select auth.uid()) or (select private.is_moderator()));
create policy places_insert_member on public.places for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy places_update_member on public.places for update to authenticated
  using (created_by = (select auth.uid()) or (select private.is_moderator()))
  with check (created_by = (select auth.uid()) or (select private.is_moderator()));
create policy places_delete_member on public.places for delete to authenticated
  using ((created_by = (select auth.uid()) and rating_count = 0) or (select private.is_admin()));

-- reviews: visible unless hidden; one's own on a visible place; edit and delete one's own.
grant select on public.reviews to anon, authenticated;
grant insert (place_id, author_id, rating, body, visited_on) on public.reviews to authenticated;
grant update (rating, body, visited_on) on public.reviews to authenticated;
grant delete on public.reviews to authenticated;
grant select, insert, update, delete on public.reviews to service_role;
create policy reviews_select_anon on public.reviews for select to anon using (hidden_at is null);
create policy reviews_select_member on public.reviews for select to authenticated
  using (hidden_at is null or author_id = (select auth.uid()) or (select private.is_moderator()));
create policy reviews_insert_member on public.reviews for insert to authenticated
  with check (author_id = (select auth.uid())
    and exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null));
create policy reviews_update_own on public.reviews for update to authenticated
  using (author_id = (select auth.uid())) with check (author_id = (select auth.uid()));
create policy reviews_delete_own on public.reviews for delete to authenticated
  using (author_id = (select auth.uid()));

-- review_photos: visible unless the photo or its review is hidden; the author of a review
-- attaches photos stored under their own folder; edits the alt text; deletes. The review is
-- looked up per photo (exists on its primary key): an uncorrelated "in (select …)" would
-- hash every visible review for each query.
grant select on public.review_photos to anon, authenticated;
grant insert (review_id, place_id, uploader_id, path, alt, width, height) on public.review_photos to authenticated;
grant update (alt) on public.review_photos to authenticated;
grant delete on public.review_photos to authenticated;
grant select, insert, update, delete on public.review_photos to service_role;
create policy review_photos_select_anon on public.review_photos for select to anon
  using (hidden_at is null and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null));
create policy review_photos_select_member on public.review_photos for select to authenticated
  using ((hidden_at is null and exists (select 1 from public.reviews r where r.id = review_id and r.hidden_at is null))
    or uploader_id = (select auth.uid()) or (select private.is_moderator()));
create policy review_photos_insert_own on public.review_photos for insert to authenticated
  with check (uploader_id = (select auth.uid())
    and split_part(path, '/', 1) = (select auth.uid())::text
    and review_id in (select r.id from public.reviews r where r.author_id = (select auth.uid())));
create policy review_photos_update_own on public.review_photos for update to authenticated
  using (uploader_id = (select auth.uid())) with check (uploader_id = (select auth.uid()));
create policy review_photos_delete_own on public.review_photos for delete to authenticated
  using (uploader_id = (select auth.uid()));

-- stars: private to their owner; nothing to update.
grant select, insert, delete on public.stars to authenticated;
grant select, insert, update, delete on public.stars to service_role;
create policy stars_select_own on public.stars for select to authenticated using (user_id = (select auth.uid()));
create policy stars_insert_own on public.stars for insert to authenticated with check (user_id = (select auth.uid()));
create policy stars_delete_own on public.stars for delete to authenticated using (user_id = (select auth.uid()));

-- reports: members file and see their own; moderators see all and set the status.
grant select on public.reports to authenticated;
grant insert (reporter_id, target_type, target_id, reason, note) on public.reports to authenticated;
grant update (status) on public.reports to authenticated;
grant select, insert, update, delete on public.reports to service_role;
create policy reports_select_member on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_moderator()));
create policy reports_insert_member on public.reports for insert to authenticated
  with check (reporter_id = (select auth.uid()) and status = 'open');
create policy reports_update_moderator on public.reports for update to authenticated
  using ((select private.is_moderator())) with check ((select private.is_moderator()));

-- moderation_actions: a public log written only by the moderation functions. Visitors do
-- not get the moderator column; the moderation_log view serves "select *" to everyone.
grant select (id, target_type, target_id, action, reason, details, created_at) on public.moderation_actions to anon;
grant select on public.moderation_actions to authenticated;
grant select, insert, update, delete on public.moderation_actions to service_role;
create policy moderation_actions_select_anon on public.moderation_actions for select to anon using (true);
create policy moderation_actions_select_member on public.moderation_actions for select to authenticated using (true);

create view public.moderation_log with (security_invoker = true) as
  select id, target_type, target_id, action, reason, details, created_at from public.moderation_actions;
comment on view public.moderation_log is 'The public moderation log: every action, without who took it.';
grant select on public.moderation_log to anon, authenticated, service_role;
