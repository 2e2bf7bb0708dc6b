/**
 * The rows the triggers on `public.places` derive — the search entry (name and document), the
 * count of its map cell and its hours as minutes (each distinct week of hours computed once) —
 * written in bulk for the places `where` picks, for data loaded as a restore would load it,
 * with the triggers off: the data tests' loads and the query bench's loader.
 */
export function derivedPlaceRows(where: string): { search: string; grid: string; hours: string } {
  return {
    search: `insert into private.place_search (place_id, document, name, name_trigrams)
      select id, private.place_search_document(name, address, description), lower(name), cardinality(extensions.show_trgm(lower(name)))
        from public.places where ${where}`,
    grid: `insert into private.place_grid as g (lat_cell, lng_cell, places)
      select floor(lat), floor(lng), count(*) from public.places where ${where} group by 1, 2
          on conflict (lat_cell, lng_cell) do update set places = g.places + excluded.places`,
    hours: `insert into private.place_hours (place_id, time_zone, week, exceptions, week_minutes, exception_days,
                                       rating_count, rating_avg, category, lat, lng, hidden_at, created_by)
      with shapes as materialized (
        select s.hours, m.* from (select distinct opening_hours as hours from public.places where (${where}) and opening_hours is not null) s
         cross join lateral private.hours_minutes(s.hours) m)
      select p.id, p.time_zone, s.week, s.exceptions, s.week_minutes, s.exception_days,
             p.rating_count, p.rating_avg, p.category, p.lat, p.lng, p.hidden_at, p.created_by
        from public.places p join shapes s on s.hours = p.opening_hours
       where ${where}`,
  };
}

/** All three, as one script. */
export function derivedPlaceRowsSql(where: string): string {
  const { search, grid, hours } = derivedPlaceRows(where);
  return `${search};\n${grid};\n${hours};`;
}
