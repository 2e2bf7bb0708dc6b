-- A moderator or admin who enrolled a second factor holds no moderator power in a session that
-- did not use it (aal1), whatever the power: until now only the writes that log a moderation
-- action (hide, restore, role changes) asked for aal2, while such a session could still read
-- every report with the reporter's private note, dismiss reports (which notifies the reporter),
-- read hidden content, read who moderated, and subscribe to the moderation channel.
--
-- Every policy, view and function that grants a moderator or an admin more than a member asks
-- private.is_moderator() or private.is_admin(). Both now answer false for such a session, so
-- each of those reads and writes falls back to what a member may do, in SQL, whichever way it
-- is asked (REST, RPC, realtime). The moderation_actions trigger (20261125230000) still refuses
-- the logged writes with hint aal2_required, which the app reads as "enter the code".

create or replace function private.is_moderator()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case
    when coalesce((select p.role in ('moderator', 'admin') from public.profiles p where p.id = (select auth.uid())), false)
      then not private.caller_needs_aal2()
    else false
  end
$$;
comment on function private.is_moderator() is 'True when the signed-in member is a moderator or an admin, at aal2 once they enrolled a factor.';

create or replace function private.is_admin()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case
    when coalesce((select p.role = 'admin' from public.profiles p where p.id = (select auth.uid())), false)
      then not private.caller_needs_aal2()
    else false
  end
$$;
comment on function private.is_admin() is 'True when the signed-in member is an admin, at aal2 once they enrolled a factor.';
