import { performance } from 'node:perf_hooks';
import { clientFor, createMember, sql, withoutSeed } from '../tests/data/support.ts';
import { globalSetup, globalTeardown } from '../tests/support/global-setup.ts';
import { startTestServer, type TestServer } from '../tests/support/server.ts';
import { Goals, loadText } from './support/goals.ts';

/**
 * `npm run bench:lists`: opening a list of 1,000 places at the API — the `open_list` call the
 * list page makes, through supabase-js over HTTP, as its owner (RLS and the access helpers on
 * the path) and as a visitor of the public list. Goal: p95 ≤ 300 ms, printed beside each p95; a
 * miss exits 1 (decision 420). Options: BENCH_RUNS (default 100), BENCH_BACKENDS (pglite,postgres).
 */
const runs = Number(process.env.BENCH_RUNS ?? 100);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];

const goals = new Goals();
const loadAtStart = loadText();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(call: () => PromiseLike<{ error: unknown; data: unknown }>): Promise<[number, number, number]> {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs + 5; i += 1) {
    const start = performance.now();
    const { data, error } = await call();
    const elapsed = performance.now() - start;
    if (error) throw new Error(JSON.stringify(error));
    size = (data as { places: unknown[] }).places.length;
    if (i >= 5) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return [percentile(times, 50), percentile(times, 95), size];
}

async function bench(backend: 'pglite' | 'postgres'): Promise<string[]> {
  const server: TestServer = await startTestServer(backend, withoutSeed);
  try {
    const owner = await createMember(server);
    const [list] = await sql<{ id: string }>(
      server,
      `insert into lists (owner_id, name, visibility) values ($1, 'Big list', 'public') returning id`,
      [owner.id],
    );
    await sql(
      server,
      `with p as (insert into places (name, category, lat, lng, description)
                  select 'Bench place ' || i, 'cafe', 48 + i / 10000.0, 2 + i / 10000.0, repeat('x', 200) from generate_series(1, 1000) i returning id)
       insert into list_places (list_id, place_id, added_by, note) select $1, p.id, $2, 'A note about this place' from p`,
      [list?.id, owner.id],
    );
    const visitor = clientFor(server);
    const rows: string[] = [];
    for (const [who, client] of [
      ['owner', owner.client],
      ['visitor', visitor],
    ] as const) {
      const [p50, p95, size] = await measure(() => client.rpc('open_list', { list_id: list?.id ?? '' }));
      rows.push(
        `${backend.padEnd(9)} ${who.padEnd(8)} ${String(size).padStart(5)} places  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${goals.check(`${backend} ${who} p95`, p95, 300, { unit: ' ms', digits: 1 })}`,
      );
    }
    return rows;
  } finally {
    await server.close();
  }
}

// the test servers' templates (PGlite) and a throwaway PostgreSQL cluster, as `npm test` makes them
process.env.TEST_BACKENDS = backends.join(',');
process.env.PINSTAR_SKIP_WEB_BUILD = '1';
await globalSetup();
const lines: string[] = [];
try {
  for (const backend of backends) lines.push(...(await bench(backend)));
} finally {
  await globalTeardown();
}
console.log(`\nopen_list of a 1,000-place list, ${runs} runs each; load average at the start ${loadAtStart}\n${lines.join('\n')}`);
goals.finish();
