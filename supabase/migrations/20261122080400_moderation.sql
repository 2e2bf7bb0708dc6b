-- Moderation: security definer functions that check the caller's role themselves, change
-- the target, resolve its open reports and write the public moderation log in one step.

create function private.set_content_hidden(target_type public.content_type, target_id uuid, reason text, hide boolean)
returns public.moderation_actions
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  was timestamptz;
  found_target boolean;
  logged public.moderation_actions;
begin
  if not coalesce((select p.role in ('moderator', 'admin') from public.profiles p where p.id = me), false) then
    raise exception 'Only moderators can hide or restore content.' using errcode = '42501';
  end if;
  if target_type is null or target_id is null then
    raise exception 'target_type and target_id are required.' using errcode = '22023';
  end if;
  if reason is null or char_length(btrim(reason)) not between 1 and 500 then
    raise exception 'Give a reason of 1 to 500 characters.' using errcode = '22023';
  end if;
  if target_type = 'place' then
    select p.hidden_at, true into was, found_target from public.places p where p.id = target_id for no key update;
  elsif target_type = 'review' then
    select r.hidden_at, true into was, found_target from public.reviews r where r.id = target_id for no key update;
  else
    select ph.hidden_at, true into was, found_target from public.review_photos ph where ph.id = target_id for no key update;
  end if;
  if not coalesce(found_target, false) then
    raise exception 'The % to moderate does not exist.', target_type using errcode = 'P0002';
  end if;
  if hide and was is not null then
    raise exception 'This % is already hidden.', target_type using errcode = 'P0001';
  end if;
  if not hide and was is null then
    raise exception 'This % is not hidden.', target_type using errcode = 'P0001';
  end if;
  if target_type = 'place' then
    update public.places set hidden_at = case when hide then now() end where id = target_id;
  elsif target_type = 'review' then
    update public.reviews set hidden_at = case when hide then now() end where id = target_id;
  else
    update public.review_photos set hidden_at = case when hide then now() end where id = target_id;
  end if;
  if hide then
    update public.reports r set status = 'resolved', resolved_by = me, resolved_at = now()
     where r.target_type = set_content_hidden.target_type and r.target_id = set_content_hidden.target_id and r.status = 'open';
  end if;
  insert into public.moderation_actions (moderator_id, target_type, target_id, action, reason)
  values (me, target_type::text::public.moderation_target, target_id,
          case when hide then 'hide' else 'restore' end::public.moderation_action_kind, btrim(reason))
  returning * into logged;
  return logged;
end
$$;
revoke execute on function private.set_content_hidden(public.content_type, uuid, text, boolean) from public, anon, authenticated;

create function public.hide_content(target_type public.content_type, target_id uuid, reason text)
returns public.moderation_actions
language sql security definer
set search_path = ''
as $$
  select private.set_content_hidden(target_type, target_id, reason, true)
$$;
comment on function public.hide_content is 'Moderators: hide a place, review or photo with a public reason; resolves its open reports.';

create function public.restore_content(target_type public.content_type, target_id uuid, reason text)
returns public.moderation_actions
language sql security definer
set search_path = ''
as $$
  select private.set_content_hidden(target_type, target_id, reason, false)
$$;
comment on function public.restore_content is 'Moderators: make hidden content visible again, with a public reason.';

-- Admins assign roles; the last admin cannot step down (admin rows are locked, so two
-- admins demoting each other at once cannot both succeed).
create function public.set_role(user_id uuid, role public.user_role)
returns public.moderation_actions
language plpgsql security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  previous public.user_role;
  logged public.moderation_actions;
begin
  if not coalesce((select p.role = 'admin' from public.profiles p where p.id = me), false) then
    raise exception 'Only admins can change roles.' using errcode = '42501';
  end if;
  if set_role.user_id is null or set_role.role is null then
    raise exception 'user_id and role are required.' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.role = 'admin' for no key update;
  select p.role into previous from public.profiles p where p.id = set_role.user_id for no key update;
  if previous is null then
    raise exception 'No member with this id.' using errcode = 'P0002';
  end if;
  if previous = set_role.role then
    raise exception 'This member is already %.', set_role.role using errcode = 'P0001';
  end if;
  if previous = 'admin' and (select count(*) from public.profiles p where p.role = 'admin') <= 1 then
    raise exception 'There must always be at least one admin.' using errcode = 'P0001';
  end if;
  update public.profiles p set role = set_role.role where p.id = set_role.user_id;
  insert into public.moderation_actions (moderator_id, target_type, target_id, action, reason, details)
  values (me, 'profile', set_role.user_id, 'role_change', format('Role changed from %s to %s', previous, set_role.role),
          jsonb_build_object('from', previous, 'to', set_role.role))
  returning * into logged;
  return logged;
end
$$;
comment on function public.set_role is 'Admins: assign member, moderator or admin; refuses to remove the last admin.';

revoke execute on function public.hide_content(public.content_type, uuid, text), public.restore_content(public.content_type, uuid, text),
  public.set_role(uuid, public.user_role) from public, anon;
grant execute on function public.hide_content(public.content_type, uuid, text), public.restore_content(public.content_type, uuid, text),
  public.set_role(uuid, public.user_role) to authenticated, service_role;
