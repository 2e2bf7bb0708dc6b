/** `count` places (ids from 1000) with three reviews each in tests/fixtures/rest's schema, indexed and analysed. */
export function seedPlacesSql(count: number): string {
  return `
      insert into public.places (id, name, category, tags, lat, lng, rating)
        select g, 'Place ' || g, (array['cafe', 'bar', 'restaurant'])[1 + g % 3], '{bench}', 48 + g / 10000.0, 2 + g / 10000.0, (g % 50) / 10.0
        from generate_series(1000, ${999 + count}) g;
      insert into public.reviews (place_id, author_id, body, stars)
        select p, 1 + (p + k) % 3, 'Review ' || k || ' of ' || p, 1 + (p + k) % 5
        from generate_series(1000, ${999 + count}) p, generate_series(1, 3) k;
      create index if not exists reviews_place_id_idx on public.reviews (place_id);
      analyze;
    `;
}
