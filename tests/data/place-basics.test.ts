/**
 * Place basics as a client sees them (decisions 320–321): hours, phone, website and price level
 * with the same limits as the app's schemas, "open now" decided in SQL in the place's own time
 * zone (the same answer as web/src/lib/opening-hours.ts at every instant tried), and the
 * open_now filter of places_in_view, places_nearby and search_places, off by default.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openStatus, type OpeningHours, type TimeRange } from '../../web/src/lib/opening-hours.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, derivedPlaceRowsSql, outcome, reviewBody, sql, unwrap, withoutSeed, type Member } from './support.ts';

const every = (ranges: TimeRange[]): TimeRange[][] => Array.from({ length: 7 }, () => ranges);

for (const backend of testBackends()) {
  describe(`place basics on ${backend}`, () => {
    let server: TestServer;
    let ada: Member;
    let ben: Member;

    before(async () => {
      server = await startTestServer(backend, withoutSeed);
      [ada, ben] = await Promise.all([createMember(server), createMember(server)]);
    });
    after(() => server?.close());

    const addPlace = async (fields: Record<string, unknown>, lat = 48.85, lng = 2.35) =>
      unwrap(
        await ada.client
          .from('places')
          .insert({ name: 'Basics place', category: 'cafe', lat, lng, created_by: ada.id, ...fields } as never)
          .select('id')
          .single(),
      ).id;

    test('phone, website, price level, time zone and hours: the limits of the form, worded by constraint', async () => {
      const place = await addPlace({});
      const update = async (patch: Record<string, unknown>) => {
        const result = await ada.client
          .from('places')
          .update(patch as never)
          .eq('id', place);
        return result.error ? `${result.error.code} ${/places_[a-z_]+/.exec(result.error.message)?.[0] ?? ''}`.trim() : 'ok';
      };
      assert.equal(await update({ phone: '+33 1 45 48 55 26', website: 'https://cafedeflore.fr', price_level: 3 }), 'ok');
      assert.equal(await update({ phone: '123' }), '23514 places_phone_format');
      assert.equal(await update({ phone: 'call us!' }), '23514 places_phone_format');
      assert.equal(await update({ phone: '+1 ' + '2'.repeat(40) }), '23514 places_phone_format');
      assert.equal(await update({ website: 'javascript:alert(1)' }), '23514 places_website_format');
      assert.equal(await update({ website: 'https://' + 'a'.repeat(300) }), '23514 places_website_format');
      assert.equal(await update({ price_level: 5 }), '23514 places_price_level_range');
      assert.equal(await update({ price_level: 0 }), '23514 places_price_level_range');
      assert.equal(await update({ time_zone: 'Mars/Olympus_Mons' }), '23514 places_time_zone_format');
      assert.equal(await update({ time_zone: "Europe/Paris'; drop table places; --" }), '23514 places_time_zone_format');
      assert.equal(await update({ opening_hours: { weekly: every([['09:00', '18:00']]) } }), '23514 places_opening_hours_time_zone');
      assert.equal(await update({ time_zone: 'Europe/Paris', opening_hours: { weekly: every([['09:00', '18:00']]) } }), 'ok');
      for (const bad of [
        { weekly: every([['09:00', '18:00']]).slice(0, 6) },
        { weekly: every([['9:00', '18:00']]) },
        { weekly: every([['09:00', '09:00']]) },
        {
          weekly: [
            [
              ['09:00', '14:00'],
              ['13:00', '18:00'],
            ],
            [],
            [],
            [],
            [],
            [],
            [],
          ],
        },
        { weekly: every([]), exceptions: [{ date: '2026-02-30', hours: [] }] },
        {
          weekly: every([]),
          exceptions: [
            { date: '2026-12-25', hours: [] },
            { date: '2026-12-25', hours: [] },
          ],
        },
        { weekly: every([]), extra: true },
        {
          weekly: every([]),
          exceptions: Array.from({ length: 31 }, (_, i) => ({ date: `2027-01-${String(i + 1).padStart(2, '0')}`, hours: [] })),
        },
      ]) {
        assert.equal(await update({ opening_hours: bad }), '23514 places_opening_hours_valid', JSON.stringify(bad).slice(0, 80));
      }
      // another member cannot write them
      await ben.client.from('places').update({ phone: '+44 20 7946 0000' }).eq('id', place);
      const [row] = await sql<{ phone: string }>(server, `select phone from places where id = $1`, [place]);
      assert.equal(row?.phone, '+33 1 45 48 55 26');
    });

    test('"open now" in SQL is the app’s answer: overnight ranges, exceptions and both DST changes', async () => {
      const cases: { zone: string; hours: OpeningHours }[] = [
        { zone: 'Europe/Berlin', hours: { weekly: [[], [], [], [], [['18:00', '02:00']], [['18:00', '02:00']], []] } },
        { zone: 'Europe/Paris', hours: { weekly: every([['20:00', '03:00']]) } },
        { zone: 'America/New_York', hours: { weekly: every([['09:00', '17:00']]) } },
        {
          zone: 'Europe/Paris',
          hours: {
            weekly: every([['07:30', '01:30']]),
            exceptions: [
              { date: '2026-12-25', hours: [] },
              { date: '2026-12-31', hours: [['07:30', '04:00']] },
            ],
          },
        },
        {
          zone: 'Asia/Tokyo',
          hours: {
            weekly: [
              [['00:00', '24:00']],
              [],
              [
                ['10:00', '12:00'],
                ['13:00', '24:00'],
              ],
              [],
              [],
              [],
              [],
            ],
          },
        },
      ];
      const instants = [
        '2026-12-04T16:59:00Z',
        '2026-12-04T17:00:00Z',
        '2026-12-05T00:59:00Z',
        '2026-12-05T01:00:00Z',
        '2026-12-06T00:30:00Z',
        '2026-10-25T00:30:00Z',
        '2026-10-25T01:30:00Z',
        '2026-10-25T01:59:00Z',
        '2026-10-25T02:00:00Z',
        '2026-03-29T00:59:00Z',
        '2026-03-29T01:00:00Z',
        '2026-03-08T12:59:00Z',
        '2026-03-08T13:00:00Z',
        '2026-11-01T05:30:00Z',
        '2026-11-01T06:30:00Z',
        '2026-12-24T23:30:00Z',
        '2026-12-25T00:31:00Z',
        '2026-12-25T11:00:00Z',
        '2027-01-01T02:59:00Z',
        '2027-01-01T03:00:00Z',
        '2026-11-30T14:59:00Z',
        '2026-11-30T15:00:00Z',
        '2026-12-01T03:30:00Z',
        '2026-12-01T04:00:00Z',
        '2026-12-02T00:00:00Z',
      ];
      const mismatches: string[] = [];
      for (const { zone, hours } of cases) {
        const place = await addPlace({ time_zone: zone, opening_hours: hours });
        const rows = await sql<{ at: string; open: boolean }>(
          server,
          `select at::text, private.place_open_at($1, at) as open from unnest($2::timestamptz[]) at`,
          [place, instants],
        );
        for (const [i, row] of rows.entries()) {
          const instant = instants[i] ?? '';
          const app = openStatus(hours, zone, new Date(instant)).open;
          if (row.open !== app) mismatches.push(`${zone} ${JSON.stringify(hours).slice(0, 60)} at ${instant}: SQL ${row.open}, app ${app}`);
        }
      }
      assert.deepEqual(mismatches, []);
    });

    test('open_now keeps the places open now; left out, every caller gets what it got before', async () => {
      const lat = -33.8;
      const lng = 151.2;
      const always = await addPlace(
        { name: 'Always open', time_zone: 'Australia/Sydney', opening_hours: { weekly: every([['00:00', '24:00']]) } },
        lat,
        lng,
      );
      const never = await addPlace(
        { name: 'Never open', time_zone: 'Australia/Sydney', opening_hours: { weekly: every([]) } },
        lat,
        lng + 0.001,
      );
      // closed today only, by an exception on today's date in its zone
      const [today] = await sql<{ d: string }>(server, `select (now() at time zone 'Australia/Sydney')::date::text as d`);
      const closedToday = await addPlace(
        {
          name: 'Always open but not today',
          time_zone: 'Australia/Sydney',
          opening_hours: { weekly: every([['00:00', '24:00']]), exceptions: [{ date: today?.d ?? '', hours: [] }] },
        },
        lat,
        lng + 0.002,
      );
      const unknown = await addPlace({ name: 'Open hours unknown' }, lat, lng + 0.003);
      const visitor = anonClient(server);
      const ids = (rows: { id: string | null }[]) => rows.map((r) => r.id ?? '').sort();
      const view = { min_lat: lat - 0.1, min_lng: lng - 0.1, max_lat: lat + 0.1, max_lng: lng + 0.1 };
      assert.deepEqual(ids(unwrap(await visitor.rpc('places_in_view', view))), [always, never, closedToday, unknown].sort());
      assert.deepEqual(ids(unwrap(await visitor.rpc('places_in_view', { ...view, open_now: true }))), [always]);
      assert.deepEqual(
        ids(unwrap(await visitor.rpc('places_nearby', { lat, lng, radius_km: 2 }))),
        [always, never, closedToday, unknown].sort(),
      );
      assert.deepEqual(ids(unwrap(await visitor.rpc('places_nearby', { lat, lng, radius_km: 2, open_now: true }))), [always]);
      assert.deepEqual(ids(unwrap(await visitor.rpc('search_places', { q: 'open' }))), [always, never, closedToday, unknown].sort());
      assert.deepEqual(ids(unwrap(await visitor.rpc('search_places', { q: 'open', open_now: true }))), [always]);
      // signed in, with stars: the same filter applies to the starred-only branch
      await sql(server, `insert into stars (user_id, place_id) values ($1, $2), ($1, $3)`, [ben.id, always, never]);
      assert.deepEqual(ids(unwrap(await ben.client.rpc('places_in_view', { ...view, starred_only: true, open_now: true }))), [always]);
      assert.equal(outcome(await visitor.rpc('places_in_view', { ...view, open_now: 'maybe' as unknown as boolean })), '22P02');
    });

    test('a crowded viewport with open_now walks its places most reviewed first and keeps only the open ones', async () => {
      // 5,250 places in three 1° cells, one above the other (a viewport is crowded from 5,000
      // places in the cells it covers whole): every second always open, the others never or
      // always but closed today by an exception, so the answer is the same at any minute the
      // test runs; the most reviewed come first, across the three bands of latitude.
      const zone = 'Asia/Krasnoyarsk';
      const [today] = await sql<{ d: string }>(server, `select to_char(now() at time zone $1, 'YYYY-MM-DD') as d`, [zone]);
      const hours = [
        { weekly: every([['00:00', '24:00']]) },
        { weekly: every([]) },
        { weekly: every([['00:00', '24:00']]) },
        { weekly: every([['00:00', '24:00']]), exceptions: [{ date: today?.d ?? '', hours: [] }] },
      ];
      // loaded as a restore would be (triggers off, the derived rows written in bulk, the hours'
      // minutes by the trigger's own function, once per week of hours): 5,250 rows through the
      // per-row triggers take seconds, and the trigger is tested on its own below. Every tenth
      // place has 1 or 2 ratings, the others none, so the order ends on id.
      await server.db.transaction({ kind: 'system' }, async (tx) => {
        await tx.exec('set local session_replication_role = replica');
        await tx.query(
          `insert into places (name, category, lat, lng, created_by, time_zone, opening_hours, rating_count, rating_avg)
           select 'Crowded ' || i, 'cafe', 60.001 + (i % 70) * 0.04, 100.001 + (i / 70) * 0.0125, $1, $2, ($3::jsonb) -> (i % 4),
                  case when i % 10 = 0 then 1 + (i / 10) % 2 else 0 end, case when i % 10 = 0 then 1 + (i % 7) * 0.5 else 0 end
             from generate_series(0, 5249) i`,
          [ada.id, zone, JSON.stringify(hours)],
        );
        await tx.exec(derivedPlaceRowsSql(`name like 'Crowded %'`));
      });
      const expected = await sql<{ name: string }>(
        server,
        `select name from places p where name like 'Crowded %' and substr(name, 9)::int % 2 = 0
          order by rating_count desc, rating_avg desc, id limit 500`,
      );
      const [cells] = await sql<{ n: number }>(
        server,
        `select sum(places)::int as n from private.place_grid where lat_cell between 60 and 62 and lng_cell = 100`,
      );
      assert.ok((cells?.n ?? 0) >= 5000, `the viewport is crowded (${cells?.n} places in its cells)`);
      // five bands of latitude (merged), and a viewport taller than twelve (the world's order)
      for (const view of [
        { min_lat: 59.9, min_lng: 99.9, max_lat: 63.1, max_lng: 101.1, open_now: true },
        { min_lat: 49.9, min_lng: 99.9, max_lat: 63.1, max_lng: 101.1, open_now: true },
      ]) {
        const got = unwrap(await anonClient(server).rpc('places_in_view', view)) as { name: string }[];
        assert.equal(got.length, 500);
        assert.deepEqual(
          got.map((p) => p.name),
          expected.map((p) => p.name),
          `from ${view.min_lat}° to ${view.max_lat}°`,
        );
      }
    });

    test('hours removed or changed are what the filter reads next', async () => {
      const place = await addPlace({ time_zone: 'UTC', opening_hours: { weekly: every([['00:00', '24:00']]) } }, 10, 10);
      const open = async () => (await sql<{ open: boolean }>(server, `select private.place_open_at($1, now()) as open`, [place]))[0]?.open;
      assert.equal(await open(), true);
      // a review and a moved pin leave the hours as they are: what the filter copies follows
      unwrap(await ben.client.from('reviews').insert({ place_id: place, rating: 4, body: reviewBody() }).select('id'));
      unwrap(await ada.client.from('places').update({ lat: 11.5, lng: 10.5 }).eq('id', place).select('id'));
      const copied = async () =>
        (
          await sql<{ copied: unknown }>(
            server,
            `select to_jsonb(h) - 'place_id' - 'time_zone' - 'week' - 'exceptions' - 'week_minutes' - 'exception_days' as copied
               from private.place_hours h where h.place_id = $1`,
            [place],
          )
        )[0]?.copied;
      assert.deepEqual(await copied(), {
        rating_count: 1,
        rating_avg: 4,
        category: 'cafe',
        lat: 11.5,
        lng: 10.5,
        lat_band: 11,
        hidden_at: null,
        created_by: ada.id,
      });
      assert.equal(await open(), true);
      unwrap(
        await ada.client
          .from('places')
          .update({ opening_hours: { weekly: every([]) } })
          .eq('id', place)
          .select('id'),
      );
      assert.equal(await open(), false);
      unwrap(await ada.client.from('places').update({ opening_hours: null }).eq('id', place).select('id'));
      assert.equal(await open(), false);
      assert.equal((await sql(server, `select 1 from private.place_hours where place_id = $1`, [place])).length, 0);
    });
  });
}
