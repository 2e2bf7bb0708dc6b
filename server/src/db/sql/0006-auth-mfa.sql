-- Multi-factor authentication as supabase/auth stores it (migrations add_mfa_schema and later):
-- factors per user, challenges per factor; sessions carry aal and factor_id (0002-auth.sql).
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null;
end $$;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
grant all on auth.mfa_factors, auth.mfa_challenges to supabase_auth_admin;
grant select on auth.mfa_factors to service_role;

-- The last TOTP time step that verified, per factor: a code is accepted once (RFC 6238 §5.2),
-- so a code seen over a shoulder or in a log cannot open a second session (decision 303).
create table if not exists _server.mfa_totp_steps (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  last_step bigint not null
);
