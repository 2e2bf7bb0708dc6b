-- The storage schema as supabase/storage creates it (migrations/tenant), with its helpers.
do $$ begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS');
exception when duplicate_object then null;
end $$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on all tables in schema storage to supabase_storage_admin;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;

-- Columns later storage migrations added (0062 object versioning keeps `version` per upload).
alter table storage.buckets add column if not exists versioning_status text not null default 'DISABLED';

-- storage.operation() (0024): policies may branch on the API operation being performed.
create or replace function storage.operation() returns text
language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

-- Direct deletes are refused unless the Storage API sets storage.allow_delete_query (0055):
-- a row deleted behind the API's back would orphan its file.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- storage.search (0063 signature): one level of a "folder" listing. SECURITY INVOKER, so the
-- caller's RLS policies on storage.objects decide which rows (and so which folders) appear.
-- Folders come back with a null id and metadata; names are relative to `prefix`; the prefix
-- match is case-insensitive as upstream's. `levels` is kept for signature compatibility only.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable security invoker as $$
declare
  v_prefix text := coalesce(prefix, '') || coalesce(search, '');
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at' else 'name' end;
  v_dir text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
  v_order text;
begin
  if v_column = 'name' then
    v_order := format('lower(e.name) collate "C" %s, e.name collate "C" %s', v_dir, v_dir);
  else
    v_order := format('e.is_folder desc, (case when e.is_folder then lower(e.name) end) collate "C" %s, e.%I %s, e.name collate "C" %s',
      v_dir, v_column, v_dir, v_dir);
  end if;
  return query execute format($q$
    with matched as (
      select o.name as full_name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
        strpos(substring(o.name from $3 + 1), '/') as slash
      from storage.objects o
      where o.bucket_id = $1 and starts_with(lower(o.name), lower($2))
    ), entries as (
      select distinct substring(m.full_name from $4 + 1 for $3 - $4 + m.slash - 1) as name,
        null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
        null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder
      from matched m where m.slash > 0
      union all
      select substring(m.full_name from $4 + 1), m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, false
      from matched m where m.slash = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    order by %s
    limit $5 offset $6
  $q$, v_order)
  using bucketname, v_prefix, length(v_prefix), length(coalesce(prefix, '')), least(coalesce(limits, 100), 1500), coalesce(offsets, 0);
end
$$;

grant execute on function storage.operation(), storage.search(text, text, int, int, int, text, text, text) to anon, authenticated, service_role;

-- updated_at follows every change of an object row (0011), e.g. an upsert replacing the file.
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
