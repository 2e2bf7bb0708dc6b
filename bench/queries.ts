/**
 * `npm run bench:queries`: the app's hot queries on a large data set, PGlite and PostgreSQL
 * side by side. Each database is migrated from supabase/ (no seed), loaded by
 * bench/queries-load.ts, then every query runs as a visitor (role anon, RLS on) in a request
 * transaction, as PostgREST runs it, without the HTTP layer. Prints p50/p95 per query.
 * Goal: every p95 ≤ 30 ms. Options: BENCH_RUNS (default 200), BENCH_BACKENDS (pglite,postgres),
 * BENCH_QUERIES (names that start with one of these, comma-separated), BENCH_PGLITE_DIR (keep
 * the loaded PGlite cluster there), BENCH_DATABASE_URL (a PostgreSQL database loaded by an
 * earlier run, instead of a throwaway cluster), BENCH_COMMUNITY_SCALE (bench/community-load.ts).
 * Kept databases get new migrations applied. The community queries run as a signed-in member.
 * Then the same database is served by the server and the member's community calls are timed at
 * the API: supabase-js over HTTP, exactly as the web app sends them (second table), for members
 * picked at random and for the heaviest member (200,000 notifications, follows 2,000 people).
 * Then how cost grows (decision 423): Explore's viewports, search and the place page at
 * BENCH_PLACE_SIZES places (10000,135000,1000000; '' skips; 135000 is the run above, every
 * city), each on a database of its own with the same 1,000,000 reviews, a table of p95 per size
 * and backend, and an SVG chart per query in docs/figures/ (BENCH_CHART_DIR). Every p95 is
 * printed beside its goal (≤ 30 ms) and a miss makes the bench exit 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { applyProject } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import type { Database } from '../server/src/db/types.ts';
import { placeCardColumns } from '../web/src/lib/places.ts';
import { communityMembers, heaviestFollows, heaviestMember, heaviestNotifications, loadCommunityData, memberId } from './community-load.ts';
import { loadBenchData, loadCities } from './queries-load.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { startBenchServer } from './support/bench-server.ts';
import { Goals, loadText } from './support/goals.ts';
import { writeChart } from './support/svg-chart.ts';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const projectDir = path.resolve(import.meta.dirname, '../supabase');
const log = (line: string) => process.stdout.write(`${line}\n`);
const goals = new Goals();
const goalMs = 30;
const loadAtStart = loadText();
const placeSizes = (process.env.BENCH_PLACE_SIZES ?? '10000,135000,1000000').split(',').filter(Boolean).map(Number);
/** BENCH_MAIN_PLACES: fewer places for the main run, for a quick check of the bench itself (figures: every city). */
const mainPlaces = process.env.BENCH_MAIN_PLACES ? Number(process.env.BENCH_MAIN_PLACES) : undefined;
/** The size the main run measures: every city. */
const citySize = 135000;

interface Sample {
  lat: number;
  lng: number;
  id: string;
  word: string;
}

/** A deterministic PRNG so both backends run the same cases. */
function prng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

type Run = (db: Database, s: Sample) => Promise<unknown>;

/** One request as the app sends it: a read-only transaction as a visitor, as PostgREST runs it. */
const asVisitor = (db: Database, sql: string, params: unknown[]) =>
  db.transaction({ kind: 'request', role: 'anon', claims: { role: 'anon' } }, (tx) => tx.query(sql, params), { readOnly: true });

/** One request as a signed-in member (auth.uid() is theirs), as PostgREST runs it. */
const asMember = (db: Database, member: string, sql: string, params: unknown[]) =>
  db.transaction(
    { kind: 'request', role: 'authenticated', claims: { role: 'authenticated', sub: member } },
    (tx) => tx.query(sql, params),
    { readOnly: true },
  );

/** The member with 200,000 notifications who follows 2,000 people. */
const heaviest = memberId(heaviestMember);

function notificationsPage(db: Database, member: string): Promise<unknown> {
  return asMember(
    db,
    member,
    `select coalesce(json_agg(n), '[]')::text from (select * from public.notifications where recipient_id = $1
       order by updated_at desc, id desc limit 20) n`,
    [member],
  );
}

/** A bench member picked from the sample, the same on both backends. */
const memberOf = (s: Sample) => memberId(1 + (parseInt(s.id.replaceAll('-', '').slice(-7), 16) % communityMembers));

/**
 * Explore's viewport call as the app sends it (web/src/features/explore/api/places-in-view.ts):
 * the columns its cards and pins show (`select=`), as the REST layer reads them from the call.
 */
const viewportSql = (openNow: boolean) =>
  `select coalesce(json_agg(p), '[]')::text from (select ${placeCardColumns} from public.places_in_view($1, $2, $3, $4, max_results => 500${openNow ? ', open_now => true' : ''})) p`;

/**
 * The calls with the arguments the web app sends (web/src/features/…/api): places_in_view
 * with max_results 500, search_places with max_results 50; the place page is its four
 * requests (the place, the first page of 20 newest reviews with their count, authors and
 * photos, the histogram, the gallery of 60 photos), timed together.
 */
const allQueries: { name: string; run: Run }[] = [
  {
    name: 'places_in_view, city viewport (~10 km)',
    run: (db, s) => asVisitor(db, viewportSql(false), [s.lat - 0.05, s.lng - 0.07, s.lat + 0.05, s.lng + 0.07]),
  },
  {
    name: 'places_in_view, country viewport (~800 km)',
    run: (db, s) => asVisitor(db, viewportSql(false), [s.lat - 3.5, s.lng - 5, s.lat + 3.5, s.lng + 5]),
  },
  {
    // the "Open now" filter of Explore (decision 321): every bench place has hours in its zone
    name: 'places_in_view open now, city viewport (~10 km)',
    run: (db, s) => asVisitor(db, viewportSql(true), [s.lat - 0.05, s.lng - 0.07, s.lat + 0.05, s.lng + 0.07]),
  },
  {
    name: 'places_in_view open now, country viewport (~800 km)',
    run: (db, s) => asVisitor(db, viewportSql(true), [s.lat - 3.5, s.lng - 5, s.lat + 3.5, s.lng + 5]),
  },
  {
    name: 'places_nearby open now, 5 km',
    run: (db, s) =>
      asVisitor(db, `select coalesce(json_agg(p), '[]')::text from public.places_nearby($1, $2, open_now => true) p`, [s.lat, s.lng]),
  },
  {
    name: 'search_places open now, a word of a city name',
    run: (db, s) =>
      asVisitor(db, `select coalesce(json_agg(p), '[]')::text from public.search_places($1, 50, open_now => true) p`, [s.word]),
  },
  {
    name: 'places_nearby, 5 km',
    run: (db, s) => asVisitor(db, `select coalesce(json_agg(p), '[]')::text from public.places_nearby($1, $2) p`, [s.lat, s.lng]),
  },
  {
    name: 'search_places, a word of a city name',
    run: (db, s) => asVisitor(db, `select coalesce(json_agg(p), '[]')::text from public.search_places($1, 50) p`, [s.word]),
  },
  {
    name: 'place page (place, 20 reviews + count + authors + photos, histogram, gallery)',
    run: async (db, s) => {
      await asVisitor(db, `select row_to_json(p)::text from public.places p where p.id = $1`, [s.id]);
      await asVisitor(
        db,
        `with page as (
           select r.id, r.place_id, r.author_id, r.rating, r.body, r.visited_on, r.created_at, r.updated_at, r.hidden_at,
                  (select row_to_json(a) from (select pr.username, pr.display_name, pr.avatar_path from public.profiles pr where pr.id = r.author_id) a) as author,
                  (select coalesce(json_agg(ph), '[]') from (select x.id, x.path, x.alt, x.width, x.height from public.review_photos x where x.review_id = r.id) ph) as photos
             from public.reviews r where r.place_id = $1 order by r.created_at desc, r.id limit 20 offset 0)
         select (select count(*) from public.reviews r where r.place_id = $1) as total, coalesce(json_agg(page), '[]')::text as body from page`,
        [s.id],
      );
      await asVisitor(db, `select coalesce(json_agg(h), '[]')::text from public.place_rating_histogram($1) h`, [s.id]);
      await asVisitor(
        db,
        `select coalesce(json_agg(g), '[]')::text from (select x.id, x.path, x.alt, x.width, x.height, x.review_id from public.review_photos x
           where x.place_id = $1 and x.hidden_at is null order by x.created_at desc limit 60) g`,
        [s.id],
      );
    },
  },
  {
    // the same four requests (the place row now carries its hours and contact) and the fifth the
    // page makes since decision 322: its history, newest 50 edits with their authors
    name: 'place page with hours and history (the above + 50 edits with authors)',
    run: async (db, s) => {
      await asVisitor(db, `select row_to_json(p)::text from public.places p where p.id = $1`, [s.id]);
      await asVisitor(
        db,
        `with page as (
           select r.id, r.place_id, r.author_id, r.rating, r.body, r.visited_on, r.created_at, r.updated_at, r.hidden_at,
                  (select row_to_json(a) from (select pr.username, pr.display_name, pr.avatar_path from public.profiles pr where pr.id = r.author_id) a) as author,
                  (select coalesce(json_agg(ph), '[]') from (select x.id, x.path, x.alt, x.width, x.height from public.review_photos x where x.review_id = r.id) ph) as photos
             from public.reviews r where r.place_id = $1 order by r.created_at desc, r.id limit 20 offset 0)
         select (select count(*) from public.reviews r where r.place_id = $1) as total, coalesce(json_agg(page), '[]')::text as body from page`,
        [s.id],
      );
      await asVisitor(db, `select coalesce(json_agg(h), '[]')::text from public.place_rating_histogram($1) h`, [s.id]);
      await asVisitor(
        db,
        `select coalesce(json_agg(g), '[]')::text from (select x.id, x.path, x.alt, x.width, x.height, x.review_id from public.review_photos x
           where x.place_id = $1 and x.hidden_at is null order by x.created_at desc limit 60) g`,
        [s.id],
      );
      await asVisitor(
        db,
        `select coalesce(json_agg(e), '[]')::text from (
           select x.id, x.place_id, x.author_id, x.changes, x.previous, x.note, x.status, x.decided_as, x.decided_at, x.reason, x.created_at,
                  (select row_to_json(a) from (select pr.username, pr.display_name from public.profiles pr where pr.id = x.author_id) a) as author
             from public.place_edits x where x.place_id = $1 order by x.created_at desc limit 50) e`,
        [s.id],
      );
    },
  },
  {
    // web/src/features/community/api/feed.ts: the first page, 20 items
    name: 'feed, first page (member_feed)',
    run: (db, s) => asMember(db, memberOf(s), `select coalesce(json_agg(f), '[]')::text from public.member_feed(max_results => 20) f`, []),
  },
  {
    name: 'notifications, unread count (the bell)',
    run: (db, s) => asMember(db, memberOf(s), `select public.unread_notification_count()`, []),
  },
  {
    name: 'notifications, first page of 20',
    run: (db, s) => notificationsPage(db, memberOf(s)),
  },
  {
    name: 'feed, first page, the heaviest member (follows 2,000)',
    run: (db) => asMember(db, heaviest, `select coalesce(json_agg(f), '[]')::text from public.member_feed(max_results => 20) f`, []),
  },
  {
    name: 'notifications, unread count, the heaviest member',
    run: (db) => asMember(db, heaviest, `select public.unread_notification_count()`, []),
  },
  {
    name: 'notifications, first page of 20, the heaviest member',
    run: (db) => notificationsPage(db, heaviest),
  },
];

/** The queries whose cost grows with the number of places (the growth phase, decision 423). */
const growthQueries = [
  'places_in_view, city viewport (~10 km)',
  'places_in_view, country viewport (~800 km)',
  'search_places, a word of a city name',
  'place page (place, 20 reviews + count + authors + photos, histogram, gallery)',
];
const queries = allQueries.filter(
  (q) => !process.env.BENCH_QUERIES || process.env.BENCH_QUERIES.split(',').some((part) => q.name.startsWith(part.trim())),
);

async function samples(db: Database): Promise<Sample[]> {
  const rows = await db.transaction(
    { kind: 'system' },
    async (tx) =>
      (
        await tx.query<Sample>(`select lat, lng, id::text as id, split_part(name, ' ', 1) as word from public.places
        where rating_count > 0 and char_length(split_part(name, ' ', 1)) >= 3 order by md5(id::text) limit 2000`)
      ).rows,
  );
  const rnd = prng(42);
  return Array.from({ length: runs }, () => rows[Math.floor(rnd() * rows.length)] ?? { lat: 0, lng: 0, id: '', word: 'paris' });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(db: Database, which = queries): Promise<Map<string, [number, number]>> {
  const cases = await samples(db);
  const results = new Map<string, [number, number]>();
  for (const query of which) {
    // one untimed pass over every case first: what a connection does once is not the query's
    // cost (the first use of each of the data's 388 time zones loads its rules, about 0.1 ms
    // each, and a plan is made on the first calls of each function); then the timed pass
    for (const s of cases) await query.run(db, s);
    const times: number[] = [];
    for (const s of cases) {
      const t0 = performance.now();
      await query.run(db, s).catch((error: unknown) => {
        throw new Error(`${query.name} at ${JSON.stringify(s)}: ${String(error)}`);
      });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results.set(query.name, [percentile(times, 50), percentile(times, 95)]);
  }
  return results;
}

/**
 * The member's community calls at the API, as web/src/features/community/api sends them: the
 * feed's first page, the bell's unread count and the first page of notifications with their
 * embeds, through supabase-js over HTTP to the server serving the loaded database, each with
 * the access token of the member the case picks.
 */
async function measureApi(dataDir: string, databaseUrl: string): Promise<Map<string, [number, number]>> {
  const server = await startBenchServer({
    projectDir,
    dataDir,
    databaseUrl,
    seed: false,
  });
  try {
    const clients = new Map<string, SupabaseClient>();
    const clientOf = async (member: string) => {
      let client = clients.get(member);
      if (!client) {
        const token = await new SignJWT({
          sub: member,
          role: 'authenticated',
          aud: 'authenticated',
          session_id: member,
          is_anonymous: false,
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(server.keys.secret);
        client = createClient(server.url, server.keys.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          global: { headers: { Authorization: `Bearer ${token}` } },
        });
        clients.set(member, client);
      }
      return client;
    };
    const checked = async (call: PromiseLike<{ error: unknown }>) => {
      const { error } = await call;
      if (error) throw new Error(JSON.stringify(error));
    };
    const calls: { name: string; run: (client: SupabaseClient, member: string) => Promise<void> }[] = [
      {
        name: 'feed, first page (member_feed)',
        run: (client) => checked(client.rpc('member_feed', { max_results: 20 })),
      },
      { name: 'notifications, unread count (the bell)', run: (client) => checked(client.rpc('unread_notification_count')) },
      {
        name: 'notifications, first page of 20',
        run: (client, member) =>
          checked(
            client
              .from('notifications')
              .select(
                '*, actor:profiles!notifications_actor_id_fkey(username, display_name), place:places!notifications_place_id_fkey(name), list:lists!notifications_list_id_fkey(name)',
              )
              .eq('recipient_id', member)
              .order('updated_at', { ascending: false })
              .order('id', { ascending: false })
              .limit(20),
          ),
      },
    ];
    const cases = (await samples(server.db)).map(memberOf);
    for (const member of cases) await clientOf(member);
    const results = new Map<string, [number, number]>();
    // each call for members picked at random, then for the heaviest member every time
    const heaviestName: Record<string, string> = {
      'feed, first page (member_feed)': 'feed, first page, the heaviest member (follows 2,000)',
      'notifications, unread count (the bell)': 'notifications, unread count, the heaviest member',
      'notifications, first page of 20': 'notifications, first page of 20, the heaviest member',
    };
    const variants = calls.flatMap((call) => [
      { name: call.name, run: call.run, members: cases },
      { name: heaviestName[call.name] ?? '', run: call.run, members: cases.map(() => heaviest) },
    ]);
    for (const call of variants) {
      if (!queries.some((q) => q.name === call.name)) continue;
      for (const member of call.members.slice(0, 20)) await call.run(await clientOf(member), member);
      const times: number[] = [];
      for (const member of call.members) {
        const client = await clientOf(member);
        const t0 = performance.now();
        await call.run(client, member);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      results.set(call.name, [percentile(times, 50), percentile(times, 95)]);
    }
    return results;
  } finally {
    await server.close();
  }
}

interface Measured {
  /** In a request transaction on the database handle, without HTTP. */
  db: Map<string, [number, number]>;
  /** The community calls through supabase-js over HTTP. */
  api: Map<string, [number, number]>;
}

async function benchPglite(): Promise<Measured> {
  // BENCH_PGLITE_DIR keeps the loaded cluster between runs (loading takes minutes); a kept
  // cluster gets the migrations added since it was loaded
  const kept = process.env.BENCH_PGLITE_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'pinstar-bench-'));
  try {
    const { db, created } = await openDatabase({ dataDir, databaseUrl: null, authenticatorPassword: 'bench', projectDir });
    let measured: Measured['db'];
    try {
      const { applied } = await applyProject(db, projectDir, { seed: false });
      if (created || !kept) {
        log('PGlite: loading');
        await loadBenchData(db, log, mainPlaces);
        await loadCommunityData(db, log);
      } else if (applied.length > 0) log(`PGlite: kept cluster, applied ${applied.join(', ')}`);
      measured = await measure(db);
    } finally {
      await db.close();
    }
    return { db: measured, api: await measureApi(dataDir, '') };
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measurePostgres(url: string, fresh: boolean): Promise<Measured> {
  const { db } = await openDatabase({ dataDir: tmpdir(), databaseUrl: url, authenticatorPassword: 'bench', projectDir });
  let measured: Measured['db'];
  try {
    const { applied } = await applyProject(db, projectDir, { seed: false });
    if (fresh) {
      log('PostgreSQL: loading');
      await loadBenchData(db, log, mainPlaces);
      await loadCommunityData(db, log);
    } else if (applied.length > 0) log(`PostgreSQL: kept database, applied ${applied.join(', ')}`);
    measured = await measure(db);
  } finally {
    await db.close();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-'));
  try {
    return { db: measured, api: await measureApi(dataDir, url) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Measured> {
  // BENCH_DATABASE_URL: a database this bench loaded before (kept between runs, like BENCH_PGLITE_DIR)
  const keptUrl = process.env.BENCH_DATABASE_URL;
  if (keptUrl) return await measurePostgres(keptUrl, false);
  return await withBenchDatabase('bench', (url) => measurePostgres(url, true));
}

/**
 * Explore's viewports, search and the place page on a database of `size` places (the growth
 * phase): migrated, loaded with `size` places and the same 1,000,000 reviews, measured, dropped.
 */
async function growthOn(backend: 'pglite' | 'postgres', size: number): Promise<Map<string, [number, number]>> {
  const only = allQueries.filter((q) => growthQueries.includes(q.name));
  const run = async (db: Database) => {
    await applyProject(db, projectDir, { seed: false });
    log(`${backend}: loading ${size} places`);
    await loadBenchData(db, log, size);
    return measure(db, only);
  };
  if (backend === 'postgres')
    return withBenchDatabase(`bench_places_${size}`, async (url) => {
      const { db } = await openDatabase({ dataDir: tmpdir(), databaseUrl: url, authenticatorPassword: 'bench', projectDir });
      try {
        return await run(db);
      } finally {
        await db.close();
      }
    });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-'));
  try {
    const { db } = await openDatabase({ dataDir, databaseUrl: null, authenticatorPassword: 'bench', projectDir });
    try {
      return await run(db);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cell = (label: string, [p50, p95]: [number, number]) => `${p50.toFixed(2)} / ${goals.check(label, p95, goalMs, { unit: ' ms' })}`;

const measuredBy: Record<string, Measured> = {};
const mainRun = queries.length > 0 && (placeSizes.length === 0 || placeSizes.includes(citySize) || process.env.BENCH_QUERIES);
if (mainRun && backends.includes('pglite')) measuredBy.PGlite = await benchPglite();
if (mainRun && backends.includes('postgres')) measuredBy['PostgreSQL 15'] = await benchPostgres();
const results = Object.fromEntries(Object.entries(measuredBy).map(([name, m]) => [name, m.db]));
const columns = Object.keys(results);
if (mainRun) {
  log(
    `\n${runs} runs per query, as anon with RLS (the community queries as a member), times in ms (p50 / p95); ${availableParallelism()} cores, load average ${loadAtStart} at the start, ${loadText()} at the end`,
  );
  log(`| query | ${columns.join(' | ')} |\n|---|${columns.map(() => '---').join('|')}|`);
  for (const query of queries) {
    const cells = columns.map((c) => cell(`${query.name}, ${c}, in a request transaction`, results[c]?.get(query.name) ?? [NaN, NaN]));
    log(`| ${query.name} | ${cells.join(' | ')} |`);
  }
  const apiRows = queries.filter((query) => Object.values(measuredBy).some((m) => m.api.has(query.name)));
  if (apiRows.length > 0) {
    log(
      `\nthe same member calls at the API: supabase-js over HTTP to the server on that database, as the web app sends them (p50 / p95 ms); the heaviest member has ${heaviestNotifications.toLocaleString('en-US')} notifications and follows ${heaviestFollows.toLocaleString('en-US')} people`,
    );
    log(`| call | ${columns.join(' | ')} |\n|---|${columns.map(() => '---').join('|')}|`);
    for (const query of apiRows) {
      const cells = columns.map((c) => cell(`${query.name}, ${c}, at the API`, measuredBy[c]?.api.get(query.name) ?? [NaN, NaN]));
      log(`| ${query.name} | ${cells.join(' | ')} |`);
    }
  }
}

// How cost grows with the number of places: p95 per size and backend, and a chart per query.
if (placeSizes.length > 0) {
  const cities = loadCities().length;
  const growth = new Map<string, Map<number, Map<string, [number, number]>>>();
  for (const [name, backend] of [
    ['PGlite', 'pglite'],
    ['PostgreSQL 15', 'postgres'],
  ] as const) {
    if (!backends.includes(backend)) continue;
    const bySize = new Map<number, Map<string, [number, number]>>();
    for (const size of placeSizes) {
      const fromMain = size === citySize ? measuredBy[name]?.db : undefined;
      bySize.set(size === citySize ? cities : size, fromMain ?? (await growthOn(backend, size === citySize ? cities : size)));
    }
    growth.set(name, bySize);
  }
  const names = [...growth.keys()];
  const sizesMeasured = [...new Set([...growth.values()].flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  log(
    `\nhow cost grows: p50 / p95 ms by number of places (1,000,000 reviews at every size; ${runs} runs per query; load average ${loadText()} at the end)`,
  );
  log(`| query | places | ${names.join(' | ')} |\n|---|---|${names.map(() => '---').join('|')}|`);
  for (const query of growthQueries) {
    for (const size of sizesMeasured) {
      const cells = names.map((n) => cell(`${query}, ${n}, ${size} places`, growth.get(n)?.get(size)?.get(query) ?? [NaN, NaN]));
      log(`| ${query} | ${size.toLocaleString('en-US')} | ${cells.join(' | ')} |`);
    }
  }
  const charts: [string, string, string][] = [
    ['queries-viewport.svg', 'places_in_view, country viewport (~800 km)', "Explore's viewport (~800 km): p95 against places"],
    ['queries-search.svg', 'search_places, a word of a city name', 'Search: p95 against places'],
    [
      'queries-place-page.svg',
      'place page (place, 20 reviews + count + authors + photos, histogram, gallery)',
      'The place page (its four requests): p95 against places',
    ],
  ];
  for (const [file, query, title] of charts) {
    const written = writeChart(file, {
      title: `${title} (bench:queries)`,
      subtitle: `${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, load average ${loadAtStart} → ${loadText()}; 1,000,000 reviews`,
      xLabel: 'places (log scale)',
      yLabel: 'p95, ms',
      goal: goalMs,
      lines: names.map((n) => ({
        name: n,
        points: sizesMeasured.map((size): [number, number] => [size, growth.get(n)?.get(size)?.get(query)?.[1] ?? Number.NaN]),
      })),
    });
    log(`chart: ${path.relative(path.resolve(import.meta.dirname, '..'), written)}`);
  }
}
goals.finish(log);
