import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../server/src/db/types.ts';
import { startBaseline } from './support/baseline.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { startBenchServer } from './support/bench-server.ts';
import { Connection, measure as measureShape, percentile, requestBytes, type Measure } from './support/http-load.ts';
import { seedPlacesSql } from './support/rest-seed.ts';

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
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const concurrency = 32;
const shape = { sequential: sequentialCount, concurrent: concurrentCount, concurrency };
const measure = (op: (i: number) => Promise<void>, offset: number) => measureShape(op, offset, shape);
const seededPlaces = 2000;

interface Scenario {
  name: string;
  /** The HTTP request for iteration i. */
  http: (i: number) => { path: string; method: string; body?: string; service?: boolean };
  /** The same query as plain SQL run in a request transaction. */
  direct: (i: number) => { sql: string; params: unknown[]; role: string };
}

/** The HTTP floor: the cheapest exchange the server has (no middleware, no database). */
const floor: Pick<Scenario, 'name' | 'http'> = { name: 'HTTP floor', http: () => ({ method: 'GET', path: '/_server/health' }) };

const scenarios: Scenario[] = [
  {
    name: 'primary-key read',
    http: (i) => ({ method: 'GET', path: `/rest/v1/places?select=*&id=eq.${1000 + (i % seededPlaces)}` }),
    direct: (i) => ({ sql: 'select * from public.places where id = $1', params: [1000 + (i % seededPlaces)], role: 'anon' }),
  },
  {
    name: '20-row page + embed',
    http: (i) => ({
      method: 'GET',
      path: `/rest/v1/places?select=id,name,rating,reviews(stars,body)&order=id&limit=20&offset=${(i * 20) % 200}`,
    }),
    direct: (i) => ({
      sql: `select p.id, p.name, p.rating, (select json_agg(json_build_object('stars', r.stars, 'body', r.body)) from public.reviews r where r.place_id = p.id) as reviews
            from public.places p order by p.id limit 20 offset $1`,
      params: [(i * 20) % 200],
      role: 'anon',
    }),
  },
  {
    name: 'insert',
    http: (i) => ({
      method: 'POST',
      path: '/rest/v1/items',
      body: JSON.stringify({ sku: `h-${process.pid}-${i}`, name: 'bench' }),
      service: true,
    }),
    direct: (i) => ({
      sql: 'insert into public.items (sku, name) values ($1, $2)',
      params: [`d-${process.pid}-${i}`, 'bench'],
      role: 'service_role',
    }),
  },
  {
    name: 'rpc',
    http: (i) => ({ method: 'POST', path: '/rest/v1/rpc/add_numbers', body: JSON.stringify({ a: i, b: 1 }) }),
    direct: (i) => ({ sql: 'select public.add_numbers($1, $2)', params: [i, 1], role: 'anon' }),
  },
];

/** Child process: the HTTP load generator (scenario index, or -1 for the floor). */
async function runClient(): Promise<void> {
  const [url, anonKey, serviceKey, index, target] = process.argv.slice(3);
  const chosen = Number(index) < 0 ? floor : scenarios[Number(index)];
  if (!chosen || !url) throw new Error('bad client arguments');
  // The minimal handler's route runs scenario `index`'s statement for iteration i (offset: inserts stay unique).
  const scenario =
    target === 'baseline'
      ? {
          http: (i: number) => ({
            method: chosen.http(i).method,
            path: `/baseline/${index}/${i + 1_000_000}`,
            service: chosen.http(i).service,
          }),
        }
      : chosen;
  const base = new URL(url);
  const connections = Array.from({ length: concurrency }, () => new Connection(Number(base.port), base.hostname));
  const idle = [...connections];
  const op = async (i: number) => {
    const r = scenario.http(i);
    const connection = idle.pop();
    if (!connection) throw new Error('no idle connection');
    try {
      const status = await connection.send(requestBytes(base, r, r.service ? (serviceKey ?? '') : (anonKey ?? '')));
      if (status >= 300) throw new Error(`${r.method} ${r.path}: ${status}`);
    } finally {
      idle.push(connection);
    }
  };
  process.send?.(await measure(op, 0));
  for (const c of connections) c.close();
}

/** A value written into SQL text (the simple protocol has no parameters): numbers as they are, strings quoted. */
function literal(value: unknown): string {
  return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * Child process: the same transaction on a PostgreSQL connection of its own, as a client
 * that skips the REST service would run it — BEGIN, the settings, the statement and COMMIT
 * in one simple-protocol round trip.
 */
async function runPgClient(): Promise<void> {
  const [databaseUrl, index] = process.argv.slice(3);
  const scenario = scenarios[Number(index)];
  if (!scenario || !databaseUrl) throw new Error('bad client arguments');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  const op = async (i: number) => {
    await pool.query(ownConnectionSql(scenario, i));
  };
  process.send?.(await measure(op, 0));
  await pool.end();
}

/** Scenario's transaction for iteration i as one simple-protocol text: BEGIN, the settings, the statement, COMMIT. */
function ownConnectionSql(scenario: Scenario, i: number): string {
  const q = scenario.direct(i);
  const sql = q.sql.replace(/\$(\d+)/g, (_, n: string) => literal(q.params[Number(n) - 1]));
  const claims = JSON.stringify({ role: q.role });
  return (
    `begin${q.sql.startsWith('select') ? ' read only' : ''}; ` +
    `select set_config('search_path', 'public, extensions', true), set_config('role', ${literal(q.role)}, true), set_config('request.jwt.claims', ${literal(claims)}, true); ` +
    `${sql}; commit`
  );
}

/** Latency of one target in the alternating phase. */
interface Latency {
  p50: number;
  p95: number;
}

interface Alternating {
  rest: Latency;
  baseline: Latency;
  /** PostgreSQL only. */
  connection: Latency | null;
}

/**
 * Child process: one request at a time, in turn, to the REST service, the minimal handler and
 * (PostgreSQL) the own connection, starting with a different one each round — so the three
 * latencies are taken under the same load, request by request, and a transient of the machine
 * (decision 164) falls on all of them alike.
 */
async function runAlternatingClient(): Promise<void> {
  const [url, baselineUrl, anonKey, serviceKey, index, databaseUrl] = process.argv.slice(3);
  const scenario = scenarios[Number(index)];
  if (!scenario || !url || !baselineUrl) throw new Error('bad client arguments');
  const send = (base: URL, connection: Connection, r: { path: string; method: string; body?: string; service?: boolean }) =>
    connection.send(requestBytes(base, r, r.service ? (serviceKey ?? '') : (anonKey ?? ''))).then((status) => {
      if (status >= 300) throw new Error(`${r.method} ${r.path}: ${status}`);
    });
  const restBase = new URL(url);
  const baselineBase = new URL(baselineUrl);
  const restConnection = new Connection(Number(restBase.port), restBase.hostname);
  const baselineConnection = new Connection(Number(baselineBase.port), baselineBase.hostname);
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1 }) : null;
  const targets: Array<(i: number) => Promise<unknown>> = [
    (i) => send(restBase, restConnection, scenario.http(i)),
    (i) => {
      const r = scenario.http(i);
      return send(baselineBase, baselineConnection, { method: r.method, path: `/baseline/${index}/${i + 2_000_000}`, service: r.service });
    },
    ...(pool ? [(i: number) => pool.query(ownConnectionSql(scenario, i + 3_000_000))] : []),
  ];
  const times = targets.map((): number[] => []);
  for (let i = 0; i < 200 + sequentialCount; i++) {
    for (let k = 0; k < targets.length; k++) {
      const t = (i + k) % targets.length;
      const started = performance.now();
      await targets[t]?.(i);
      if (i >= 200) times[t]?.push(performance.now() - started);
    }
  }
  const latency = (sorted: number[]): Latency => ({ p50: percentile(sorted, 50), p95: percentile(sorted, 95) });
  const [rest, baseline, connection] = times.map((t) => latency(t.sort((a, b) => a - b)));
  if (!rest || !baseline) throw new Error('no latencies');
  process.send?.({ rest, baseline, connection: connection ?? null } satisfies Alternating);
  restConnection.close();
  baselineConnection.close();
  await pool?.end();
}

function measureHttp(
  url: string,
  anonKey: string,
  serviceKey: string,
  index: number,
  target: 'rest' | 'baseline' = 'rest',
): Promise<Measure> {
  return measureInChild(['--client', url, anonKey, serviceKey, String(index), target]);
}

function measureInChild<T = Measure>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
  });
}

function measureDirect(db: Database, scenario: Scenario): Promise<Measure> {
  return measure(async (i) => {
    const q = scenario.direct(i);
    // The transaction shape the REST service uses for these requests: one statement, COMMIT with it.
    await db.transaction({ kind: 'request', role: q.role, claims: { role: q.role } }, (tx) => tx.query(q.sql, q.params), {
      readOnly: q.sql.startsWith('select'),
      single: true,
    });
  }, 0);
}

async function seed(db: Database): Promise<void> {
  await db.transaction({ kind: 'system' }, (tx) => tx.exec(seedPlacesSql(seededPlaces)));
}

interface Row {
  scenario: string;
  backend: string;
  http: Measure;
  direct: Measure;
  /** p50 of the same database call made by the REST service during the sequential HTTP phase. */
  dbInHttp: number;
  /** PostgreSQL only: the same transaction on a connection of the load generator's own. */
  connection: Measure | null;
  /** The minimal Hono-on-Node handler running the same statement on the same handle. */
  baseline: Measure;
  /** REST, the minimal handler and the own connection, one request at a time in turn. */
  alternating: Alternating;
}

interface BackendResult {
  rows: Row[];
  /** `/_server/health` through the same generator. */
  floor: Measure;
}

/**
 * Times every transaction the server runs while `fn` does (an own property over the method,
 * removed afterwards): how long the REST service's database call takes inside an HTTP exchange,
 * to set beside the same call made back to back from the server process.
 */
async function timeTransactions<T>(db: Database, fn: () => Promise<T>): Promise<{ result: T; durations: number[] }> {
  const durations: number[] = [];
  const own = Object.getOwnPropertyDescriptor(db, 'transaction');
  const original = db.transaction.bind(db);
  db.transaction = async (who, body, options) => {
    const started = performance.now();
    try {
      return await original(who, body, options);
    } finally {
      durations.push(performance.now() - started);
    }
  };
  try {
    return { result: await fn(), durations };
  } finally {
    if (own) Object.defineProperty(db, 'transaction', own);
    else Reflect.deleteProperty(db, 'transaction');
  }
}

async function benchBackend(backend: 'pglite' | 'postgres', databaseUrl: string): Promise<BackendResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-rest-'));
  const server = await startBenchServer({
    projectDir: project,
    dataDir,
    databaseUrl,
  });
  const rows: Row[] = [];
  let floorMeasure: Measure;
  const baselineServer = await startBaseline(server.db, scenarios);
  try {
    await seed(server.db);
    floorMeasure = await measureHttp(server.url, server.keys.anonKey, server.keys.serviceRoleKey, -1);
    for (const [index, scenario] of scenarios.entries()) {
      process.stderr.write(`${backend}: ${scenario.name}\n`);
      // The two HTTP measurements one right after the other, after a pause: the phases with
      // 32 transactions in flight leave the machine busy for a while, and whichever HTTP run
      // came next paid for that (decision 164).
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const timed = await timeTransactions(server.db, () =>
        measureHttp(server.url, server.keys.anonKey, server.keys.serviceRoleKey, index),
      );
      // The sequential phase follows 200 warm-up requests; one transaction per request.
      const inHttp = timed.durations.slice(200, 200 + sequentialCount).sort((a, b) => a - b);
      const baseline = await measureHttp(baselineServer.url, server.keys.anonKey, server.keys.serviceRoleKey, index, 'baseline');
      const direct = await measureDirect(server.db, scenario);
      const connection = backend === 'postgres' ? await measureInChild(['--pg-client', databaseUrl, String(index)]) : null;
      const alternating = await measureInChild<Alternating>([
        '--alternating',
        server.url,
        baselineServer.url,
        server.keys.anonKey,
        server.keys.serviceRoleKey,
        String(index),
        backend === 'postgres' ? databaseUrl : '',
      ]);
      rows.push({
        scenario: scenario.name,
        backend,
        http: timed.result,
        direct,
        dbInHttp: percentile(inHttp, 50),
        connection,
        baseline,
        alternating,
      });
    }
  } finally {
    await baselineServer.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, floor: floorMeasure };
}

function print(rows: Row[], floors: Record<string, Measure>, loadBefore: number[]): void {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  console.log(
    `machine: ${cpus().length} cores; load average at start ${load(loadBefore)}, at end ${load(loadavg())}; ${sequentialCount} sequential + ${concurrentCount} concurrent requests per row`,
  );
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, digits = 2) => n.toFixed(digits).padStart(9);
  console.log(
    `${pad('scenario', 22)}${pad('backend', 10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)} |${'db req/s'.padStart(9)}${'db p50'.padStart(9)}${'db p95'.padStart(9)} |${'p50 ×'.padStart(9)}${'+ms p50'.padStart(9)}${'req/s ×'.padStart(9)} |${'db@http'.padStart(9)}${'gen cpu%'.padStart(9)} |${'conn p50'.padStart(9)}${'p50 ×'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.scenario, 22)}${pad(r.backend, 10)}${num(r.http.rps, 0)}${num(r.http.p50)}${num(r.http.p95)} |${num(r.direct.rps, 0)}${num(r.direct.p50)}${num(r.direct.p95)} |${num(r.http.p50 / r.direct.p50)}${num(r.http.p50 - r.direct.p50)}${num(r.direct.rps / r.http.rps)} |${num(r.dbInHttp)}${num(r.http.cpu, 0)} |${r.connection ? `${num(r.connection.p50)}${num(r.http.p50 / r.connection.p50)}` : '        -        -'}`,
    );
  }
  console.log('');
  console.log(
    `${pad('scenario', 22)}${pad('backend', 10)}${'REST p50'.padStart(9)}${'p95'.padStart(9)}${'req/s'.padStart(9)} |${'min p50'.padStart(9)}${'p95'.padStart(9)}${'req/s'.padStart(9)} |${'p50 ×'.padStart(9)}${'+ms conn'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.scenario, 22)}${pad(r.backend, 10)}${num(r.http.p50)}${num(r.http.p95)}${num(r.http.rps, 0)} |${num(r.baseline.p50)}${num(r.baseline.p95)}${num(r.baseline.rps, 0)} |${num(r.http.p50 / r.baseline.p50)}${r.connection ? num(r.http.p50 - r.connection.p50) : '        -'}`,
    );
  }
  console.log(
    '(min = a minimal Hono-on-Node handler on the same database handle running the same statement in the same request transaction and returning its rows as JSON, under the same load; p50 × = REST p50 / min p50; +ms conn = REST p50 - conn p50, PostgreSQL only.)',
  );
  console.log('');
  console.log(
    `${pad('alternating', 22)}${pad('backend', 10)}${'REST p50'.padStart(9)}${'p95'.padStart(9)} |${'min p50'.padStart(9)}${'p95'.padStart(9)} |${'conn p50'.padStart(9)}${'p95'.padStart(9)} |${'p50 ×'.padStart(9)}${'+ms conn'.padStart(9)}`,
  );
  for (const r of rows) {
    const a = r.alternating;
    console.log(
      `${pad(r.scenario, 22)}${pad(r.backend, 10)}${num(a.rest.p50)}${num(a.rest.p95)} |${num(a.baseline.p50)}${num(a.baseline.p95)} |${a.connection ? `${num(a.connection.p50)}${num(a.connection.p95)}` : '        -        -'} |${num(a.rest.p50 / a.baseline.p50)}${a.connection ? num(a.rest.p50 - a.connection.p50) : '        -'}`,
    );
  }
  console.log(
    `(alternating: ${sequentialCount} rounds after 200 of warm-up, each one request to REST, one to the minimal handler and, PostgreSQL only, the same transaction on a connection of the load generator's own, in turn with a different one first each round, one request in flight: the three latencies under the same load.)`,
  );
  console.log('');
  for (const [backend, f] of Object.entries(floors)) {
    console.log(
      `${pad(floor.name, 22)}${pad(backend, 10)}${num(f.rps, 0)}${num(f.p50)}${num(f.p95)} | GET /_server/health: one loopback exchange, no middleware, no database`,
    );
  }
  console.log(
    `(HTTP: keep-alive HTTP/1.1 connections from a child process sending prepared requests and reading each response to its end, like wrk; ${concurrency} connections with one request each in flight for req/s, one request in flight for p50/p95; ` +
      `db: the same query in a request transaction on the same handle, from the server process. p50 × = HTTP p50 / db p50; +ms p50 = HTTP p50 - db p50, what the server and the loopback exchange add; req/s × = db req/s / HTTP req/s; db@http = p50 of the server's own database call for the HTTP requests of the p50 column (measured in the server); gen cpu% = the load generator's CPU during the req/s phase, in % of one of the cores it shares with the server; conn p50 = PostgreSQL only: the same transaction (BEGIN, settings, statement, COMMIT in one round trip) on a connection from another process, as a client without the REST service would run it, and HTTP p50 / conn p50.)`,
  );
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  await withBenchDatabase('bench_rest', async (url) => {
    // BENCH_BACKENDS=postgres skips the PGlite pass.
    const pglite =
      process.env.BENCH_BACKENDS === 'postgres'
        ? { rows: [], floor: { rps: Number.NaN, p50: Number.NaN, p95: Number.NaN, cpu: Number.NaN } }
        : await benchBackend('pglite', '');
    const postgres = await benchBackend('postgres', url);
    const rows = [...pglite.rows, ...postgres.rows];
    const order = scenarios.map((s) => s.name);
    rows.sort((a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario));
    print(rows, { pglite: pglite.floor, postgres: postgres.floor }, loadBefore);
  });
}

if (process.argv[2] === '--client') await runClient();
else if (process.argv[2] === '--pg-client') await runPgClient();
else if (process.argv[2] === '--alternating') await runAlternatingClient();
else await main();
