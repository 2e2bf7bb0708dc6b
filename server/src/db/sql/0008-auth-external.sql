-- Codes the emulated OAuth providers hand to /auth/v1/callback (decision 185): one use each,
-- shared by every server process on one PostgreSQL, pruned after five minutes.
create table if not exists _server.auth_emulator_codes (
  code text primary key,
  provider text not null,
  user_data jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on _server.auth_emulator_codes from public;
