-- Moderation, for the screens that show it:
-- 1. The public log names where a review or photo lived: `details.place_id` is added to every
--    review and photo action (never the content itself, which may be hidden), so the log can
--    link to the place while it is visible.
-- 2. Moderators' queues stay in step: a report whose status changes (hidden content resolves
--    its reports, a colleague dismisses one) is announced on the private `moderation` topic
--    as `report_updated`, next to `report_created`.

create function private.moderation_action_context()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  place uuid;
begin
  if new.target_type = 'review' then
    select r.place_id into place from public.reviews r where r.id = new.target_id;
  elsif new.target_type = 'photo' then
    select ph.place_id into place from public.review_photos ph where ph.id = new.target_id;
  end if;
  if place is not null and not (new.details ? 'place_id') then
    new.details := new.details || jsonb_build_object('place_id', place);
  end if;
  return new;
end
$$;
create trigger moderation_actions_context before insert on public.moderation_actions
  for each row execute function private.moderation_action_context();

update public.moderation_actions a set details = a.details || jsonb_build_object('place_id', r.place_id)
  from public.reviews r where a.target_type = 'review' and r.id = a.target_id and not (a.details ? 'place_id');
update public.moderation_actions a set details = a.details || jsonb_build_object('place_id', ph.place_id)
  from public.review_photos ph where a.target_type = 'photo' and ph.id = a.target_id and not (a.details ? 'place_id');

create function private.broadcast_report_updated()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'target_type', new.target_type, 'target_id', new.target_id,
                       'status', new.status, 'resolved_at', new.resolved_at),
    'report_updated', 'moderation', true);
  return null;
end
$$;
create trigger reports_broadcast_update after update of status on public.reports
  for each row when (old.status is distinct from new.status)
  execute function private.broadcast_report_updated();

revoke execute on function private.moderation_action_context(), private.broadcast_report_updated()
  from public, anon, authenticated;
