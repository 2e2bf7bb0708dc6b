/**
 * The faster search_places and places_in_view (migration 20261122110000, decision 090) give
 * the answers of their first definitions: compared with a brute-force evaluation of those
 * definitions over every place, on random data crowded enough that every shortcut is taken
 * (the pruned and skipped trigram searches, the popularity walk of a crowded viewport), for a
 * visitor and for a member who sees their own hidden places, with and without open_now (the
 * places are open at every hour, at none, or have no hours, so the answer does not depend on
 * the minute the test runs). Also: the bookkeeping those shortcuts read (place_search's name
 * columns, the per-cell place counts) stays exact.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, derivedPlaceRowsSql, sql, unwrap, withoutSeed, type Client, type Member } from './support.ts';

function prng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const firstWords = [
  'San',
  'Santa',
  'Sankt',
  'Sant',
  'Sao',
  'Saint',
  'Sana',
  'Villa',
  'Vila',
  'Ville',
  'Lake',
  'Lakeside',
  'West',
  'Westend',
  'Kirchberg',
  'Windsor',
  'Ban',
  'Bana',
];
const secondWords = ['Maria', 'Jose', 'Park', 'View', 'Hill', 'Nueva', 'Market', 'Cafe', 'am See', 'de la Sierra', 'Vista'];

/**
 * search_places as first defined (20261122080300_rpcs.sql), over every place: no shortcut. Every
 * match, in the definition's order (total: ties end on id), with what the definition's filters
 * read — whether the place is hidden, whose it is, whether its hours open every day at all (the
 * test's always-open week) — for `visibleMatches` to apply them as the definition's `where` does.
 */
const bruteMatches = `
  with q as (select lower(extensions.unaccent('extensions.unaccent'::regdictionary, btrim($1))) as plain),
  t as (
    select q.plain, (select to_tsquery('simple', string_agg(quote_literal(w) || ':*', ' & '))
                       from regexp_split_to_table(regexp_replace(q.plain, '[&|!():*<>''"\\\\]', ' ', 'g'), '\\s+') as w where w <> '') as tsq
      from q)
  select p.id::text as id, r.rank::text as rank, p.hidden_at is not null as hidden, p.created_by::text as created_by,
         p.opening_hours -> 'weekly' -> 0 -> 0 is not null as open
    from public.places p join private.place_search ps on ps.place_id = p.id, t,
         lateral (select (coalesce(ts_rank(ps.document, t.tsq), 0) + extensions.similarity(lower(p.name), t.plain))::real as rank) r
   where ps.document @@ t.tsq or lower(p.name) operator(extensions.%) t.plain
   order by r.rank desc, p.rating_count desc, p.id`;

interface BruteMatch {
  id: string;
  rank: string;
  hidden: boolean;
  created_by: string | null;
  open: boolean;
}

/**
 * The first definition's answer from its matches: `(p.hidden_at is null or p.created_by = $3)`
 * (a visitor's null matches no one), `(not $4 or <open every day>)`, `limit $2`. A filter keeps
 * the order, so one scan of every place serves the four callers of a query.
 */
function visibleMatches(matches: BruteMatch[], limit: number, who: string | null, openNow: boolean): Array<{ id: string; rank: number }> {
  return matches
    .filter((m) => (!m.hidden || (who !== null && m.created_by === who)) && (!openNow || m.open))
    .slice(0, limit)
    .map((m) => ({ id: m.id, rank: Number(m.rank) }));
}

/**
 * Which way search_places takes for a query (the floor of its k best text matches): 0 skips
 * the trigram search, 2 asks for similarity >= 0.6, 1 runs it whole. Only to show that the
 * cases below cover all three.
 */
const searchWay = `
  with q as (select lower(extensions.unaccent('extensions.unaccent'::regdictionary, btrim($1))) as plain),
  t as (select q.plain, (select to_tsquery('simple', string_agg(quote_literal(w) || ':*', ' & '))
          from regexp_split_to_table(regexp_replace(q.plain, '[&|!():*<>''"\\\\]', ' ', 'g'), '\\s+') as w where w <> '') as tsq from q),
  best as (
    select (ts_rank(ps.document, t.tsq) + extensions.similarity(ps.name, t.plain))::real as r
      from private.place_search ps join public.places p on p.id = ps.place_id, t
     where ps.document @@ t.tsq and p.hidden_at is null
     order by 1 desc offset $2 - 1 limit 1)
  select case when b.r is null then 1 when b.r - 1e-4 - (case when numnode(t.tsq) = 1 then 0 else 1 end) > 1 then 0
              when b.r - 1e-4 - (case when numnode(t.tsq) = 1 then 0 else 1 end) >= 0.6 then 2 else 1 end as way
    from t left join best b on true`;

interface PlaceRow {
  id: string;
  lat: number;
  lng: number;
  rating_avg: number;
  rating_count: number;
  hidden: boolean;
  created_by: string | null;
  open: boolean;
}

/** Weeks of hours the places take in turn: open all day every day, closed every day, none. */
const always = Array.from({ length: 7 }, () => [['00:00', '24:00']]);
const never = Array.from({ length: 7 }, () => []);
const weekOf = (i: number) => (i % 20 < 9 ? { weekly: always } : i % 20 < 14 ? { weekly: never } : null);

const byPopularity = (a: PlaceRow, b: PlaceRow) =>
  b.rating_count - a.rating_count || b.rating_avg - a.rating_avg || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

for (const backend of testBackends()) {
  describe(`search and viewport shortcuts on ${backend}`, () => {
    let server: TestServer;
    let anon: Client;
    let member: Member;
    let places: PlaceRow[];

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      anon = anonClient(server);
      member = await createMember(server);
      const rnd = prng(17);
      const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)] ?? assert.fail('empty list');
      // 6,000 places in 9 one-degree cells (a crowded region), 600 over the world
      const rows = Array.from({ length: 6600 }, (_, i) => {
        const crowded = i < 6000;
        const name = rnd() < 0.15 ? pick(firstWords) : `${pick(firstWords)} ${pick(secondWords)}${rnd() < 0.3 ? ` ${i}` : ''}`;
        const count = Math.floor(rnd() * 30);
        return {
          name: rnd() < 0.03 ? name.replace('a', 'e') : name,
          description: rnd() < 0.1 ? `Near ${pick(firstWords)} ${pick(secondWords)}.` : '',
          lat: crowded ? 45 + rnd() * 3 : -80 + rnd() * 160,
          lng: crowded ? 5 + rnd() * 3 : -180 + rnd() * 360,
          count,
          avg: count === 0 ? 0 : Math.round((1 + rnd() * 4) * 100) / 100,
          hidden: rnd() < 0.05,
          mine: rnd() < 0.05,
          hours: weekOf(i),
        };
      });
      // loaded as a restore would be (triggers off, the derived rows written in bulk): 6,600
      // rows through the per-row triggers (search document, cell count, broadcasts) take
      // seconds; the last test checks the triggers row by row
      await server.db.transaction({ kind: 'system' }, async (tx) => {
        await tx.exec('set local session_replication_role = replica');
        await tx.query(
          `insert into places (name, category, description, lat, lng, rating_count, rating_avg, hidden_at, created_by, time_zone, opening_hours)
          select r.name, 'other', r.description, r.lat, r.lng, r.count, r.avg, case when r.hidden then now() end, case when r.mine then $2::uuid end,
                 case when r.hours is not null then 'Europe/Paris' end, r.hours
            from json_to_recordset($1::json) as r (name text, description text, lat float8, lng float8, count int, avg numeric, hidden boolean, mine boolean, hours jsonb)`,
          [JSON.stringify(rows), member.id],
        );
        await tx.exec(derivedPlaceRowsSql('true'));
      });
      places = await sql<PlaceRow>(
        server,
        `select id::text, lat, lng, rating_avg::float8 as rating_avg, rating_count, hidden_at is not null as hidden, created_by::text,
                opening_hours -> 'weekly' -> 0 -> 0 is not null as open from places`,
      );
    });
    after(() => server?.close());

    test('search_places gives the ranks and order of a scan of every place, whichever way it takes', async () => {
      const queries = [
        'san',
        'Santa',
        'sao',
        'São',
        'saint',
        'villa',
        'vila',
        'lake',
        'west',
        'ban',
        'Kirchberg',
        'windsor',
        'san maria',
        'villa nueva',
        'lake view',
        'sant jose',
        'santa marai',
        'vilal',
        'kirchbreg',
        'windsro',
        'sankt am see',
        'west-end',
        'de la sierra',
        'sa',
        'zz',
        '!!',
        'park',
        'near',
        'vista 12',
        'bana cafe',
        'ville hill',
      ];
      const ways = new Set<number>();
      for (const q of queries) {
        const matches = await sql<BruteMatch>(server, bruteMatches, [q]);
        // the order is total (ties end on id), so a shorter answer is a prefix of the longest
        for (const who of [null, member]) {
          for (const openNow of [false, true]) {
            const client = who ? who.client : anon;
            const expected = visibleMatches(matches, 50, who?.id ?? null, openNow);
            for (const k of openNow ? [50, 5] : who ? [50, 1] : [50, 20, 5]) {
              const got = unwrap(await client.rpc('search_places', { q, max_results: k, open_now: openNow })).map((p) => ({
                id: p.id,
                rank: p.rank,
              }));
              assert.deepEqual(
                got,
                expected.slice(0, k),
                `${q}, ${k} results, as ${who ? 'member' : 'visitor'}${openNow ? ', open now' : ''}`,
              );
            }
          }
        }
        const [way] = await sql<{ way: number }>(server, searchWay, [q, 50]);
        ways.add(way?.way ?? -1);
      }
      assert.deepEqual([...ways].sort(), [0, 1, 2], 'the cases skip, narrow and run the trigram search');
    });

    test('places_in_view matches a scan of every place, in crowded viewports (walked in popularity order) and others', async () => {
      const rnd = prng(23);
      const crowdedCount = async (b: number[]) =>
        (
          await sql<{ n: number }>(
            server,
            `select coalesce(sum(places), 0)::int as n from private.place_grid
          where lat_cell >= ceil($1::float8) and lat_cell + 1 <= $3::float8 and lng_cell >= ceil($2::float8) and lng_cell + 1 <= $4::float8`,
            b,
          )
        )[0]?.n ?? 0;
      let walked = 0;
      for (let i = 0; i < 24; i++) {
        const wide = i % 3 !== 2;
        const minLat = wide ? 44 + rnd() * 1.2 : 45 + rnd() * 2.5;
        const minLng = wide ? 4 + rnd() * 1.2 : 5 + rnd() * 2.5;
        const maxLat = wide ? 47.8 + rnd() * 2 : minLat + rnd() * 0.5;
        const maxLng = wide ? 7.8 + rnd() * 2 : minLng + rnd() * 0.5;
        const who = i % 2 === 0 ? null : member;
        const maxResults = i % 4 < 2 ? 500 : 25;
        const box = [minLat, minLng, maxLat, maxLng];
        if ((await crowdedCount(box)) >= 5000) walked++;
        for (const openNow of [false, true]) {
          const got = unwrap(
            await (who ? who.client : anon).rpc('places_in_view', {
              min_lat: minLat,
              min_lng: minLng,
              max_lat: maxLat,
              max_lng: maxLng,
              max_results: maxResults,
              open_now: openNow,
            }),
          );
          const expected = places
            .filter(
              (p) =>
                (!p.hidden || (who !== null && p.created_by === who.id)) &&
                (!openNow || p.open) &&
                p.lat >= minLat &&
                p.lat <= maxLat &&
                p.lng >= minLng &&
                p.lng <= maxLng,
            )
            .sort(byPopularity)
            .slice(0, maxResults);
          assert.deepEqual(
            got.map((p) => p.id),
            expected.map((p) => p.id),
            `viewport ${i}${openNow ? ', open now' : ''}`,
          );
        }
      }
      assert.ok(walked >= 3 && walked <= 16, `some viewports are crowded, some not (${walked} of 24)`);
    });

    test('the per-cell counts and the stored search names follow inserts, moves, renames and deletes', async () => {
      const exact = async () => {
        const drift = await sql<{ n: number }>(
          server,
          `select count(*)::int as n from (
            select lat_cell, lng_cell, places from private.place_grid where places <> 0
            except select floor(lat), floor(lng), count(*)::int from places group by 1, 2) d`,
        );
        const stale = await sql<{ n: number }>(
          server,
          `select count(*)::int as n from places p left join private.place_search ps on ps.place_id = p.id
            where ps.name is distinct from lower(p.name) or ps.name_trigrams is distinct from cardinality(extensions.show_trgm(lower(p.name)))`,
        );
        return { drift: drift[0]?.n, stale: stale[0]?.n };
      };
      assert.deepEqual(await exact(), { drift: 0, stale: 0 });
      const added = unwrap(
        await member.client
          .from('places')
          .insert({ name: 'Ünïcode Grand Café', category: 'cafe', lat: 46.5, lng: 6.5 })
          .select('id')
          .single(),
      );
      // Moved towards the middle of the map, so no place near a pole or the antimeridian leaves the valid range.
      await sql(
        server,
        `update places set lat = lat - sign(lat) * 1.5, lng = lng - sign(lng) * 2 where id in (select id from places order by id limit 40)`,
      );
      await sql(server, `update places set name = name || ' Nord' where id in (select id from places order by id desc limit 40)`);
      assert.ok(
        unwrap(await member.client.from('places').update({ lat: -33.9, lng: 18.4, name: 'Moved Café' }).eq('id', added.id).select('id'))
          .length === 1,
      );
      // Thirty places picked by hash, never the one the search below must find.
      await sql(server, `delete from places where id in (select id from places where id <> $1 order by md5(id::text) limit 30)`, [
        added.id,
      ]);
      assert.deepEqual(await exact(), { drift: 0, stale: 0 });
      const found = unwrap(await anon.rpc('search_places', { q: 'moved cafe' }));
      assert.equal(found[0]?.id, added.id);
    });

    test('no GIN index keeps a pending list (PGlite never vacuums it away)', async () => {
      const rows = await sql<{ index: string }>(
        server,
        `select c.relname as index from pg_class c join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
        where a.amname = 'gin' and n.nspname in ('public', 'private') and not coalesce('fastupdate=off' = any(c.reloptions), false) order by 1`,
      );
      assert.deepEqual(rows, []);
    });
  });
}
