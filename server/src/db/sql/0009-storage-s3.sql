-- S3 multipart uploads as supabase/storage keeps them (migrations/tenant 0021, 0022, 0057):
-- an upload and its parts, written by the storage service itself; the API roles get no policy.
create table if not exists storage.s3_multipart_uploads (
  id text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  version text not null,
  owner_id text,
  created_at timestamptz not null default now(),
  user_metadata jsonb,
  metadata jsonb
);
create index if not exists idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);

create table if not exists storage.s3_multipart_uploads_parts (
  id uuid primary key default gen_random_uuid(),
  upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size bigint not null default 0,
  part_number int not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  etag text not null,
  owner_id text,
  version text not null,
  created_at timestamptz not null default now()
);
create unique index if not exists s3_multipart_uploads_parts_number on storage.s3_multipart_uploads_parts (upload_id, part_number);

alter table storage.s3_multipart_uploads enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;
grant all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to service_role, supabase_storage_admin;
