import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../server/src/db/types.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { startBenchServer } from './support/bench-server.ts';
import { Goals, loadText } from './support/goals.ts';
import { Connection, measure as measureShape, percentile, requestBytes, type Measure } from './support/http-load.ts';
import { captureRest, startFloor, type Captured } from './support/rest-floor.ts';
import { seedPlacesSql } from './support/rest-seed.ts';

/**
 * `npm run bench:rest`: the REST service against its floor — a plain `node:http` handler
 * running the very transaction REST ran for the same request through the same database layer
 * and writing its answer the same way (`support/rest-floor.ts`, decision 420) — and against the
 * same transaction on a PostgreSQL connection of the client's own, on PGlite and PostgreSQL.
 * Latency (p50/p95) with one request in flight, throughput with 32 concurrent keep-alive
 * connections from a child process (so the load generator does not share the server's event
 * loop). The generator sends prepared request bytes on plain sockets and reads each response to
 * its end (like wrk, decision 027); a status ≥ 300 fails the run. The goals (PostgreSQL, the
 * alternating table: REST p50 ≤ 1.25× the floor's and ≤ +0.3 ms over the own connection, every
 * scenario; PK read ≥ 1,500 / ≥ 2,000 req/s on PGlite / PostgreSQL) are printed beside each
 * figure, and a missed one makes the bench exit 1. Loopback only, bounded counts.
 * BENCH_BACKENDS=postgres skips PGlite; BENCH_SEQUENTIAL, BENCH_CONCURRENT, BENCH_SETTLE_MS;
 * BENCH_SHOW_SQL=1 prints the captured statements.
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
const goals = new Goals();

interface HttpRequest {
  path: string;
  method: string;
  body?: string;
  service?: boolean;
}

interface Scenario {
  name: string;
  /** The HTTP request for iteration i. */
  http: (i: number) => HttpRequest;
  /** The text in the request that changes with i, as it reaches the statement's parameters. */
  token: (i: number) => string;
  /** Where the value is written into the statement's text instead of a parameter. */
  inText?: (i: number) => string;
  /** The iteration whose request is captured (a token that appears nowhere else). */
  captureAt: number;
}

/** The HTTP floor: the cheapest exchange the server has (no middleware, no database). */
const floor: Pick<Scenario, 'name' | 'http'> = { name: 'HTTP floor', http: () => ({ method: 'GET', path: '/_server/health' }) };

const scenarios: Scenario[] = [
  {
    name: 'primary-key read',
    http: (i) => ({ method: 'GET', path: `/rest/v1/places?select=*&id=eq.${1000 + (i % seededPlaces)}` }),
    token: (i) => String(1000 + (i % seededPlaces)),
    captureAt: 777,
  },
  {
    name: '20-row page + embed',
    http: (i) => ({
      method: 'GET',
      path: `/rest/v1/places?select=id,name,rating,reviews(stars,body)&order=id&limit=20&offset=${20 + ((i * 20) % 200)}`,
    }),
    token: (i) => String(20 + ((i * 20) % 200)),
    inText: (i) => `limit 20 offset ${20 + ((i * 20) % 200)})`,
    captureAt: 6,
  },
  {
    name: 'insert',
    http: (i) => ({
      method: 'POST',
      path: '/rest/v1/items',
      body: JSON.stringify({ sku: `h-${process.pid}-${i}`, name: 'bench' }),
      service: true,
    }),
    token: (i) => `h-${process.pid}-${i}`,
    captureAt: 987_654,
  },
  {
    name: 'rpc',
    http: (i) => ({ method: 'POST', path: '/rest/v1/rpc/add_numbers', body: JSON.stringify({ a: i, b: 1 }) }),
    token: (i) => String(i),
    captureAt: 987_654,
  },
];

/** The floor's request for iteration i: REST's, with the floor's path (the same body, the same headers). */
const floorRequest = (index: number, scenario: Pick<Scenario, 'http'>, i: number): HttpRequest => ({
  ...scenario.http(i),
  path: `/floor/${index}/${i}`,
});

/**
 * The captured statement with iteration i's value in place of the captured one: in its
 * parameters, or (PostgREST writes LIMIT and OFFSET into the text) in its text as `token`
 * appears there, e.g. `offset 140`; and REST's answer's headers for iteration i.
 */
function varied(scenario: Scenario, captured: Captured): (i: number) => { sql: string; params: unknown[]; headers: string[] } {
  const from = captured.token ?? scenario.token(scenario.captureAt);
  const where = captured.params.map((p) => typeof p === 'string' && p.includes(from));
  const inText = scenario.inText?.(scenario.captureAt);
  if (inText ? !captured.sql.includes(inText) : !where.some(Boolean))
    throw new Error(`${scenario.name}: the captured statement does not carry ${inText ?? from}`);
  return (i) => {
    const to = scenario.token(i);
    return {
      sql: inText ? captured.sql.replace(inText, scenario.inText?.(i) ?? '') : captured.sql,
      params: captured.params.map((p, k) => (where[k] ? (p as string).replaceAll(from, to) : p)),
      headers: answerHeaders(captured.headers, from, to, Boolean(inText)),
    };
  };
}

/**
 * REST's answer's headers for another iteration: Content-Location names the request (i's
 * value in place of the captured one), and a page's Content-Range moves with its offset.
 */
function answerHeaders(headers: string[], from: string, to: string, offset: boolean): string[] {
  return headers.map((value, k) => {
    const name = headers[k - 1]?.toLowerCase();
    if (k % 2 === 0) return value;
    if (name === 'content-location') return value.replaceAll(from, to);
    const range = /^(\d+)-(\d+)(\/.*)$/.exec(value);
    if (name === 'content-range' && offset && range) {
      const shift = Number(to) - Number(from);
      return `${Number(range[1]) + shift}-${Number(range[2]) + shift}${range[3]}`;
    }
    return value;
  });
}

/** Child process: the HTTP load generator (scenario index, or -1 for the floor of HTTP). */
async function runClient(): Promise<void> {
  const [url, anonKey, serviceKey, index, target] = process.argv.slice(3);
  const chosen = Number(index) < 0 ? floor : scenarios[Number(index)];
  if (!chosen || !url) throw new Error('bad client arguments');
  const request = (i: number) => (target === 'floor' ? floorRequest(Number(index), chosen, i) : chosen.http(i));
  const base = new URL(url);
  const connections = Array.from({ length: concurrency }, () => new Connection(Number(base.port), base.hostname));
  const idle = [...connections];
  const op = async (i: number) => {
    const r = request(i);
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

/** A value written into SQL text (the simple protocol has no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * REST's transaction for iteration i as one simple-protocol text on a connection of the
 * client's own — BEGIN, the settings a client sets, REST's statement with i's values, COMMIT:
 * what a client that skips the REST service would send.
 */
function ownConnectionSql(scenario: Scenario, captured: Captured, i: number): string {
  const statement = varied(scenario, captured)(i);
  const params = statement.params;
  const sql = statement.sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  const role = captured.who.kind === 'request' ? captured.who.role : 'postgres';
  const claims = JSON.stringify({ role });
  return (
    `begin${captured.options.readOnly ? ' read only' : ''}; ` +
    `select set_config('search_path', 'public, extensions', true), set_config('role', ${literal(role)}, true), set_config('request.jwt.claims', ${literal(claims)}, true); ` +
    `${sql}; commit`
  );
}

/** The captured transactions, handed to the child processes as JSON. */
const capturedArg = (captured: Captured[]) => JSON.stringify(captured);

/** Child process: the same transactions on PostgreSQL connections of its own (throughput and latency). */
async function runPgClient(): Promise<void> {
  const [databaseUrl, index, capturedJson] = process.argv.slice(3);
  const scenario = scenarios[Number(index)];
  const captured = (JSON.parse(capturedJson ?? '[]') as Captured[])[Number(index)];
  if (!scenario || !captured || !databaseUrl) throw new Error('bad client arguments');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  const op = async (i: number) => {
    await pool.query(ownConnectionSql(scenario, captured, i));
  };
  process.send?.(await measure(op, 0));
  await pool.end();
}

/** Latency of one target in the alternating phase. */
interface Latency {
  p50: number;
  p95: number;
}

interface Alternating {
  rest: Latency;
  floor: Latency;
  /** PostgreSQL only. */
  connection: Latency | null;
}

/**
 * Child process: one request at a time, in turn, to the REST service, the floor and
 * (PostgreSQL) the own connection, starting with a different one each round — so the three
 * latencies are taken under the same load, request by request, and a transient of the machine
 * (decision 164) falls on all of them alike.
 */
async function runAlternatingClient(): Promise<void> {
  const [url, floorUrl, anonKey, serviceKey, index, databaseUrl, capturedJson] = process.argv.slice(3);
  const scenario = scenarios[Number(index)];
  const captured = (JSON.parse(capturedJson ?? '[]') as Captured[])[Number(index)];
  if (!scenario || !captured || !url || !floorUrl) throw new Error('bad client arguments');
  const send = (base: URL, connection: Connection, r: HttpRequest) =>
    connection.send(requestBytes(base, r, r.service ? (serviceKey ?? '') : (anonKey ?? ''))).then((status) => {
      if (status >= 300) throw new Error(`${r.method} ${r.path}: ${status}`);
    });
  const restBase = new URL(url);
  const floorBase = new URL(floorUrl);
  const restConnection = new Connection(Number(restBase.port), restBase.hostname);
  const floorConnection = new Connection(Number(floorBase.port), floorBase.hostname);
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1 }) : null;
  const targets: Array<(i: number) => Promise<unknown>> = [
    (i) => send(restBase, restConnection, scenario.http(i)),
    (i) => send(floorBase, floorConnection, floorRequest(Number(index), scenario, i + 2_000_000)),
    ...(pool ? [(i: number) => pool.query(ownConnectionSql(scenario, captured, i + 3_000_000))] : []),
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
  const [rest, floorLatency, connection] = times.map((t) => latency(t.sort((a, b) => a - b)));
  if (!rest || !floorLatency) throw new Error('no latencies');
  process.send?.({ rest, floor: floorLatency, connection: connection ?? null } satisfies Alternating);
  restConnection.close();
  floorConnection.close();
  await pool?.end();
}

function measureHttp(url: string, anonKey: string, serviceKey: string, index: number, target: 'rest' | 'floor' = 'rest'): Promise<Measure> {
  return measureInChild(['--client', url, anonKey, serviceKey, String(index), target]);
}

function measureInChild<T = Measure>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
  });
}

/** The captured transaction run back to back from the server process, without HTTP. */
function measureDirect(db: Database, scenario: Scenario, captured: Captured): Promise<Measure> {
  const statement = varied(scenario, captured);
  return measure(async (i) => {
    const { sql, params } = statement(i + 5_000_000);
    await db.transaction(captured.who, (tx) => tx.query(sql, params, captured.queryOptions), captured.options);
  }, 0);
}

async function seed(db: Database): Promise<void> {
  await db.transaction({ kind: 'system' }, (tx) => tx.exec(seedPlacesSql(seededPlaces)));
}

/**
 * Captures REST's transaction and answer for each scenario (one request through the same
 * generator's connection, so the settings carry the same request headers), and checks that the
 * floor answers a new iteration with REST's very bytes (status, headers but Date, body).
 */
async function captureAll(server: Awaited<ReturnType<typeof startBenchServer>>): Promise<Captured[]> {
  const base = new URL(server.url);
  const connection = new Connection(Number(base.port), base.hostname);
  const send = async (r: HttpRequest) => {
    await connection.send(requestBytes(base, r, r.service ? server.keys.serviceRoleKey : server.keys.anonKey));
    return connection.last;
  };
  try {
    const captured: Captured[] = [];
    for (const scenario of scenarios) {
      const one = await captureRest(server.db, () => send(scenario.http(scenario.captureAt)));
      if (one.status >= 300) throw new Error(`${scenario.name}: REST answered ${one.status} ${one.body}`);
      if (process.env.BENCH_SHOW_SQL)
        console.log(
          `${scenario.name}: ${one.sql} -- ${JSON.stringify(one.params)} ${JSON.stringify(one.queryOptions)} ${JSON.stringify(one.options)}`,
        );
      // the value as the parent wrote it (an insert's key carries the process id)
      one.token = scenario.token(scenario.captureAt);
      varied(scenario, one);
      captured.push(one);
    }
    return captured;
  } finally {
    connection.close();
  }
}

/** The floor's answer and REST's for the same new iteration of each read are the same bytes but Date. */
async function checkFloorAnswers(server: Awaited<ReturnType<typeof startBenchServer>>, floorUrl: string): Promise<void> {
  const strip = (raw: Buffer) =>
    raw
      .toString('utf8')
      .replace(/\r\nDate: [^\r]*/i, '')
      .replace(/\r\nKeep-Alive: [^\r]*/i, '');
  const restBase = new URL(server.url);
  const floorBase = new URL(floorUrl);
  const rest = new Connection(Number(restBase.port), restBase.hostname);
  const floorConnection = new Connection(Number(floorBase.port), floorBase.hostname);
  try {
    for (const [index, scenario] of scenarios.entries()) {
      if (scenario.http(0).method !== 'GET') continue;
      const key = server.keys.anonKey;
      await rest.send(requestBytes(restBase, scenario.http(11), key));
      await floorConnection.send(requestBytes(floorBase, floorRequest(index, scenario, 11), key));
      if (strip(rest.last) !== strip(floorConnection.last))
        throw new Error(
          `${scenario.name}: the floor's answer differs from REST's:\n${strip(rest.last)}\n---\n${strip(floorConnection.last)}`,
        );
    }
  } finally {
    rest.close();
    floorConnection.close();
  }
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
  /** The plain node:http floor running REST's transaction on the same handle. */
  floor: Measure;
  /** REST, the floor and the own connection, one request at a time in turn. */
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
  const server = await startBenchServer({ projectDir: project, dataDir, databaseUrl });
  const rows: Row[] = [];
  let floorMeasure: Measure;
  try {
    await seed(server.db);
    const captured = await captureAll(server);
    const floorServer = await startFloor(
      server.db,
      scenarios.map((scenario, k) => {
        const one = captured[k] as Captured;
        return { captured: one, statement: varied(scenario, one) };
      }),
    );
    try {
      await checkFloorAnswers(server, floorServer.url);
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
        const floorRow = await measureHttp(floorServer.url, server.keys.anonKey, server.keys.serviceRoleKey, index, 'floor');
        const direct = await measureDirect(server.db, scenario, captured[index] as Captured);
        const connection =
          backend === 'postgres' ? await measureInChild(['--pg-client', databaseUrl, String(index), capturedArg(captured)]) : null;
        const alternating = await measureInChild<Alternating>([
          '--alternating',
          server.url,
          floorServer.url,
          server.keys.anonKey,
          server.keys.serviceRoleKey,
          String(index),
          backend === 'postgres' ? databaseUrl : '',
          capturedArg(captured),
        ]);
        rows.push({
          scenario: scenario.name,
          backend,
          http: timed.result,
          direct,
          dbInHttp: percentile(inHttp, 50),
          connection,
          floor: floorRow,
          alternating,
        });
      }
    } finally {
      await floorServer.close();
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, floor: floorMeasure };
}

function print(rows: Row[], floors: Record<string, Measure>, loadBefore: string): void {
  console.log(
    `machine: ${cpus().length} cores; load average at start ${loadBefore}, at end ${loadText()}; ${sequentialCount} sequential + ${concurrentCount} concurrent requests per row`,
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
    `${pad('scenario', 22)}${pad('backend', 10)}${'REST p50'.padStart(9)}${'p95'.padStart(9)}${'req/s'.padStart(9)} |${'floor p50'.padStart(10)}${'p95'.padStart(9)}${'req/s'.padStart(9)} |${'p50 ×'.padStart(9)}${'+ms conn'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.scenario, 22)}${pad(r.backend, 10)}${num(r.http.p50)}${num(r.http.p95)}${num(r.http.rps, 0)} | ${num(r.floor.p50)}${num(r.floor.p95)}${num(r.floor.rps, 0)} |${num(r.http.p50 / r.floor.p50)}${r.connection ? num(r.http.p50 - r.connection.p50) : '        -'}`,
    );
  }
  console.log(
    "(floor = a plain node:http handler on the server's database handle running REST's own transaction for the same request (its settings, statement, parameters and options) and writing its answer as REST does, one writeHead with REST's headers and one end, under the same load; p50 × = REST p50 / floor p50; +ms conn = REST p50 - conn p50, PostgreSQL only.)",
  );
  console.log('');
  console.log(
    `${pad('alternating', 22)}${pad('backend', 10)}${'REST p50'.padStart(9)}${'p95'.padStart(9)} |${'floor p50'.padStart(10)}${'p95'.padStart(9)} |${'conn p50'.padStart(9)}${'p95'.padStart(9)} |${'p50 ×'.padStart(9)}${'+ms conn'.padStart(9)}`,
  );
  const verdicts: string[] = [];
  for (const r of rows) {
    const a = r.alternating;
    console.log(
      `${pad(r.scenario, 22)}${pad(r.backend, 10)}${num(a.rest.p50)}${num(a.rest.p95)} | ${num(a.floor.p50)}${num(a.floor.p95)} |${a.connection ? `${num(a.connection.p50)}${num(a.connection.p95)}` : '        -        -'} |${num(a.rest.p50 / a.floor.p50)}${a.connection ? num(a.rest.p50 - a.connection.p50) : '        -'}`,
    );
    if (r.backend === 'postgres' && a.connection) {
      verdicts.push(
        `${pad(r.scenario, 22)}postgres  REST p50 / floor p50 ${goals.check(`${r.scenario}, REST / floor`, a.rest.p50 / a.floor.p50, 1.25, { unit: '×' })}; ` +
          `REST p50 - own connection p50 ${goals.check(`${r.scenario}, REST - own connection`, a.rest.p50 - a.connection.p50, 0.3, { unit: ' ms' })}`,
      );
    }
  }
  console.log(
    `(alternating: ${sequentialCount} rounds after 200 of warm-up, each one request to REST, one to the floor and, PostgreSQL only, the same transaction on a connection of the load generator's own, in turn with a different one first each round, one request in flight: the three latencies under the same load.)`,
  );
  console.log('');
  for (const [backend, f] of Object.entries(floors)) {
    console.log(
      `${pad(floor.name, 22)}${pad(backend, 10)}${num(f.rps, 0)}${num(f.p50)}${num(f.p95)} | GET /_server/health: one loopback exchange, no middleware, no database`,
    );
  }
  console.log(
    `(HTTP: keep-alive HTTP/1.1 connections from a child process sending prepared requests and reading each response to its end, like wrk; ${concurrency} connections with one request each in flight for req/s, one request in flight for p50/p95; ` +
      `db: REST's transaction on the same handle, from the server process, without HTTP. p50 × = HTTP p50 / db p50; +ms p50 = HTTP p50 - db p50, what the server and the loopback exchange add; req/s × = db req/s / HTTP req/s; db@http = p50 of the server's own database call for the HTTP requests of the p50 column (measured in the server); gen cpu% = the load generator's CPU during the req/s phase, in % of one of the cores it shares with the server; conn p50 = PostgreSQL only: REST's statement with the same values (BEGIN, settings, statement, COMMIT in one simple-protocol round trip) on a connection from another process, as a client without the REST service would run it, and HTTP p50 / conn p50.)`,
  );
  console.log('');
  console.log('goals (PostgreSQL, alternating, p50):');
  for (const line of verdicts) console.log(line);
  for (const r of rows.filter((row) => row.scenario === 'primary-key read')) {
    const goal = r.backend === 'postgres' ? 2000 : 1500;
    console.log(
      `primary-key read      ${pad(r.backend, 10)}throughput ${goals.check(`primary-key read req/s, ${r.backend}`, r.http.rps, goal, { unit: ' req/s', digits: 0, atLeast: true })}`,
    );
  }
  goals.finish((line) => console.log(line));
}

async function main(): Promise<void> {
  const loadBefore = loadText();
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
