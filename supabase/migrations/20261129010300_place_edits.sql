-- Suggested edits and the public history of a place (docs/product.md "Suggested edits",
-- decision 322). Past 300 lines: the table, its two functions and the triggers that keep the
-- history, the notifications and the live topics read best as one story.
--
--   place_edits   one row per change: a member's suggestion (pending → accepted or rejected) or a
--                 direct edit by the place's creator or a moderator (applied). `changes` holds the
--                 new values, `previous` the values they replace (for a suggestion: as the member
--                 saw them), field by field: name, category, address, lat and lng (the pin),
--                 time_zone and opening_hours (hours), phone, website, price_level (contact).
--   Members suggest with suggest_place_edit (checked against the places constraints at once);
--   the place's creator, trusted members (private.is_trusted_member) and moderators decide with
--   decide_place_edit, which applies an accepted change in one statement. A pending or rejected
--   suggestion never touches the place. Notifications are written here, by triggers only.

create type public.place_edit_status as enum ('pending', 'accepted', 'rejected', 'applied');

create table public.place_edits (
  id uuid primary key default gen_random_uuid(),
  place_id uuid not null references public.places (id) on delete cascade,
  -- null once the member deleted their account (the history stays)
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  changes jsonb not null,
  previous jsonb not null,
  note text not null default '',
  status public.place_edit_status not null default 'pending',
  -- how the decider stood (creator, trusted, moderator); who they were is not public
  decided_as text,
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  reason text,
  created_at timestamptz not null default now(),
  constraint place_edits_changes_fields check (
    jsonb_typeof(changes) = 'object' and changes <> '{}'::jsonb
    and changes - array['name', 'category', 'address', 'lat', 'lng', 'time_zone', 'opening_hours', 'phone', 'website', 'price_level'] = '{}'::jsonb),
  constraint place_edits_previous_object check (jsonb_typeof(previous) = 'object'),
  constraint place_edits_note_length check (char_length(note) <= 500),
  constraint place_edits_reason_length check (char_length(reason) <= 500),
  constraint place_edits_decided_as check (decided_as in ('creator', 'trusted', 'moderator')),
  constraint place_edits_decision_consistent check ((status = 'pending') = (decided_at is null))
);
comment on table public.place_edits is 'Suggested and direct edits of places: the public history (who, when, what, the previous value) and the queue of suggestions.';
create index place_edits_place_created_idx on public.place_edits (place_id, created_at desc);
create index place_edits_author_created_idx on public.place_edits (author_id, created_at desc);
create index place_edits_pending_idx on public.place_edits (created_at) where status = 'pending';
create index place_edits_decided_by_idx on public.place_edits (decided_by);
-- one suggestion waiting per member and place: a second one would race the first
create unique index place_edits_one_pending_per_author on public.place_edits (place_id, author_id) where status = 'pending';

alter table public.notification_preferences add column place_edits boolean not null default true;
alter table public.notifications add column place_edit_id uuid references public.place_edits (id) on delete cascade;
create index notifications_place_edit_idx on public.notifications (place_edit_id);
grant insert (place_edits) on public.notification_preferences to authenticated;
grant update (place_edits) on public.notification_preferences to authenticated;

create or replace function private.wants_notification(recipient uuid, kind public.notification_kind)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select case kind::text
        when 'reply' then p.reply
        when 'helpful' then p.helpful
        when 'follow' then p.follow
        when 'new_review' then p.new_review
        when 'content_hidden' then p.moderation
        when 'content_restored' then p.moderation
        when 'report_resolved' then p.reports
        when 'report_dismissed' then p.reports
        when 'list_invite' then p.list_invite
        when 'list_private' then p.list_invite
        when 'edit_suggested' then p.place_edits
        when 'edit_accepted' then p.place_edits
        when 'edit_rejected' then p.place_edits
      end
      from public.notification_preferences p where p.user_id = recipient),
    kind::text <> 'new_review')
$$;

-- Who wrote a moderated item (places, reviews, photos, replies, lists, list notes).
create function private.moderation_target_owner(target_type text, target_id uuid)
returns uuid
language sql stable security definer
set search_path = ''
as $$
  select case target_type
    when 'place' then (select p.created_by from public.places p where p.id = target_id)
    when 'review' then (select r.author_id from public.reviews r where r.id = target_id)
    when 'photo' then (select ph.uploader_id from public.review_photos ph where ph.id = target_id)
    when 'reply' then (select rr.author_id from public.review_replies rr where rr.id = target_id)
    when 'list' then (select l.owner_id from public.lists l where l.id = target_id)
    when 'list_note' then (select lp.added_by from public.list_places lp where lp.id = target_id)
  end
$$;

-- Trusted members ---------------------------------------------------------------------------
-- Decision 322: a member for at least 30 days with at least 10 kept reviews (visible, on visible
-- places, written at least 7 days ago) and nothing of theirs hidden by moderators in 90 days.
create function private.is_trusted_member(member uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select p.created_at <= now() - interval '30 days' from public.profiles p where p.id = member), false)
     and (select count(*) from (
            select 1 from public.reviews r join public.places pl on pl.id = r.place_id
             where r.author_id = member and r.hidden_at is null and pl.hidden_at is null
               and r.created_at <= now() - interval '7 days'
             limit 10) kept) >= 10
     and not exists (
            select 1 from public.moderation_actions a
             where a.action = 'hide' and a.created_at > now() - interval '90 days'
               and member = private.moderation_target_owner(a.target_type::text, a.target_id))
$$;
comment on function private.is_trusted_member(uuid) is 'Decision 322: 30 days a member, 10 kept reviews (visible, at least 7 days old), nothing hidden by moderators in 90 days.';

-- How the caller stands to decide on a place's suggestions: creator, moderator, trusted or null.
create function private.place_edit_decider(place uuid)
returns text
language sql stable security definer
set search_path = ''
as $$
  select case
    when (select auth.uid()) is null then null
    when private.is_moderator() then 'moderator'
    when exists (select 1 from public.places p where p.id = place and p.created_by = (select auth.uid())) then 'creator'
    when private.is_trusted_member((select auth.uid())) then 'trusted'
  end
$$;

-- The fields of a place an edit may change, as jsonb (what `previous` records).
create function private.place_edit_values(p public.places, fields text[])
returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb)
    from jsonb_each(to_jsonb(p)) f
   where f.key = any (fields)
$$;

-- Writes `changes` onto the place (one statement: the constraints and triggers of places apply).
create function private.apply_place_changes(place uuid, changes jsonb)
returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.places p set
    name = case when changes ? 'name' then changes ->> 'name' else p.name end,
    category = case when changes ? 'category' then (changes ->> 'category')::public.place_category else p.category end,
    address = case when changes ? 'address' then changes ->> 'address' else p.address end,
    lat = case when changes ? 'lat' then (changes ->> 'lat')::double precision else p.lat end,
    lng = case when changes ? 'lng' then (changes ->> 'lng')::double precision else p.lng end,
    time_zone = case when changes ? 'time_zone' then changes ->> 'time_zone' else p.time_zone end,
    opening_hours = case when changes ? 'opening_hours' then nullif(changes -> 'opening_hours', 'null'::jsonb) else p.opening_hours end,
    phone = case when changes ? 'phone' then changes ->> 'phone' else p.phone end,
    website = case when changes ? 'website' then changes ->> 'website' else p.website end,
    price_level = case when changes ? 'price_level' then (changes ->> 'price_level')::smallint else p.price_level end
   where p.id = place
$$;

-- suggest_place_edit --------------------------------------------------------------------------
create function public.suggest_place_edit(place_id uuid, changes jsonb, note text default '')
returns public.place_edits
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  found public.places;
  fields text[];
  wanted jsonb;
  created public.place_edits;
begin
  if me is null then
    raise exception 'Sign in to suggest an edit.' using errcode = '42501';
  end if;
  if suggest_place_edit.place_id is null or changes is null or jsonb_typeof(changes) <> 'object' then
    raise exception 'place_id and changes (an object) are required.' using errcode = '22023';
  end if;
  if char_length(coalesce(note, '')) > 500 then
    raise exception 'Keep the note under 500 characters (place_edits_note_length).' using errcode = '23514';
  end if;
  if (select count(*) from jsonb_object_keys(changes) k
       where k not in ('name', 'category', 'address', 'lat', 'lng', 'time_zone', 'opening_hours', 'phone', 'website', 'price_level')) > 0 then
    raise exception 'Only the name, category, address, pin, hours and contact can be suggested.' using errcode = '22023';
  end if;
  -- each value of the type its column takes (text as a JSON string, numbers as numbers, hours
  -- as an object); null clears what may be empty
  if exists (select 1 from jsonb_each(changes) c
              where jsonb_typeof(c.value) <> case
                      when c.key in ('lat', 'lng', 'price_level') then 'number'
                      when c.key = 'opening_hours' then 'object'
                      else 'string' end
                and not (jsonb_typeof(c.value) = 'null' and c.key in ('address', 'time_zone', 'opening_hours', 'phone', 'website', 'price_level'))) then
    raise exception 'Each value must be of its field''s type: text, a number, or hours.' using errcode = '22023';
  end if;
  select * into found from public.places p where p.id = suggest_place_edit.place_id and p.hidden_at is null;
  if found.id is null then
    -- PostgREST's custom error (20261125120100_histogram_not_found.sql): 404, code P0002
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Place not found.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  if (select count(*) from public.place_edits e where e.author_id = me and e.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'You can suggest at most 20 edits an hour. Try again later.' using errcode = 'P0001';
  end if;
  -- only what differs from the place as it is
  select coalesce(jsonb_object_agg(c.key, c.value), '{}'::jsonb) into wanted
    from jsonb_each(changes) c
   where c.value is distinct from coalesce(to_jsonb(found) -> c.key, 'null'::jsonb);
  if wanted = '{}'::jsonb then
    raise exception 'This suggestion changes nothing.' using errcode = '22023';
  end if;
  fields := array(select jsonb_object_keys(wanted));
  -- The place's own constraints judge the values now, in a savepoint rolled back at once: a
  -- suggestion that could never be accepted is refused with the constraint that breaks.
  begin
    perform set_config('pinstar.place_edit', 'check', true);
    perform private.apply_place_changes(found.id, wanted);
    raise exception using errcode = 'P0004', message = 'pinstar: checked';
  exception when sqlstate 'P0004' then
    null;
  end;
  perform set_config('pinstar.place_edit', '', true);
  insert into public.place_edits (place_id, author_id, changes, previous, note)
  values (found.id, me, wanted, private.place_edit_values(found, fields), btrim(coalesce(note, '')))
  returning * into created;
  return created;
end
$$;
comment on function public.suggest_place_edit(uuid, jsonb, text) is 'A member suggests new values for a place''s name, category, address, pin, hours or contact; checked against the place''s constraints, stored pending.';

-- decide_place_edit ---------------------------------------------------------------------------
create function public.decide_place_edit(edit_id uuid, accept boolean, reason text default null)
returns public.place_edits
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  edit public.place_edits;
  found public.places;
  standing text;
  decided public.place_edits;
begin
  if me is null then
    raise exception 'Sign in to decide on suggestions.' using errcode = '42501';
  end if;
  if edit_id is null or accept is null then
    raise exception 'edit_id and accept are required.' using errcode = '22023';
  end if;
  if char_length(coalesce(reason, '')) > 500 then
    raise exception 'Keep the reason under 500 characters (place_edits_reason_length).' using errcode = '23514';
  end if;
  select * into edit from public.place_edits e where e.id = edit_id for update;
  if edit.id is null then
    -- PostgREST's custom error (20261125120100_histogram_not_found.sql): 404, code P0002
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'P0002', 'message', 'Suggestion not found.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  -- the place first, then the check: two deciders queue here, the second sees the first's outcome
  select * into found from public.places p where p.id = edit.place_id for no key update;
  standing := private.place_edit_decider(edit.place_id);
  if standing is null then
    raise exception 'Only the place''s creator, trusted members and moderators decide on suggestions.' using errcode = '42501';
  end if;
  if edit.author_id = me then
    raise exception 'Someone else decides on your own suggestion.' using errcode = '42501';
  end if;
  if edit.status <> 'pending' then
    raise exception 'This suggestion was already %.', edit.status using errcode = 'P0001';
  end if;
  if found.hidden_at is not null and standing <> 'moderator' then
    raise exception 'This place is hidden; only moderators decide on its suggestions.' using errcode = '42501';
  end if;
  if accept then
    if private.place_edit_values(found, array(select jsonb_object_keys(edit.previous))) is distinct from edit.previous then
      raise exception 'The place has changed since this suggestion was made. Reject it, and suggest again from the place as it is now.'
        using errcode = 'P0001';
    end if;
    perform set_config('pinstar.place_edit', edit.id::text, true);
    perform private.apply_place_changes(edit.place_id, edit.changes);
    perform set_config('pinstar.place_edit', '', true);
  end if;
  update public.place_edits e
     set status = case when accept then 'accepted' else 'rejected' end::public.place_edit_status,
         decided_as = standing, decided_by = me, decided_at = now(), reason = nullif(btrim(decide_place_edit.reason), '')
   where e.id = edit.id
  returning * into decided;
  return decided;
end
$$;
comment on function public.decide_place_edit(uuid, boolean, text) is 'The place''s creator, a trusted member or a moderator accepts (applied at once, in one statement) or rejects a pending suggestion.';

-- Whether the caller may decide on this place's suggestions (the app shows Accept / Reject).
create function public.place_edit_standing(place_id uuid)
returns text
language sql stable security definer
set search_path = ''
as $$
  select private.place_edit_decider(place_edit_standing.place_id)
$$;
comment on function public.place_edit_standing(uuid) is 'creator, trusted or moderator when the caller decides on the place''s suggestions; null otherwise.';

-- History of direct edits ---------------------------------------------------------------------
-- The creator's or a moderator's own edit of the form is recorded as applied; an accepted
-- suggestion is already recorded (pinstar.place_edit names it), and so is nothing done without a
-- member (the seed, the service role).
create function private.places_record_edit()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  fields text[];
  me uuid := auth.uid();
begin
  if coalesce(current_setting('pinstar.place_edit', true), '') <> '' or me is null then
    return null;
  end if;
  select array_agg(n.key) into fields
    from jsonb_each(private.place_edit_values(new, array['name', 'category', 'address', 'lat', 'lng', 'time_zone', 'opening_hours', 'phone', 'website', 'price_level'])) n
   where n.value is distinct from to_jsonb(old) -> n.key;
  if fields is null then
    return null;
  end if;
  insert into public.place_edits (place_id, author_id, changes, previous, status, decided_as, decided_by, decided_at)
  values (new.id, me, private.place_edit_values(new, fields), private.place_edit_values(old, fields), 'applied',
          case when new.created_by = me then 'creator' else 'moderator' end, me, now());
  return null;
end
$$;
create trigger places_record_edit after update of name, category, address, lat, lng, time_zone, opening_hours, phone, website, price_level
  on public.places for each row execute function private.places_record_edit();

-- Notifications and live topics ----------------------------------------------------------------
create function private.place_edits_changed()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  edit public.place_edits := case when tg_op = 'DELETE' then old else new end;
  creator uuid;
  outcome public.notification_kind;
begin
  if tg_op = 'INSERT' and new.status = 'pending' then
    select p.created_by into creator from public.places p where p.id = new.place_id;
    if creator is not null and creator is distinct from new.author_id and private.wants_notification(creator, 'edit_suggested') then
      insert into public.notifications (recipient_id, kind, actor_id, place_id, place_edit_id)
      values (creator, 'edit_suggested', new.author_id, new.place_id, new.id);
    end if;
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status in ('accepted', 'rejected') then
    -- the suggestion is answered: the creator's notice of it is read, the author learns the outcome
    update public.notifications n set read_at = now() where n.place_edit_id = new.id and n.kind = 'edit_suggested' and n.read_at is null;
    outcome := case when new.status = 'accepted' then 'edit_accepted' else 'edit_rejected' end;
    if new.author_id is not null and new.author_id is distinct from new.decided_by and private.wants_notification(new.author_id, outcome) then
      insert into public.notifications (recipient_id, kind, place_id, place_edit_id, reason)
      values (new.author_id, outcome, new.place_id, new.id, new.reason);
    end if;
  end if;
  -- who looks at the place (its history) and the moderators' queue hear of it; only ids travel
  perform realtime.send(jsonb_build_object('id', edit.id, 'place_id', edit.place_id, 'status', edit.status, 'operation', tg_op),
                        'place_edit', 'place:' || edit.place_id::text, true);
  if edit.status = 'pending' or (tg_op = 'UPDATE' and old.status = 'pending') then
    perform realtime.send(jsonb_build_object('id', edit.id, 'place_id', edit.place_id, 'status', edit.status, 'operation', tg_op),
                          'place_edit', 'moderation', true);
  end if;
  return null;
end
$$;
create trigger place_edits_changed after insert or update of status or delete on public.place_edits
  for each row execute function private.place_edits_changed();

-- A hidden place withdraws the notices of its suggestions, as it does for reviews.
create function private.place_edits_withdraw_hidden()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from public.notifications n where n.place_id = new.id and n.kind::text in ('edit_suggested', 'edit_accepted', 'edit_rejected');
  return null;
end
$$;
create trigger places_withdraw_edit_notifications after update of hidden_at on public.places
  for each row when (old.hidden_at is null and new.hidden_at is not null)
  execute function private.place_edits_withdraw_hidden();

revoke execute on function private.is_trusted_member(uuid), private.moderation_target_owner(text, uuid), private.place_edit_decider(uuid),
  private.place_edit_values(public.places, text[]), private.apply_place_changes(uuid, jsonb), private.places_record_edit(),
  private.place_edits_changed(), private.place_edits_withdraw_hidden()
  from public, anon, authenticated;
revoke execute on function public.suggest_place_edit(uuid, jsonb, text), public.decide_place_edit(uuid, boolean, text) from public, anon;
grant execute on function public.suggest_place_edit(uuid, jsonb, text), public.decide_place_edit(uuid, boolean, text) to authenticated, service_role;
revoke execute on function public.place_edit_standing(uuid) from public;
grant execute on function public.place_edit_standing(uuid) to anon, authenticated, service_role;

-- Row level security: one policy per operation per role ------------------------------------------
-- The history is public with its place (a hidden place's history: its creator and moderators);
-- who decided is not (no column grant but to the service role). Suggestions are written and
-- decided through the functions above only; their author withdraws one still pending.
alter table public.place_edits enable row level security;
grant select (id, place_id, author_id, changes, previous, note, status, decided_as, decided_at, reason, created_at)
  on public.place_edits to anon, authenticated;
grant delete on public.place_edits to authenticated;
grant select, insert, update, delete on public.place_edits to service_role;
create policy place_edits_select_anon on public.place_edits for select to anon
  using (exists (select 1 from public.places p where p.id = place_id and p.hidden_at is null));
create policy place_edits_select_member on public.place_edits for select to authenticated
  using (exists (select 1 from public.places p where p.id = place_id
                  and (p.hidden_at is null or p.created_by = (select auth.uid()) or (select private.is_moderator()))));
create policy place_edits_delete_own on public.place_edits for delete to authenticated
  using (author_id = (select auth.uid()) and status = 'pending');

-- Deleting an account withdraws its pending suggestions; its accepted ones stay in the history
-- without a name (author_id set null by the foreign key).
create or replace function public.delete_account(user_id uuid, reviews text)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  affected integer;
begin
  if delete_account.reviews is null or delete_account.reviews not in ('delete', 'anonymize') then
    raise exception 'reviews must be "delete" or "anonymize".' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = delete_account.user_id for update;
  if not found then
    raise exception 'This account has already been deleted.' using errcode = 'P0002';
  end if;
  delete from public.place_edits e where e.author_id = delete_account.user_id and e.status = 'pending';
  if delete_account.reviews = 'anonymize' then
    update public.review_replies rr set author_id = null where rr.author_id = delete_account.user_id;
    update public.reviews r set author_id = null where r.author_id = delete_account.user_id;
  else
    delete from public.reviews r where r.author_id = delete_account.user_id;
  end if;
  get diagnostics affected = row_count;
  delete from auth.users u where u.id = delete_account.user_id;
  return affected;
end
$$;
