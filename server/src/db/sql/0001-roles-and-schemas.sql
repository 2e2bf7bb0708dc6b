-- What every Supabase database has before the project's migrations run:
-- the API roles, the system schemas and their grants (supabase/postgres init-scripts).
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role', 'supabase_admin',
    'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin', 'dashboard_user'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin noinherit', r);
    end if;
  end loop;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres superuser login;
  end if;
end
$$;

alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit bypassrls;
alter role supabase_admin bypassrls createrole createdb;
alter role supabase_auth_admin createrole;
alter role supabase_storage_admin bypassrls;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists realtime;
create schema if not exists graphql_public;
create schema if not exists supabase_migrations;

grant usage on schema public, extensions, graphql_public to postgres, anon, authenticated, service_role;
grant usage on schema auth, storage, realtime to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
grant all on schema realtime to supabase_realtime_admin;
grant create on schema public to postgres;
revoke create on schema public from public;

create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

-- Like hosted projects since 2026, new tables in public get no automatic grants to the API
-- roles: migrations grant explicitly. Functions and sequences keep Supabase's defaults.
alter default privileges in schema public grant usage, select on sequences to anon, authenticated, service_role;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
