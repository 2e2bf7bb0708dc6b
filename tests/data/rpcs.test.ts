/**
 * The RPCs against a brute-force computation over the same rows, on random data (a seeded
 * PRNG: the same cases every run), plus their argument checks and result caps.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { placeCardColumns } from '../../web/src/lib/places.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, sql, unwrap, withoutSeed, type Client, type Member } from './support.ts';

interface PlaceRow {
  id: string;
  name: string;
  category: (typeof categories)[number];
  lat: number;
  lng: number;
  rating_avg: number;
  rating_count: number;
  hidden: boolean;
}

const categories = ['cafe', 'restaurant', 'bar', 'park', 'museum', 'shop', 'viewpoint', 'venue', 'other'] as const;

function prng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Great-circle distance as the database computes it (haversine, R = 6371.0088 km). */
function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lng2 - lng1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const byPopularity = (a: PlaceRow, b: PlaceRow) =>
  b.rating_count - a.rating_count || b.rating_avg - a.rating_avg || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

for (const backend of testBackends()) {
  describe(`RPCs on ${backend}`, () => {
    let server: TestServer;
    let anon: Client;
    let member: Member;
    let places: PlaceRow[];

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      anon = anonClient(server);
      member = await createMember(server);
      const rnd = prng(7);
      const rows = Array.from({ length: 900 }, (_, i) => {
        // two dense clusters (one across the antimeridian) and a sprinkle over the world
        const zone = i % 3;
        const lat = zone === 0 ? 40.6 + rnd() * 0.3 : zone === 1 ? -17 + rnd() * 2 : -80 + rnd() * 160;
        const lng = zone === 0 ? -74.1 + rnd() * 0.3 : zone === 1 ? (rnd() < 0.5 ? 179 + rnd() : -180 + rnd()) : -180 + rnd() * 360;
        return {
          name: `Random ${i}`,
          category: categories[Math.floor(rnd() * categories.length)] ?? 'other',
          lat,
          lng,
          count: Math.floor(rnd() * 6),
          avg: Math.round((1 + rnd() * 4) * 100) / 100,
          hidden: rnd() < 0.05,
        };
      });
      await sql(
        server,
        `insert into places (name, category, lat, lng, rating_count, rating_avg, hidden_at)
        select r.name, r.category::place_category, r.lat, r.lng, r.count, case when r.count = 0 then 0 else r.avg end, case when r.hidden then now() end
          from json_to_recordset($1::json) as r (name text, category text, lat float8, lng float8, count int, avg numeric, hidden boolean)`,
        [JSON.stringify(rows)],
      );
      await sql(
        server,
        `insert into stars (user_id, place_id) select $1, id from places where name like 'Random %' and (hashtext(name) % 4) = 0`,
        [member.id],
      );
      // named places of our own (the seed is only there on a fresh PGlite database)
      await sql(
        server,
        `insert into places (name, category, description, lat, lng) values
        ('Zephyrine Lighthouse', 'viewpoint', 'A cast-iron lighthouse of 1871 with a spiral staircase.', 12.5, 45.25),
        ('Musée des Ondulations', 'museum', 'Waves, tides and the instruments that measured them.', 12.51, 45.26),
        ('Quillon Market Hall', 'shop', 'Covered market with fishmongers and a pastrami counter.', 12.52, 45.27)`,
      );
      const reviewers = await Promise.all(Array.from({ length: 5 }, () => createMember(server)));
      await sql(
        server,
        `insert into reviews (place_id, author_id, rating, body, hidden_at)
        select p.id, a.id, 1 + abs(hashtext(p.name || a.id::text) % 5), 'A review long enough for the check.', case when a.n = 5 then now() end
          from places p, unnest($1::uuid[]) with ordinality as a (id, n)
         where p.name in ('Zephyrine Lighthouse', 'Musée des Ondulations', 'Quillon Market Hall')`,
        [reviewers.map((r) => r.id)],
      );
      places = await sql<PlaceRow>(
        server,
        `select id::text, name, category::text, lat, lng, rating_avg::float8 as rating_avg, rating_count, hidden_at is not null as hidden from places`,
      );
    });
    after(() => server?.close());

    test('places_in_view matches a scan of every visible place, across the antimeridian too', async () => {
      const rnd = prng(11);
      const starred = new Set(
        (await sql<{ place_id: string }>(server, `select place_id::text from stars where user_id = $1`, [member.id])).map(
          (r) => r.place_id,
        ),
      );
      for (let i = 0; i < 30; i++) {
        const cross = i % 3 === 1;
        const minLat = i % 3 === 0 ? 40.55 + rnd() * 0.2 : -80 + rnd() * 100;
        const maxLat = minLat + (i % 3 === 0 ? rnd() * 0.3 : rnd() * 60);
        const minLng = cross ? 170 + rnd() * 9.9 : i % 3 === 0 ? -74.15 + rnd() * 0.2 : -180 + rnd() * 300;
        const maxLng = cross ? -180 + rnd() * 9.9 : minLng + (i % 3 === 0 ? rnd() * 0.3 : rnd() * 60);
        const category = i % 4 === 0 ? categories[i % categories.length] : undefined;
        const minRating = i % 5 === 0 ? 3 : undefined;
        const starredOnly = i % 7 === 3;
        const maxResults = i % 2 === 0 ? 500 : 25;
        const client = starredOnly ? member.client : anon;
        const got = unwrap(
          await client.rpc('places_in_view', {
            min_lat: minLat,
            min_lng: minLng,
            max_lat: maxLat,
            max_lng: Math.min(maxLng, 180),
            category,
            min_rating: minRating,
            starred_only: starredOnly,
            max_results: maxResults,
          }),
        );
        const lngIn = (lng: number) => (minLng <= maxLng ? lng >= minLng && lng <= maxLng : lng >= minLng || lng <= maxLng);
        const expected = places
          .filter((p) => !p.hidden && p.lat >= minLat && p.lat <= maxLat && lngIn(p.lng))
          .filter(
            (p) =>
              (category ? p.category === category : true) &&
              (minRating ? p.rating_avg >= minRating : true) &&
              (starredOnly ? starred.has(p.id) : true),
          )
          .sort(byPopularity)
          .slice(0, maxResults);
        assert.deepEqual(
          got.map((p) => p.id),
          expected.map((p) => p.id),
          `viewport ${i}`,
        );
      }
    });

    test('places_in_view returns the places columns and caps at 500 by default', async () => {
      const got = unwrap(await anon.rpc('places_in_view', { min_lat: -90, min_lng: -180, max_lat: 90, max_lng: 180 }));
      assert.equal(got.length, 500);
      const columns = Object.keys(unwrap(await anon.from('places').select('*').limit(1))[0] ?? {}).sort();
      assert.deepEqual(Object.keys(got[0] ?? {}).sort(), columns);
    });

    test('places_in_view with the columns Explore asks for: those, for the same places in the same order', async () => {
      const view = { min_lat: -90, min_lng: -180, max_lat: 90, max_lng: 180, max_results: 200 };
      const whole = unwrap(await anon.rpc('places_in_view', view));
      const cards = unwrap(await anon.rpc('places_in_view', view).select(placeCardColumns));
      assert.deepEqual(
        cards,
        whole.map((p) => Object.fromEntries(placeCardColumns.split(',').map((column) => [column, p[column as keyof typeof p]]))),
      );
    });

    test('places_nearby matches the great-circle distance to every visible place', async () => {
      const rnd = prng(5);
      for (let i = 0; i < 30; i++) {
        const near = places[Math.floor(rnd() * places.length)] ?? assert.fail('no place');
        const lat = Math.max(-89, Math.min(89, near.lat + (rnd() - 0.5) * 0.05));
        const lng = near.lng;
        const radius = [0.5, 2, 5, 25, 100][i % 5] ?? 5;
        const category = i % 4 === 0 ? (near.category as PlaceRow['category']) : undefined;
        const got = unwrap(await anon.rpc('places_nearby', { lat, lng, radius_km: radius, category, max_results: 50 }));
        const expected = places
          .filter((p) => !p.hidden && (category ? p.category === category : true))
          .map((p) => ({ id: p.id, d: haversine(lat, lng, p.lat, p.lng) }))
          .filter((p) => p.d <= radius)
          .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1))
          .slice(0, 50);
        assert.deepEqual(
          got.map((p) => p.id),
          expected.map((p) => p.id),
          `centre ${i}`,
        );
        got.forEach((p, k) => assert.ok(Math.abs((p.distance_km ?? NaN) - (expected[k]?.d ?? NaN)) < 1e-6));
      }
    });

    test('search_places: words, prefixes, accents and typos, ranked; hidden places left out', async () => {
      const top = async (q: string) => unwrap(await anon.rpc('search_places', { q })).map((p) => p.name);
      assert.equal((await top('zephyrine lighthouse'))[0], 'Zephyrine Lighthouse');
      assert.equal((await top('zefyrine lighthose'))[0], 'Zephyrine Lighthouse');
      assert.equal((await top('musee ondulations'))[0], 'Musée des Ondulations');
      assert.equal((await top('Quillon Mark'))[0], 'Quillon Market Hall');
      assert.ok((await top('pastrami')).includes('Quillon Market Hall'), 'matches the description');
      const hidden = places.find((p) => p.hidden) ?? assert.fail('no hidden place');
      assert.ok(!(await top(hidden.name)).includes(hidden.name));
      assert.equal(unwrap(await anon.rpc('search_places', { q: 'random', max_results: 7 })).length, 7);
      assert.equal(unwrap(await anon.rpc('search_places', { q: 'random' })).length, 20);
    });

    test('search_places ranks the exact name first, as a scan of the names says', async () => {
      const visible = places.filter((p) => !p.hidden && p.name.startsWith('Random '));
      for (const p of visible.filter((x) => /^Random \d\d$/.test(x.name)).slice(0, 12)) {
        const got = unwrap(await anon.rpc('search_places', { q: p.name, max_results: 50 })).map((x) => x.name);
        assert.equal(got[0], p.name);
        // every visible place whose name starts with the query (prefix match on each word) is found
        const expected = visible.filter((x) => x.name.split(' ')[1]?.startsWith(p.name.split(' ')[1] ?? '')).map((x) => x.name);
        assert.ok(expected.length <= 11);
        for (const name of expected) assert.ok(got.includes(name), `${p.name} finds ${name}`);
      }
    });

    test('similar_places: similar names within the radius, nearest first', async () => {
      const base = { lat: 12.5, lng: 45.25 };
      const got = unwrap(await anon.rpc('similar_places', { name: 'The Zephyrine Lighthouse', ...base }));
      assert.deepEqual(
        got.map((p) => p.name),
        ['Zephyrine Lighthouse'],
      );
      assert.ok((got[0]?.distance_km ?? 1) < 0.075);
      assert.deepEqual(unwrap(await anon.rpc('similar_places', { name: 'Zephyrine Lighthouse', lat: 12.5 + 0.001, lng: 45.25 })), []);
      const wide = unwrap(await anon.rpc('similar_places', { name: 'zephyrine', lat: 12.5 + 0.001, lng: 45.25, radius_m: 200 }));
      assert.deepEqual(
        wide.map((p) => p.name),
        ['Zephyrine Lighthouse'],
      );
      // brute force: every visible place within 75 m of a random place, with the same name
      const rnd = prng(3);
      for (let i = 0; i < 10; i++) {
        const p = places.filter((x) => !x.hidden)[Math.floor(rnd() * 800)] ?? assert.fail('no place');
        const result = unwrap(await anon.rpc('similar_places', { name: p.name, lat: p.lat, lng: p.lng })).map((x) => x.id);
        const expected = places
          .filter((x) => !x.hidden && x.name === p.name && haversine(p.lat, p.lng, x.lat, x.lng) <= 0.075)
          .map((x) => x.id);
        assert.ok(expected.length > 0);
        for (const id of expected) assert.ok(result.includes(id));
      }
    });

    test('place_rating_histogram counts visible reviews per star', async () => {
      const rows = await sql<{ id: string }>(
        server,
        `select id::text from places where rating_count > 2 and hidden_at is null and name not like 'Random %' limit 5`,
      );
      assert.ok(rows.length >= 3);
      for (const { id } of rows) {
        const got = unwrap(await anon.rpc('place_rating_histogram', { place_id: id }));
        const brute = await sql<{ rating: number; count: number }>(
          server,
          `select g as rating, (select count(*)::int from reviews r where r.place_id = $1 and r.rating = g and r.hidden_at is null) as count from generate_series(1, 5) g`,
          [id],
        );
        assert.deepEqual(got, brute);
        const [stored] = await sql<{ rating_count: number }>(server, `select rating_count from places where id = $1`, [id]);
        assert.equal(
          got.reduce((n, b) => n + b.count, 0),
          stored?.rating_count,
        );
      }
    });

    test('arguments are checked with a message a person understands', async () => {
      const cases: [string, Record<string, unknown>, string, string][] = [
        [
          'places_in_view',
          { min_lat: 10, min_lng: 0, max_lat: 5, max_lng: 1 },
          '22023',
          'Latitudes must be between -90 and 90, with min_lat <= max_lat.',
        ],
        ['places_in_view', { min_lat: 0, min_lng: 0, max_lat: 1, max_lng: 200 }, '22023', 'Longitudes must be between -180 and 180.'],
        [
          'places_in_view',
          { min_lat: 0, min_lng: 0, max_lat: 1, max_lng: 1, max_results: 501 },
          '22023',
          'max_results must be between 1 and 500.',
        ],
        [
          'places_in_view',
          { min_lat: 0, min_lng: 0, max_lat: 1, max_lng: 1, min_rating: 6 },
          '22023',
          'min_rating must be between 0 and 5.',
        ],
        [
          'places_in_view',
          { min_lat: 0, min_lng: 0, max_lat: 1, max_lng: 1, starred_only: true },
          '42501',
          'Sign in to see your starred places.',
        ],
        ['places_nearby', { lat: 95, lng: 0 }, '22023', 'lat must be between -90 and 90 and lng between -180 and 180.'],
        ['places_nearby', { lat: 0, lng: 0, radius_km: 0 }, '22023', 'radius_km must be greater than 0 and at most 100.'],
        ['places_nearby', { lat: 0, lng: 0, max_results: 0 }, '22023', 'max_results must be between 1 and 200.'],
        ['search_places', { q: 'a' }, '22023', 'Search for 2 to 100 characters.'],
        ['search_places', { q: 'ab', max_results: 51 }, '22023', 'max_results must be between 1 and 50.'],
        ['similar_places', { name: 'x', lat: 0, lng: 0 }, '22023', 'Give a name of at least 2 characters.'],
        ['similar_places', { name: 'xy', lat: 0, lng: 0, radius_m: 5000 }, '22023', 'radius_m must be greater than 0 and at most 1000.'],
        ['place_rating_histogram', { place_id: '00000000-0000-4000-8000-000000000000' }, 'P0002', 'Place not found.'],
      ];
      for (const [fn, args, code, message] of cases) {
        const { error } = await anon.rpc(fn as 'search_places', args as never);
        assert.deepEqual({ fn, code: error?.code, message: error?.message }, { fn, code, message });
      }
    });
  });
}
