-- Pinstar's entities (docs/product.md "Entities"): tables, constraints that mirror the app's zod
-- schemas, foreign keys and the indexes every foreign key, policy and hot query needs.
-- Runs on PostgreSQL 15+ and PGlite (PG 18): no PG16+ syntax, no PostGIS.

create extension if not exists pg_trgm with schema extensions;
-- Helpers for policies, triggers and indexes live in a schema the Data API does not expose.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create extension if not exists unaccent with schema extensions;

create type public.user_role as enum ('member', 'moderator', 'admin');
create type public.place_category as enum ('cafe', 'restaurant', 'bar', 'park', 'museum', 'shop', 'viewpoint', 'venue', 'other');
create type public.content_type as enum ('place', 'review', 'photo');
create type public.report_reason as enum ('spam', 'offensive', 'wrong_info', 'closed_or_moved', 'duplicate', 'other');
create type public.report_status as enum ('open', 'resolved', 'dismissed');
create type public.moderation_target as enum ('place', 'review', 'photo', 'profile');
create type public.moderation_action_kind as enum ('hide', 'restore', 'role_change');

-- profiles ------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  display_name text not null,
  bio text,
  avatar_path text,
  role public.user_role not null default 'member',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_username_format check (username ~ '^[a-z0-9_]{3,24}$'),
  constraint profiles_display_name_length check (char_length(btrim(display_name)) between 1 and 50),
  constraint profiles_bio_length check (char_length(bio) <= 280),
  constraint profiles_avatar_path_length check (char_length(avatar_path) between 1 and 300)
);
comment on table public.profiles is 'Public profile of each member, one per auth.users row (created by trigger).';
create unique index profiles_username_key on public.profiles (lower(username));
create index profiles_role_idx on public.profiles (role) where role <> 'member';

-- places --------------------------------------------------------------------------------
create table public.places (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  category public.place_category not null,
  description text not null default '',
  address text,
  lat double precision not null,
  lng double precision not null,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  rating_avg numeric(3, 2) not null default 0,
  rating_count integer not null default 0,
  photo_count integer not null default 0,
  hidden_at timestamptz,
  constraint places_name_length check (char_length(btrim(name)) between 2 and 80),
  constraint places_description_length check (char_length(description) <= 1000),
  constraint places_address_length check (char_length(address) <= 200),
  constraint places_lat_range check (lat between -90 and 90),
  constraint places_lng_range check (lng between -180 and 180),
  constraint places_rating_avg_range check (rating_avg between 0 and 5),
  constraint places_counts_non_negative check (rating_count >= 0 and photo_count >= 0)
);
comment on table public.places is 'A place pinned on the map; rating_avg, rating_count and photo_count are kept by triggers.';
-- 2-D index for viewport and nearby prefilters (core GiST on point(lng, lat), no PostGIS).
create index places_location_idx on public.places using gist (point(lng, lat));
create index places_lat_lng_idx on public.places (lat, lng);
create index places_created_by_idx on public.places (created_by);
create index places_hidden_at_idx on public.places (hidden_at) where hidden_at is not null;
create index places_created_at_idx on public.places (created_at desc);
create index places_name_trgm_idx on public.places using gin (lower(name) extensions.gin_trgm_ops);

-- The search document: name weighs most, then address, then description; unaccented so that
-- "musee" finds "Musée". unaccent() is only stable, so it is pinned to its dictionary here.
create function private.place_search_document(name text, address text, description text)
returns tsvector
language sql immutable parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector('simple'::regconfig, extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(name, ''))), 'A')
      || setweight(to_tsvector('simple'::regconfig, extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(address, ''))), 'B')
      || setweight(to_tsvector('simple'::regconfig, extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(description, ''))), 'C')
$$;
-- Each place's document is stored beside it (kept by a trigger), not as a column of places, so
-- API responses do not carry it and ranking does not recompute it per candidate.
create table private.place_search (
  place_id uuid primary key references public.places (id) on delete cascade,
  document tsvector not null
);
comment on table private.place_search is 'Full-text document of each place, for search_places.';
alter table private.place_search enable row level security;
create index place_search_document_idx on private.place_search using gin (document);

-- reviews -------------------------------------------------------------------------------
create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  place_id uuid not null references public.places (id) on delete cascade,
  -- null once the author deleted their account and chose to keep the review anonymized
  author_id uuid default auth.uid() references public.profiles (id) on delete cascade,
  rating integer not null,
  body text not null,
  visited_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  hidden_at timestamptz,
  constraint reviews_one_per_member unique (place_id, author_id),
  constraint reviews_rating_range check (rating between 1 and 5),
  constraint reviews_body_length check (char_length(btrim(body)) between 20 and 2000),
  -- "not in the future" anywhere on Earth: UTC+14 is at most one calendar day ahead of UTC
  constraint reviews_visited_on_not_future check (visited_on <= current_date + 1),
  constraint reviews_visited_on_plausible check (visited_on >= date '1900-01-01')
);
comment on table public.reviews is 'One review (1-5 stars, 20-2000 chars) per member per place.';
create index reviews_place_created_idx on public.reviews (place_id, created_at desc);
create index reviews_author_created_idx on public.reviews (author_id, created_at desc);
create index reviews_hidden_at_idx on public.reviews (hidden_at) where hidden_at is not null;

-- review_photos -------------------------------------------------------------------------
create table public.review_photos (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.reviews (id) on delete cascade,
  place_id uuid not null references public.places (id) on delete cascade,
  uploader_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  path text not null,
  alt text not null,
  width integer,
  height integer,
  created_at timestamptz not null default now(),
  hidden_at timestamptz,
  constraint review_photos_path_key unique (path),
  constraint review_photos_path_format check (path ~ '^[0-9a-f-]{36}/[^/].*$' and char_length(path) <= 300),
  constraint review_photos_alt_length check (char_length(btrim(alt)) between 1 and 150),
  constraint review_photos_size_range check (width between 1 and 10000 and height between 1 and 10000)
);
comment on table public.review_photos is 'Photos attached to a review (at most 5), stored in the place-photos bucket under <uploader id>/.';
create index review_photos_review_idx on public.review_photos (review_id, created_at);
create index review_photos_place_idx on public.review_photos (place_id, created_at desc);
create index review_photos_uploader_idx on public.review_photos (uploader_id);
create index review_photos_hidden_at_idx on public.review_photos (hidden_at) where hidden_at is not null;

-- stars ---------------------------------------------------------------------------------
create table public.stars (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  place_id uuid not null references public.places (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, place_id)
);
comment on table public.stars is 'Places a member keeps; private to that member.';
create index stars_place_idx on public.stars (place_id);
create index stars_user_created_idx on public.stars (user_id, created_at desc);

-- reports -------------------------------------------------------------------------------
create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid default auth.uid() references public.profiles (id) on delete set null,
  target_type public.content_type not null,
  target_id uuid not null,
  reason public.report_reason not null,
  note text,
  status public.report_status not null default 'open',
  resolved_by uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  constraint reports_note_length check (char_length(note) <= 500),
  constraint reports_resolution_consistent check ((status = 'open') = (resolved_at is null))
);
comment on table public.reports is 'Members report places, reviews or photos; moderators resolve or dismiss them.';
-- one open report per member per target
create unique index reports_one_open_per_member on public.reports (reporter_id, target_type, target_id) where status = 'open';
create index reports_reporter_created_idx on public.reports (reporter_id, created_at desc);
create index reports_target_idx on public.reports (target_type, target_id);
create index reports_status_created_idx on public.reports (status, created_at);
create index reports_resolved_by_idx on public.reports (resolved_by);

-- moderation_actions --------------------------------------------------------------------
create table public.moderation_actions (
  id uuid primary key default gen_random_uuid(),
  moderator_id uuid references public.profiles (id) on delete set null,
  target_type public.moderation_target not null,
  target_id uuid not null,
  action public.moderation_action_kind not null,
  reason text not null,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint moderation_actions_reason_length check (char_length(btrim(reason)) between 1 and 500)
);
comment on table public.moderation_actions is 'Public log of every moderation action (visitors do not see moderator_id).';
create index moderation_actions_created_idx on public.moderation_actions (created_at desc);
create index moderation_actions_target_idx on public.moderation_actions (target_type, target_id);
create index moderation_actions_moderator_idx on public.moderation_actions (moderator_id);
