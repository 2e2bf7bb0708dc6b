-- Storage buckets and their policies, in a migration so that `supabase db push` deploys
-- them too. Public read (through the public URL); a member writes, replaces and deletes
-- only under a folder named by their user id: <uid>/<file>.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2097152, array['image/*']),
  ('place-photos', 'place-photos', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Listing and downloads through the API run SELECT as the caller; public URLs bypass RLS.
create policy "pinstar: anyone reads public images" on storage.objects for select to anon, authenticated
  using (bucket_id in ('avatars', 'place-photos'));
create policy "pinstar: members upload into their folder" on storage.objects for insert to authenticated
  with check (bucket_id in ('avatars', 'place-photos')
    and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "pinstar: members replace their files" on storage.objects for update to authenticated
  using (bucket_id in ('avatars', 'place-photos') and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('avatars', 'place-photos') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "pinstar: members delete their files" on storage.objects for delete to authenticated
  using (bucket_id in ('avatars', 'place-photos') and (storage.foldername(name))[1] = (select auth.uid())::text);
