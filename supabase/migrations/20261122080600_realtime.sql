-- Realtime: database triggers broadcast changes on private channels (Supabase's current
-- recommendation over postgres_changes), authorized by RLS on realtime.messages.
--   place:<id>  review and photo changes of one place, plus presence ("N people here now")
--   places      new and changed places (the map)
--   moderation  new reports, for moderators and admins only
-- Payload of broadcast_changes: {record, old_record, operation, table, schema}; the event is
-- the operation (INSERT, UPDATE, DELETE).

create function private.broadcast_review_change()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  place uuid := case when tg_op = 'DELETE' then old.place_id else new.place_id end;
begin
  -- edits to content that stays hidden are not announced on a public topic
  if tg_op = 'UPDATE' and old.hidden_at is not null and new.hidden_at is not null then
    return null;
  end if;
  perform realtime.broadcast_changes('place:' || place::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end
$$;
create trigger reviews_broadcast after insert or update or delete on public.reviews
  for each row execute function private.broadcast_review_change();
create trigger review_photos_broadcast after insert or update or delete on public.review_photos
  for each row execute function private.broadcast_review_change();

create function private.broadcast_place_change()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.hidden_at is not null and new.hidden_at is not null then
    return null;
  end if;
  perform realtime.broadcast_changes('places', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  if tg_op <> 'INSERT' then
    perform realtime.broadcast_changes('place:' || coalesce(new.id, old.id)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  end if;
  return null;
end
$$;
create trigger places_broadcast after insert or update or delete on public.places
  for each row execute function private.broadcast_place_change();

create function private.broadcast_report_created()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'target_type', new.target_type, 'target_id', new.target_id,
                       'reason', new.reason, 'created_at', new.created_at),
    'report_created', 'moderation', true);
  return null;
end
$$;
create trigger reports_broadcast after insert on public.reports
  for each row execute function private.broadcast_report_created();

revoke execute on function private.broadcast_review_change(), private.broadcast_place_change(), private.broadcast_report_created()
  from public, anon, authenticated;

-- Who may join which private topic. Receiving (select) is open on the public topics; sending
-- broadcasts (insert) is nobody's from a client; presence on a place is everyone's.
create policy "pinstar: visitors receive public topics" on realtime.messages for select to anon
  using (realtime.messages.extension in ('broadcast', 'presence')
    and ((select realtime.topic()) = 'places' or (select realtime.topic()) like 'place:%'));
create policy "pinstar: members receive public and moderation topics" on realtime.messages for select to authenticated
  using ((realtime.messages.extension in ('broadcast', 'presence')
      and ((select realtime.topic()) = 'places' or (select realtime.topic()) like 'place:%'))
    or (realtime.messages.extension = 'broadcast' and (select realtime.topic()) = 'moderation' and (select private.is_moderator())));
create policy "pinstar: visitors share presence on places" on realtime.messages for insert to anon
  with check (realtime.messages.extension = 'presence' and (select realtime.topic()) like 'place:%');
create policy "pinstar: members share presence on places" on realtime.messages for insert to authenticated
  with check (realtime.messages.extension = 'presence' and (select realtime.topic()) like 'place:%');
