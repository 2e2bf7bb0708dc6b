-- State that several server processes on one PostgreSQL share (decision 160).

-- Auth rate limits: one fixed window per (bucket, key), counted by every process.
create table if not exists _server.auth_rate_limits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, key)
);

-- Realtime messages between processes (client broadcasts, presence) too big for a NOTIFY:
-- parked here, their id is notified, every process reads them; pruned after a minute.
create table if not exists _server.realtime_fanout (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);

-- Parked changes are read by every process, so they are pruned by age instead of on read.
alter table _server.realtime_changes add column if not exists created_at timestamptz not null default now();
