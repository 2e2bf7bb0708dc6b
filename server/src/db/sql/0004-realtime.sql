-- Realtime's database side (supabase/realtime tenant migrations): broadcast messages with RLS
-- for private channels, helpers to send from SQL, and the publication for postgres_changes.
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic) where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Delivery after commit: the local realtime service listens on this channel.
create or replace function realtime.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_notify('realtime:messages', json_build_object('id', new.id, 'topic', new.topic, 'private', new.private)::text);
  return null;
end
$$;
drop trigger if exists notify_message on realtime.messages;
create trigger notify_message after insert on realtime.messages for each row execute function realtime.notify_message();

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
exception when others then
  raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to authenticated, service_role;

do $$ begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;
