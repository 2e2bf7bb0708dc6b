-- Passkeys and the OAuth 2.1 server as supabase/auth's migrations define them
-- (20250731150234 … 20260121000000 for the OAuth server, 20260302000000_add_passkeys):
-- WebAuthn credentials and their single-use challenges; OAuth clients, authorization requests
-- and consents; sessions learn the OAuth client and scopes they were issued for.
-- No API role gets a privilege: only the auth service reads or writes these tables.

create table if not exists auth.webauthn_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table if not exists auth.webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

do $$ begin
  create type auth.oauth_registration_type as enum ('dynamic', 'manual');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.oauth_client_type as enum ('public', 'confidential');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.oauth_response_type as enum ('code');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception when duplicate_object then null;
end $$;

create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

create table if not exists auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method auth.code_challenge_method,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz,
  nonce text,
  constraint oauth_authorizations_redirect_uri_length check (char_length(redirect_uri) <= 2048),
  constraint oauth_authorizations_scope_length check (char_length(scope) <= 4096),
  constraint oauth_authorizations_state_length check (char_length(state) <= 4096),
  constraint oauth_authorizations_resource_length check (char_length(resource) <= 2048),
  constraint oauth_authorizations_code_challenge_length check (char_length(code_challenge) <= 128),
  constraint oauth_authorizations_authorization_code_length check (char_length(authorization_code) <= 255),
  constraint oauth_authorizations_nonce_length check (char_length(nonce) <= 255),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at)
);
create index if not exists oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';

create table if not exists auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_user_client_unique unique (user_id, client_id),
  constraint oauth_consents_scopes_length check (char_length(scopes) <= 2048),
  constraint oauth_consents_scopes_not_empty check (char_length(trim(scopes)) > 0),
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at)
);
create index if not exists oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id) where revoked_at is null;
create index if not exists oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index if not exists oauth_consents_active_client_idx on auth.oauth_consents (client_id) where revoked_at is null;

alter table auth.sessions add column if not exists oauth_client_id uuid references auth.oauth_clients (id) on delete cascade;
alter table auth.sessions add column if not exists scopes text constraint sessions_scopes_length check (char_length(scopes) <= 4096);
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
alter table auth.oauth_clients enable row level security;
alter table auth.oauth_authorizations enable row level security;
alter table auth.oauth_consents enable row level security;
revoke all on auth.webauthn_credentials, auth.webauthn_challenges, auth.oauth_clients, auth.oauth_authorizations,
  auth.oauth_consents from public, anon, authenticated, service_role;
grant all on auth.webauthn_credentials, auth.webauthn_challenges, auth.oauth_clients, auth.oauth_authorizations,
  auth.oauth_consents to supabase_auth_admin;
