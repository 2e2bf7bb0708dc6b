-- A deleted member's profile page says the member left instead of "not found": the usernames
-- of deleted profiles are kept (only the username, nothing else about the person) in a table
-- no API role can read, and `member_left(username)` answers yes or no. A username taken again
-- by a new member stops being a former one.
create table private.former_usernames (
  username text primary key,
  constraint former_usernames_username_format check (username ~ '^[a-z0-9_]{3,24}$')
);
alter table private.former_usernames enable row level security;
-- No grants and no policies: only the definer functions below touch it.
revoke all on private.former_usernames from public, anon, authenticated;

create function private.remember_former_username()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    insert into private.former_usernames (username) values (old.username) on conflict (username) do nothing;
    return old;
  end if;
  delete from private.former_usernames f where f.username = new.username;
  return new;
end
$$;
revoke execute on function private.remember_former_username() from public, anon, authenticated;

create trigger profiles_remember_former after delete on public.profiles
  for each row execute function private.remember_former_username();
create trigger profiles_forget_former after insert or update of username on public.profiles
  for each row execute function private.remember_former_username();

create function public.member_left(username text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(char_length(member_left.username) <= 24, false)
     and exists (select 1 from private.former_usernames f where f.username = lower(member_left.username))
     and not exists (select 1 from public.profiles p where p.username = lower(member_left.username));
$$;
comment on function public.member_left is 'Whether a member with this username deleted their account (usernames only; nothing else is kept).';
revoke execute on function public.member_left(text) from public;
grant execute on function public.member_left(text) to anon, authenticated, service_role;
