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

-- Delivery after commit: the local realtime service LISTENs on this channel. Small messages
-- travel inside the notification; bigger ones (NOTIFY payloads stop at 8000 bytes) by id.
-- Only broadcasts are delivered: authorization probes insert other rows and roll back.
create or replace function realtime.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  body text;
begin
  if new.extension <> 'broadcast' or new.event is null then
    return null;
  end if;
  body := json_build_object('id', new.id, 'topic', new.topic, 'event', new.event, 'private', coalesce(new.private, true), 'payload', new.payload)::text;
  if octet_length(body) > 7500 then
    body := json_build_object('id', new.id, 'big', true)::text;
  end if;
  perform pg_notify('realtime:messages', body);
  return null;
end
$$;
drop trigger if exists notify_message on realtime.messages;
create trigger notify_message after insert on realtime.messages for each row execute function realtime.notify_message();

-- As upstream (migrations 20251103001201, 20240919163303): security invoker, so a caller needs
-- an INSERT policy on realtime.messages (trigger functions are usually security definer);
-- failures become a WARNING and no broadcast. The message id is added to the payload.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql as $$
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
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to authenticated, service_role;

do $$ begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- postgres_changes without logical replication: the service installs this AFTER ROW trigger on
-- every table of the supabase_realtime publication (_server.realtime_sync_capture). Each change
-- is NOTIFYed after commit; rows too big for a notification are parked in a queue table.
create table if not exists _server.realtime_changes (
  id bigint generated always as identity primary key,
  body jsonb not null
);

create or replace function _server.realtime_capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  body text;
  parked bigint;
begin
  body := json_build_object(
    'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end)::text;
  if octet_length(body) > 7500 then
    insert into _server.realtime_changes (body) values (body::jsonb) returning id into parked;
    body := json_build_object('parked', parked)::text;
  end if;
  perform pg_notify('realtime:changes', body);
  return null;
end
$$;

-- Puts the capture trigger on every published table and takes it off tables that left.
create or replace function _server.realtime_sync_capture() returns void
language plpgsql set search_path = '' as $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as rel from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_publication_tables p on p.schemaname = n.nspname and p.tablename = c.relname and p.pubname = 'supabase_realtime'
    where c.relkind = 'r'
      and not exists (select 1 from pg_catalog.pg_trigger g where g.tgrelid = c.oid and g.tgname = 'zz_realtime_capture')
  loop
    execute format('create trigger zz_realtime_capture after insert or update or delete on %s for each row execute function _server.realtime_capture()', t.rel);
  end loop;
  for t in
    select g.tgrelid::regclass as rel from pg_catalog.pg_trigger g
    join pg_catalog.pg_class c on c.oid = g.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'zz_realtime_capture'
      and not exists (select 1 from pg_catalog.pg_publication_tables p where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger zz_realtime_capture on %s', t.rel);
  end loop;
end
$$;
