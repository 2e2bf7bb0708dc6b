import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../server/src/db/types.ts';
import { silentLogger } from '../server/src/lib/log.ts';
import { startServer } from '../server/src/server.ts';
import { startCluster } from '../tests/support/postgres-cluster.ts';

/**
 * `npm run bench:rest`: the REST service against the same queries run directly on the
 * database, on PGlite and PostgreSQL side by side. Latency (p50/p95) with one request in
 * flight, throughput with 32 concurrent keep-alive connections from a child process (so the
 * load generator does not share the server's event loop). The generator is node's own
 * `http.request` on a keep-alive `http.Agent` (like wrk: no client framework on the path),
 * and every response is read to the end and its status checked. It reports the CPU it
 * burned, since on 2 cores it competes with the server. Loopback only, bounded counts.
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'tests/fixtures/rest');
const sequentialCount = Number(process.env.BENCH_SEQUENTIAL ?? 1500);
const concurrentCount = Number(process.env.BENCH_CONCURRENT ?? 4000);
const concurrency = 32;
const seededPlaces = 2000;

interface Scenario {
  name: string;
  /** The HTTP request for iteration i. */
  http: (i: number) => { path: string; method: string; body?: string; service?: boolean };
  /** The same query as plain SQL run in a request transaction. */
  direct: (i: number) => { sql: string; params: unknown[]; role: string };
}

const scenarios: Scenario[] = [
  {
    name: 'primary-key read',
    http: (i) => ({ method: 'GET', path: `/rest/v1/places?select=*&id=eq.${1000 + (i % seededPlaces)}` }),
    direct: (i) => ({ sql: 'select * from public.places where id = $1', params: [1000 + (i % seededPlaces)], role: 'anon' }),
  },
  {
    name: '20-row page + embed',
    http: (i) => ({ method: 'GET', path: `/rest/v1/places?select=id,name,rating,reviews(stars,body)&order=id&limit=20&offset=${(i * 20) % 200}` }),
    direct: (i) => ({
      sql: `select p.id, p.name, p.rating, (select json_agg(json_build_object('stars', r.stars, 'body', r.body)) from public.reviews r where r.place_id = p.id) as reviews
            from public.places p order by p.id limit 20 offset $1`,
      params: [(i * 20) % 200],
      role: 'anon',
    }),
  },
  {
    name: 'insert',
    http: (i) => ({ method: 'POST', path: '/rest/v1/items', body: JSON.stringify({ sku: `h-${process.pid}-${i}`, name: 'bench' }), service: true }),
    direct: (i) => ({ sql: 'insert into public.items (sku, name) values ($1, $2)', params: [`d-${process.pid}-${i}`, 'bench'], role: 'service_role' }),
  },
  {
    name: 'rpc',
    http: (i) => ({ method: 'POST', path: '/rest/v1/rpc/add_numbers', body: JSON.stringify({ a: i, b: 1 }) }),
    direct: (i) => ({ sql: 'select public.add_numbers($1, $2)', params: [i, 1], role: 'anon' }),
  },
];

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  /** CPU the measuring process used during the throughput phase, in % of one core. */
  cpu: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `op` count times sequentially (latency) and with `concurrency` in flight (throughput). */
async function measure(op: (i: number) => Promise<void>, offset: number): Promise<Measure> {
  for (let i = 0; i < 200; i++) await op(offset + i);
  const latencies: number[] = [];
  for (let i = 0; i < sequentialCount; i++) {
    const started = performance.now();
    await op(offset + 1000 + i);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < concurrentCount) await op(offset + 100_000 + next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { rps: concurrentCount / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), cpu: ((cpu.user + cpu.system) / 1e6 / seconds) * 100 };
}

/** One request on the keep-alive agent; resolves once the whole body arrived, rejects on a status >= 300. */
function request(agent: http.Agent, url: URL, r: { path: string; method: string; body?: string }, key: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    if (r.body !== undefined) headers['Content-Length'] = Buffer.byteLength(r.body);
    const req = http.request({ host: url.hostname, port: url.port, path: r.path, method: r.method, agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('error', reject);
      res.on('end', () => ((res.statusCode ?? 0) >= 300 ? reject(new Error(`${r.method} ${r.path}: ${res.statusCode}`)) : resolve()));
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** Child process: the HTTP load generator. */
async function runClient(): Promise<void> {
  const [url, anonKey, serviceKey, index] = process.argv.slice(3);
  const scenario = scenarios[Number(index)];
  if (!scenario || !url) throw new Error('bad client arguments');
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const base = new URL(url);
  const op = (i: number) => {
    const r = scenario.http(i);
    return request(agent, base, r, r.service ? (serviceKey ?? '') : (anonKey ?? ''));
  };
  process.send?.(await measure(op, 0));
}

function measureHttp(url: string, anonKey: string, serviceKey: string, index: number): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--client', url, anonKey, serviceKey, String(index)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as Measure));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
  });
}

function measureDirect(db: Database, scenario: Scenario): Promise<Measure> {
  return measure(async (i) => {
    const q = scenario.direct(i);
    // The transaction shape the REST service uses for these requests: one statement, COMMIT with it.
    await db.transaction({ kind: 'request', role: q.role, claims: { role: q.role } }, (tx) => tx.query(q.sql, q.params), { readOnly: q.sql.startsWith('select'), single: true });
  }, 0);
}

async function seed(db: Database): Promise<void> {
  await db.transaction({ kind: 'system' }, (tx) =>
    tx.exec(`
      insert into public.places (id, name, category, tags, lat, lng, rating)
        select g, 'Place ' || g, (array['cafe', 'bar', 'restaurant'])[1 + g % 3], '{bench}', 48 + g / 10000.0, 2 + g / 10000.0, (g % 50) / 10.0
        from generate_series(1000, ${999 + seededPlaces}) g;
      insert into public.reviews (place_id, author_id, body, stars)
        select p, 1 + (p + k) % 3, 'Review ' || k || ' of ' || p, 1 + (p + k) % 5
        from generate_series(1000, ${999 + seededPlaces}) p, generate_series(1, 3) k;
      create index if not exists reviews_place_id_idx on public.reviews (place_id);
      analyze;
    `),
  );
}

interface Row {
  scenario: string;
  backend: string;
  http: Measure;
  direct: Measure;
}

async function benchBackend(backend: 'pglite' | 'postgres', databaseUrl: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-rest-'));
  const server = await startServer({ projectDir: project, port: 0, dataDir, webDist: null, env: { ...process.env, DATABASE_URL: databaseUrl }, log: silentLogger, override: { logRequests: false } });
  const rows: Row[] = [];
  try {
    await seed(server.db);
    for (const [index, scenario] of scenarios.entries()) {
      process.stderr.write(`${backend}: ${scenario.name}\n`);
      const direct = await measureDirect(server.db, scenario);
      const http = await measureHttp(server.url, server.keys.anonKey, server.keys.serviceRoleKey, index);
      rows.push({ scenario: scenario.name, backend, http, direct });
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function print(rows: Row[], loadBefore: number[]): void {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  console.log(`machine: ${cpus().length} cores; load average at start ${load(loadBefore)}, at end ${load(loadavg())}; ${sequentialCount} sequential + ${concurrentCount} concurrent requests per row`);
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, digits = 2) => n.toFixed(digits).padStart(9);
  console.log(`${pad('scenario', 22)}${pad('backend', 10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)} |${'db req/s'.padStart(9)}${'db p50'.padStart(9)}${'db p95'.padStart(9)} |${'p50 ×'.padStart(9)}${'req/s ×'.padStart(9)} |${'gen cpu%'.padStart(9)}`);
  for (const r of rows) {
    console.log(
      `${pad(r.scenario, 22)}${pad(r.backend, 10)}${num(r.http.rps, 0)}${num(r.http.p50)}${num(r.http.p95)} |${num(r.direct.rps, 0)}${num(r.direct.p50)}${num(r.direct.p95)} |${num(r.http.p50 / r.direct.p50)}${num(r.direct.rps / r.http.rps)} |${num(r.http.cpu, 0)}`,
    );
  }
  console.log(
    `(HTTP: node's http.request on a keep-alive http.Agent in a child process, ${concurrency} connections with one request each in flight for req/s, one request in flight for p50/p95; ` +
      `db: the same query in a request transaction on the same handle. p50 × = HTTP p50 / db p50; req/s × = db req/s / HTTP req/s; gen cpu% = the load generator's CPU during the req/s phase, in % of one of the cores it shares with the server.)`,
  );
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const cluster = await startCluster();
  // An interrupted run must not leave its PostgreSQL cluster behind.
  const stop = () => {
    cluster.stop();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
    await admin.connect();
    await admin.query('create database bench_rest');
    await admin.end();
    const rows = [...(await benchBackend('pglite', '')), ...(await benchBackend('postgres', `${cluster.url}/bench_rest`))];
    const order = scenarios.map((s) => s.name);
    rows.sort((a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario));
    print(rows, loadBefore);
  } finally {
    cluster.stop();
  }
}

if (process.argv[2] === '--client') await runClient();
else await main();
