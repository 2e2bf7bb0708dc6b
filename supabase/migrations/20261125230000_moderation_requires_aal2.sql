-- Moderators and admins who enrolled a second factor act only from a session that used it
-- (aal2): hiding, restoring and role changes all write moderation_actions, so one trigger
-- there guards every moderation action, whichever function performs it.

create function private.caller_needs_aal2()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), 'aal1') <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
$$;
comment on function private.caller_needs_aal2() is 'True when the signed-in member has a verified factor but this session did not use it.';
grant execute on function private.caller_needs_aal2() to authenticated, service_role;

create function private.moderation_requires_aal2()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.caller_needs_aal2() then
    raise exception 'Enter the code from your authenticator app to moderate.'
      using errcode = '42501', hint = 'aal2_required';
  end if;
  return new;
end
$$;
revoke execute on function private.moderation_requires_aal2() from public, anon, authenticated;

create trigger moderation_actions_require_aal2
before insert on public.moderation_actions
for each row execute function private.moderation_requires_aal2();
