-- The hours trigger made lighter (decision 438): it ran on every change of a place's rating,
-- and each run parsed the place's hours again (about 1.4 ms on this project's machine, paid by
-- every review). A change that leaves the hours and the time zone as they were now only copies
-- the columns place_hours carries. The helpers that turn hours into minutes are SQL functions
-- planned again on every statement that calls them; as PL/pgSQL they keep their plans for the
-- session, and opening_minute, one expression, is inlined where it is used; the trigger and the
-- loads that write place_hours in bulk share private.hours_minutes. Same minutes as before.

create or replace function private.opening_minute(hhmm text)
returns integer
language sql immutable parallel safe
-- (no SET clause, which would keep it from being inlined: it names nothing a search path could change)
return split_part(hhmm, ':', 1)::integer * 60 + split_part(hhmm, ':', 2)::integer;

create or replace function private.opening_minutes(ranges jsonb)
returns int4multirange
language plpgsql immutable parallel safe
set search_path = ''
as $$
begin
  return (select coalesce(range_agg(int4range(o, case when c <= o then c + 1440 else c end)), '{}')
            from (select private.opening_minute(r ->> 0) as o, private.opening_minute(r ->> 1) as c
                    from jsonb_array_elements(coalesce(ranges, '[]')) r) m);
end
$$;

create or replace function private.week_minutes(week int4multirange[])
returns int4multirange
language plpgsql immutable parallel safe
set search_path = ''
as $$
begin
  return (select coalesce(range_agg(s.piece), '{}')
            from unnest(week) with ordinality d(ranges, day), unnest(d.ranges) r,
                 unnest(array[0, -10080]) k,
                 lateral (select int4range(lower(r) + (d.day::integer - 1) * 1440 + k, upper(r) + (d.day::integer - 1) * 1440 + k)
                                 * int4range(0, 10080) as piece) s
           where not isempty(s.piece));
end
$$;

create or replace function private.exception_days(exceptions jsonb)
returns datemultirange
language plpgsql immutable parallel safe
set search_path = ''
as $$
begin
  return (select coalesce(range_agg(daterange(e.key::date, e.key::date + 2)), '{}') from jsonb_each(exceptions) e);
end
$$;

-- A place's hours as place_hours keeps them: the week's minutes per day, the exceptions' minutes
-- by date, the week as minutes from Monday 00:00 and the dates the exceptions decide. One
-- function for the trigger and for loads that write place_hours in bulk.
create function private.hours_minutes(hours jsonb, out week int4multirange[], out exceptions jsonb,
                                      out week_minutes int4multirange, out exception_days datemultirange)
language plpgsql immutable parallel safe
set search_path = ''
as $$
begin
  week := (select array_agg(private.opening_minutes(d.value) order by d.ordinality)
             from jsonb_array_elements(hours -> 'weekly') with ordinality d);
  exceptions := coalesce((select jsonb_object_agg(e ->> 'date', private.opening_minutes(e -> 'hours')::text)
                            from jsonb_array_elements(coalesce(hours -> 'exceptions', '[]')) e), '{}');
  week_minutes := private.week_minutes(week);
  exception_days := private.exception_days(exceptions);
end
$$;
revoke execute on function private.hours_minutes(jsonb) from public, anon, authenticated;

create or replace function private.places_hours_refresh()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  m record;
begin
  if new.opening_hours is null then
    delete from private.place_hours h where h.place_id = new.id;
    return null;
  end if;
  if tg_op = 'UPDATE' and new.opening_hours = old.opening_hours and new.time_zone is not distinct from old.time_zone then
    -- the hours are as they were: only what place_hours copies from the place
    update private.place_hours h
       set rating_count = new.rating_count, rating_avg = new.rating_avg, category = new.category,
           lat = new.lat, lng = new.lng, hidden_at = new.hidden_at, created_by = new.created_by
     where h.place_id = new.id;
    if found then
      return null;
    end if;
  end if;
  select * into m from private.hours_minutes(new.opening_hours);
  insert into private.place_hours as h (place_id, time_zone, week, exceptions, week_minutes, exception_days,
                                        rating_count, rating_avg, category, lat, lng, hidden_at, created_by)
  values (new.id, new.time_zone, m.week, m.exceptions, m.week_minutes, m.exception_days,
          new.rating_count, new.rating_avg, new.category, new.lat, new.lng, new.hidden_at, new.created_by)
  on conflict (place_id) do update
    set time_zone = excluded.time_zone, week = excluded.week, exceptions = excluded.exceptions,
        week_minutes = excluded.week_minutes, exception_days = excluded.exception_days,
        rating_count = excluded.rating_count, rating_avg = excluded.rating_avg, category = excluded.category,
        lat = excluded.lat, lng = excluded.lng,
        hidden_at = excluded.hidden_at, created_by = excluded.created_by;
  return null;
end
$$;
