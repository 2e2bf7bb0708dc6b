/**
 * `npm run bench:queries`: the app's hot queries on a large data set, PGlite and PostgreSQL
 * side by side. Each database is migrated from supabase/ (no seed), loaded by
 * bench/queries-load.ts, then every query runs as a visitor (role anon, RLS on) in a request
 * transaction, as PostgREST runs it, without the HTTP layer. Prints p50/p95 per query.
 * Goal: every p95 ≤ 30 ms. Options: BENCH_RUNS (default 200), BENCH_BACKENDS (pglite,postgres).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyProject } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import type { Database, Tx } from '../server/src/db/types.ts';
import { startCluster } from '../tests/support/postgres-cluster.ts';
import { loadBenchData } from './queries-load.ts';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const projectDir = path.resolve(import.meta.dirname, '../supabase');
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Sample {
  lat: number;
  lng: number;
  id: string;
  word: string;
}

/** A deterministic PRNG so both backends run the same cases. */
function prng(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const queries: { name: string; run: (tx: Tx, s: Sample) => Promise<unknown> }[] = [
  {
    name: 'places_in_view, city viewport (~10 km)',
    run: (tx, s) => tx.query(`select coalesce(json_agg(p), '[]')::text from public.places_in_view($1, $2, $3, $4) p`, [s.lat - 0.05, s.lng - 0.07, s.lat + 0.05, s.lng + 0.07]),
  },
  {
    name: 'places_in_view, country viewport (~800 km)',
    run: (tx, s) => tx.query(`select coalesce(json_agg(p), '[]')::text from public.places_in_view($1, $2, $3, $4) p`, [s.lat - 3.5, s.lng - 5, s.lat + 3.5, s.lng + 5]),
  },
  {
    name: 'places_nearby, 5 km',
    run: (tx, s) => tx.query(`select coalesce(json_agg(p), '[]')::text from public.places_nearby($1, $2) p`, [s.lat, s.lng]),
  },
  {
    name: 'search_places, a word of a city name',
    run: (tx, s) => tx.query(`select coalesce(json_agg(p), '[]')::text from public.search_places($1) p`, [s.word]),
  },
  {
    name: 'place page (place, 20 reviews + authors + photos, histogram)',
    run: async (tx, s) => {
      await tx.query(`select row_to_json(p)::text from public.places p where p.id = $1`, [s.id]);
      await tx.query(
        `select coalesce(json_agg(t), '[]')::text from (
           select r.*, (select row_to_json(a) from (select pr.username, pr.display_name, pr.avatar_path from public.profiles pr where pr.id = r.author_id) a) as author,
                  (select coalesce(json_agg(ph order by ph.created_at), '[]') from public.review_photos ph where ph.review_id = r.id) as review_photos
             from public.reviews r where r.place_id = $1 order by r.created_at desc limit 20) t`,
        [s.id],
      );
      await tx.query(`select coalesce(json_agg(h), '[]')::text from public.place_rating_histogram($1) h`, [s.id]);
    },
  },
];

async function samples(db: Database): Promise<Sample[]> {
  const rows = await db.transaction({ kind: 'system' }, async (tx) =>
    (await tx.query<Sample>(`select lat, lng, id::text as id, split_part(name, ' ', 1) as word from public.places
        where rating_count > 0 and char_length(split_part(name, ' ', 1)) >= 3 order by md5(id::text) limit 2000`)).rows);
  const rnd = prng(42);
  return Array.from({ length: runs }, () => rows[Math.floor(rnd() * rows.length)] ?? { lat: 0, lng: 0, id: '', word: 'paris' });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(db: Database): Promise<Map<string, [number, number]>> {
  const cases = await samples(db);
  const results = new Map<string, [number, number]>();
  for (const query of queries) {
    for (const s of cases.slice(0, 20)) await db.transaction({ kind: 'request', role: 'anon', claims: { role: 'anon' } }, (tx) => query.run(tx, s), { readOnly: true, timeoutMs: 60_000 });
    const times: number[] = [];
    for (const s of cases) {
      const t0 = performance.now();
      await db
        .transaction({ kind: 'request', role: 'anon', claims: { role: 'anon' } }, (tx) => query.run(tx, s), { readOnly: true })
        .catch((error: unknown) => {
          throw new Error(`${query.name} at ${JSON.stringify(s)}: ${String(error)}`);
        });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results.set(query.name, [percentile(times, 50), percentile(times, 95)]);
  }
  return results;
}

async function benchPglite(): Promise<Map<string, [number, number]>> {
  // BENCH_PGLITE_DIR keeps the loaded cluster between runs (loading takes minutes)
  const kept = process.env.BENCH_PGLITE_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'pinstar-bench-'));
  const { db, created } = await openDatabase({ dataDir, databaseUrl: null, authenticatorPassword: 'bench' });
  try {
    if (created || !kept) {
      await applyProject(db, projectDir, { seed: false });
      log('PGlite: loading');
      await loadBenchData(db, log);
    }
    return await measure(db);
  } finally {
    await db.close();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Map<string, [number, number]>> {
  const cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    const { db } = await openDatabase({ dataDir: tmpdir(), databaseUrl: `${cluster.url}/bench`, authenticatorPassword: 'bench' });
    try {
      await applyProject(db, projectDir, { seed: false });
      log('PostgreSQL: loading');
      await loadBenchData(db, log);
      return await measure(db);
    } finally {
      await db.close();
    }
  } finally {
    cluster.stop();
  }
}

const results: Record<string, Map<string, [number, number]>> = {};
if (backends.includes('pglite')) results.PGlite = await benchPglite();
if (backends.includes('postgres')) results['PostgreSQL 15'] = await benchPostgres();
const columns = Object.keys(results);
log(`\n${runs} runs per query, as anon with RLS, times in ms (p50 / p95)`);
log(`| query | ${columns.join(' | ')} |\n|---|${columns.map(() => '---').join('|')}|`);
for (const query of queries) {
  const cells = columns.map((c) => {
    const [p50, p95] = results[c]?.get(query.name) ?? [NaN, NaN];
    return `${p50.toFixed(2)} / ${p95.toFixed(2)}${p95 > 30 ? ' ⚠' : ''}`;
  });
  log(`| ${query.name} | ${cells.join(' | ')} |`);
}
