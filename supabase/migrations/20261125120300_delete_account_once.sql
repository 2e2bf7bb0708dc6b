-- Deleting an account happens once: the delete-account function removes the files, then
-- calls this, which does the rest in one transaction. The profile row is locked first, so of
-- two calls at once the second waits, then finds the account gone (P0002) and its caller is
-- told so (404), instead of both running deleteUser and one of them failing half-way.
-- Reviews are deleted or anonymized as the member chose; deleting the auth user cascades to
-- the profile, sessions, stars, photos' rows and reports' authorship.
create function public.delete_account(user_id uuid, reviews text)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  affected integer;
begin
  if delete_account.reviews is null or delete_account.reviews not in ('delete', 'anonymize') then
    raise exception 'reviews must be "delete" or "anonymize".' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = delete_account.user_id for update;
  if not found then
    raise exception 'This account has already been deleted.' using errcode = 'P0002';
  end if;
  if delete_account.reviews = 'anonymize' then
    update public.reviews r set author_id = null where r.author_id = delete_account.user_id;
  else
    delete from public.reviews r where r.author_id = delete_account.user_id;
  end if;
  get diagnostics affected = row_count;
  delete from auth.users u where u.id = delete_account.user_id;
  return affected;
end
$$;
comment on function public.delete_account is 'Service role only (the delete-account function): deletes or anonymizes the reviews and deletes the user, once; returns the number of reviews affected.';
revoke execute on function public.delete_account(uuid, text) from public, anon, authenticated;
grant execute on function public.delete_account(uuid, text) to service_role;
