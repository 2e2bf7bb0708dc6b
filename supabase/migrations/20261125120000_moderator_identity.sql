-- Who took a moderation action is for moderators and admins only, whatever a client asks
-- for. A member used to read `moderation_actions.moderator_id` (only visitors lacked the
-- column grant), so a screen that hid it did not protect it.
--   moderation_actions  readable by moderators and admins only (RLS), with who acted;
--                       visitors have no grant at all; members get no rows.
--   moderation_log      the public log for everyone: every column but moderator_id. It reads
--                       the table with its owner's rights (not the caller's), since callers
--                       other than moderators no longer see the table's rows. It has no row
--                       condition of its own, so there is nothing for a barrier to protect,
--                       and every filter the app sends (id, target, action, dates) still
--                       reaches the table's indexes.

revoke select on public.moderation_actions from anon, authenticated;
grant select on public.moderation_actions to authenticated;
drop policy moderation_actions_select_anon on public.moderation_actions;
drop policy moderation_actions_select_member on public.moderation_actions;
create policy moderation_actions_select_moderator on public.moderation_actions for select to authenticated
  using ((select private.is_moderator()));
comment on table public.moderation_actions is 'Every moderation action with who took it: moderators and admins only. Everyone else reads moderation_log.';

alter view public.moderation_log set (security_invoker = false);
comment on view public.moderation_log is 'The public moderation log: every action, without who took it (reads moderation_actions with the owner''s rights).';
revoke all on public.moderation_log from anon, authenticated;
grant select on public.moderation_log to anon, authenticated, service_role;
