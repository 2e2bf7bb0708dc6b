import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../server/src/lib/config.ts';
import { createKeys, type Keys } from '../server/src/lib/keys.ts';
import { startRoundRobinProxy } from '../tests/support/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { Goals, loadText } from './support/goals.ts';
import { Connection, measure, percentile, requestBytes, type Measure } from './support/http-load.ts';
import { monotonicMs as now, type FromSubscribers, type ToSubscribers } from './support/realtime-subscribers.ts';
import { seedPlacesSql } from './support/rest-seed.ts';
import { writeChart } from './support/svg-chart.ts';

/**
 * `npm run bench:scale`: how realtime and REST grow with subscribers and server processes
 * (decision 421). On PostgreSQL, two server processes on one database; on PGlite, its one
 * process. Parts (BENCH_PART=rest,broadcast,changes; all by default):
 * - rest: primary-key reads/s through a round-robin proxy, one process then two (PostgreSQL).
 * - broadcast: 50 messages 20 ms apart, sent on process 1, to 100, 1,000 and 5,000 subscribers
 *   (BENCH_SUBSCRIBER_COUNTS) spread over the processes; p50/p95 and delivered / expected per
 *   size and backend, and an SVG chart of p95 against subscribers (docs/figures/scale-broadcast.svg).
 *   Goal: at 1,000 on two processes, p95 ≤ 100 ms; at every size, 100 % delivered.
 * - changes: postgres_changes with RLS, BENCH_CHANGES_SUBSCRIBERS (1,000) members each in one
 *   of ten rooms subscribed to one table, BENCH_CHANGES_RATE (50) inserts a second through REST
 *   for BENCH_CHANGES_SECONDS (30): every change is authorised per subscriber. Goal: p95 ≤ 250 ms,
 *   100 % of the rows each member may see delivered, none it may not.
 * Subscribers are child processes (BENCH_SUBSCRIBER_PROCESSES, 4), latency on the one monotonic
 * clock; lost messages count as failed. 2 cores are shared by everything: the CPU each server
 * and subscriber process used is printed. Exits 1 when a goal is missed. BENCH_BACKENDS
 * (pglite,postgres).
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'bench/fixtures/scale');
const shape = {
  sequential: Number(process.env.BENCH_SEQUENTIAL ?? 1000),
  concurrent: Number(process.env.BENCH_CONCURRENT ?? 6000),
  concurrency: 32,
};
const sizes = (process.env.BENCH_SUBSCRIBER_COUNTS ?? '100,1000,5000').split(',').map(Number);
const messages = Number(process.env.BENCH_MESSAGES ?? 50);
const changesSubscribers = Number(process.env.BENCH_CHANGES_SUBSCRIBERS ?? 1000);
const changesRate = Number(process.env.BENCH_CHANGES_RATE ?? 50);
const changesSeconds = Number(process.env.BENCH_CHANGES_SECONDS ?? 30);
const seededPlaces = 2000;
const rooms = 10;
const subscriberProcesses = Number(process.env.BENCH_SUBSCRIBER_PROCESSES ?? 4);
const parts = (process.env.BENCH_PART ?? 'rest,broadcast,changes').split(',');
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
/** After the last message, how long without any arrival before what is missing counts as lost. */
const quietMs = Number(process.env.BENCH_QUIET_MS ?? 10_000);
const goals = new Goals();
const log = (line: string) => process.stdout.write(`${line}\n`);
const f = (n: number, d = 2) => n.toFixed(d).padStart(9);

// ---------------------------------------------------------------- REST through a proxy
async function runHttpClient(): Promise<void> {
  const [url, key] = process.argv.slice(3);
  if (!url || !key) throw new Error('bad client arguments');
  const base = new URL(url);
  const idle = Array.from({ length: shape.concurrency }, () => new Connection(Number(base.port), base.hostname));
  const connections = [...idle];
  const op = async (i: number) => {
    const connection = idle.pop();
    if (!connection) throw new Error('no idle connection');
    try {
      const status = await connection.send(
        requestBytes(base, { method: 'GET', path: `/rest/v1/places?select=*&id=eq.${1000 + (i % seededPlaces)}` }, key),
      );
      if (status !== 200) throw new Error(`status ${status}`);
    } finally {
      idle.push(connection);
    }
  };
  process.send?.(await measure(op, 0, shape));
  for (const c of connections) c.close();
}

function measureRest(url: string, key: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--http-client', url, key], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    // its IPC channel keeps the generator alive: it is ended once it has answered
    let answered = false;
    child.once('message', (m) => {
      answered = true;
      resolve(m as Measure);
      child.kill();
    });
    child.once('exit', (code, signal) => {
      if (!answered) reject(new Error(`load generator exited with ${code ?? signal} before answering`));
    });
  });
}

// ---------------------------------------------------------------- realtime
interface RealtimeResult {
  /** Sorted latencies per subscriber URL. */
  latencies: number[][];
  delivered: number;
  expected: number;
  forbidden: number;
  failedJoins: number;
  /** CPU ms used from the first message to the last delivery: each server, each subscriber process. */
  serverCpuMs: number[];
  subscriberCpuMs: number[];
  wallMs: number;
  /** postgres_changes: inserts REST refused (their rows are not expected; each is a miss). */
  failedInserts?: number;
}

/** User + system CPU of a process so far, in ms (Linux). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Subscriber n of the bench: a member id, and its room. */
const memberId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * Runs `send` while `count` subscribers, split over child processes and spread over
 * `subscriberUrls`, listen on `topic`; `expectedOf(first, count)` is what a share must receive.
 */
async function withSubscribers(
  servers: ServerProcess[],
  subscriberUrls: string[],
  keys: Keys,
  topic: string,
  count: number,
  changes: boolean,
  send: () => Promise<void>,
  expectedOf: (first: number, count: number) => number,
): Promise<RealtimeResult> {
  const children = Array.from({ length: Math.min(subscriberProcesses, count) }, () => {
    const child = fork(path.join(import.meta.dirname, 'support/realtime-subscribers.ts'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const waiting: Array<(m: FromSubscribers) => void> = [];
    child.on('message', (m: FromSubscribers) => waiting.shift()?.(m));
    const ask = (m: ToSubscribers) => new Promise<FromSubscribers>((resolve) => (waiting.push(resolve), child.send(m)));
    return { child, ask };
  });
  try {
    const share = Math.ceil(count / children.length);
    const shares = children.map((_, c) => ({ first: c * share, count: Math.max(0, Math.min(share, count - c * share)) }));
    await Promise.all(
      children.map(async ({ ask }, c) => {
        const { first, count: n } = shares[c] ?? { first: 0, count: 0 };
        const tokens = changes ? await Promise.all(Array.from({ length: n }, (_, k) => accessToken(keys, memberId(first + k)))) : [];
        await ask({
          kind: 'setup',
          urls: subscriberUrls,
          apikey: keys.anonKey,
          topic,
          first,
          count: n,
          changes: changes ? { table: 'bench_notes', tokens, rooms: Array.from({ length: n }, (_, k) => (first + k) % rooms) } : undefined,
        });
      }),
    );
    const serverCpuBefore = servers.map((p) => cpuMsOf(p.child.pid));
    const started = now();
    await send();
    const results = (await Promise.all(
      children.map(({ ask }, c) => ask({ kind: 'collect', expected: expectedOf(shares[c]?.first ?? 0, shares[c]?.count ?? 0), quietMs })),
    )) as Array<Extract<FromSubscribers, { kind: 'result' }>>;
    const wallMs = now() - started;
    return {
      latencies: subscriberUrls.map((_, g) => results.flatMap((r) => r.latencies[g] ?? []).sort((a, b) => a - b)),
      delivered: results.reduce((sum, r) => sum + r.delivered, 0),
      expected: shares.reduce((sum, s) => sum + expectedOf(s.first, s.count), 0),
      forbidden: results.reduce((sum, r) => sum + r.forbidden, 0),
      failedJoins: results.reduce((sum, r) => sum + r.failedJoins, 0),
      serverCpuMs: servers.map((p, k) => cpuMsOf(p.child.pid) - (serverCpuBefore[k] ?? 0)),
      subscriberCpuMs: results.map((r) => r.cpuMs),
      wallMs,
    };
  } finally {
    for (const { child } of children) child.kill();
  }
}

/** A member's access token, as auth would sign it (HS256 with the project's secret). */
function accessToken(keys: Keys, member: string): Promise<string> {
  return new SignJWT({ sub: member, role: 'authenticated', aud: 'authenticated', session_id: member, is_anonymous: false })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(keys.secret);
}

/** `messages` broadcasts 20 ms apart from a socket on `senderUrl`. */
async function broadcastRun(
  servers: ServerProcess[],
  senderUrl: string,
  urls: string[],
  keys: Keys,
  count: number,
): Promise<RealtimeResult> {
  const topic = `bench-${urls.length}-${count}`;
  return withSubscribers(
    servers,
    urls,
    keys,
    topic,
    count,
    false,
    async () => {
      const sender = new WebSocket(`${senderUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${keys.anonKey}&vsn=2.0.0`, {
        perMessageDeflate: false,
      });
      await new Promise((resolve, reject) => (sender.once('open', resolve), sender.once('error', reject)));
      const joined = new Promise<void>((resolve) => sender.once('message', () => resolve()));
      sender.send(JSON.stringify(['s', 's', `realtime:${topic}`, 'phx_join', { config: {} }]));
      await joined;
      for (let i = 0; i < messages; i++) {
        sender.send(
          JSON.stringify(['s', null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'b', payload: { t: now() } }]),
        );
        await new Promise((r) => setTimeout(r, 20));
      }
      sender.close();
    },
    (_, n) => messages * n,
  );
}

/**
 * `changesRate` inserts a second for `changesSeconds` through REST (service role) on process
 * 1, room by turns; each subscriber must receive the rows of its own room, and only those.
 */
async function changesRun(servers: ServerProcess[], urls: string[], keys: Keys): Promise<RealtimeResult> {
  const total = Math.round(changesRate * changesSeconds);
  // a refused insert is no row to expect, and a goal missed of its own
  const failedByRoom = Array.from({ length: rooms }, () => 0);
  const perRoom = (room: number) => Math.floor(total / rooms) + (room < total % rooms ? 1 : 0) - (failedByRoom[room] ?? 0);
  const base = new URL(servers[0]?.url ?? '');
  const connections = Array.from({ length: 8 }, () => new Connection(Number(base.port), base.hostname));
  const idle = [...connections];
  let failedInserts = 0;
  const result = await withSubscribers(
    servers,
    urls,
    keys,
    'bench-changes',
    changesSubscribers,
    true,
    async () => {
      const started = now();
      const inFlight: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / changesRate;
        if (due > now()) await new Promise((r) => setTimeout(r, due - now()));
        while (idle.length === 0) await new Promise((r) => setTimeout(r, 1));
        const connection = idle.pop() as Connection;
        const body = JSON.stringify({ room: i % rooms, t: now(), body: `note ${i}` });
        inFlight.push(
          connection
            .send(requestBytes(base, { method: 'POST', path: '/rest/v1/bench_notes', body }, keys.serviceRoleKey))
            .then((status) => {
              if (status !== 201) {
                failedInserts++;
                failedByRoom[i % rooms] = (failedByRoom[i % rooms] ?? 0) + 1;
              }
            })
            .finally(() => idle.push(connection)),
        );
      }
      await Promise.all(inFlight);
    },
    (first, n) => Array.from({ length: n }, (_, k) => perRoom((first + k) % rooms)).reduce((a, b) => a + b, 0),
  );
  for (const c of connections) c.close();
  return { ...result, failedInserts };
}

const cpuLine = (r: RealtimeResult) =>
  `server CPU ${r.serverCpuMs.map((ms) => ms.toFixed(0)).join(' + ')} ms, subscriber processes ${r.subscriberCpuMs.map((ms) => ms.toFixed(0)).join(' + ')} ms, in ${r.wallMs.toFixed(0)} ms`;
const all = (r: RealtimeResult) => r.latencies.flat().sort((x, y) => x - y);

/** One backend's realtime parts: broadcast at each size, then postgres_changes with RLS. */
async function realtimeParts(name: string, servers: ServerProcess[], keys: Keys): Promise<Map<number, number>> {
  const urls = servers.map((s) => s.url);
  const p95BySize = new Map<number, number>();
  const where = `${servers.length} process${servers.length > 1 ? 'es' : ''}`;
  if (parts.includes('broadcast')) {
    log(
      `realtime broadcast, ${name} (${where}), ${messages} messages 20 ms apart sent on process 1, subscribers spread over the processes:`,
    );
    log(`${'subscribers'.padEnd(12)}${'on'.padEnd(12)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}  delivered`);
    for (const size of sizes) {
      process.stderr.write(`${name}: broadcast to ${size}\n`);
      const r = await broadcastRun(servers, urls[0] ?? '', urls, keys, size);
      for (const [g, l] of r.latencies.entries())
        log(`${String(size).padEnd(12)}${`process ${g + 1}`.padEnd(12)}${f(percentile(l, 50))}${f(percentile(l, 95))}  ${l.length}`);
      const p95 = percentile(all(r), 95);
      p95BySize.set(size, p95);
      const label = `broadcast to ${size}, ${name} (${where})`;
      const p95Line =
        size === 1000 && servers.length === 2 ? goals.check(`${label}, p95`, p95, 100, { unit: ' ms', digits: 1 }) : `${p95.toFixed(1)} ms`;
      log(
        `${String(size).padEnd(12)}${'all'.padEnd(12)}${f(percentile(all(r), 50))} p95 ${p95Line}; ${goals.complete(label, r.delivered, r.expected)}`,
      );
      if (r.failedJoins) log(`  ${goals.none(label, r.failedJoins, 'subscribers could not join')}`);
      log(`  ${cpuLine(r)}`);
    }
  }
  if (parts.includes('changes')) {
    process.stderr.write(`${name}: postgres_changes with RLS\n`);
    const r = await changesRun(servers, urls, keys);
    const label = `postgres_changes with RLS, ${changesSubscribers} subscribers, ${name} (${where})`;
    log(
      `${label}: ${changesRate} inserts/s for ${changesSeconds} s through REST on process 1, each member in one of ${rooms} rooms (a row is seen by a tenth of them):`,
    );
    for (const [g, l] of r.latencies.entries())
      log(`  process ${g + 1}: p50 ${f(percentile(l, 50))} ms  p95 ${f(percentile(l, 95))} ms  ${l.length} delivered`);
    const sorted = all(r);
    log(
      `  all: p50 ${percentile(sorted, 50).toFixed(1)} ms; p95 ${goals.check(`${label}, p95`, percentile(sorted, 95), 250, { unit: ' ms', digits: 1 })}`,
    );
    log(`  rows each member may see: ${goals.complete(label, r.delivered, r.expected)}`);
    log(`  rows a member may not see: ${goals.none(label, r.forbidden, 'delivered')}`);
    log(
      `  inserts: ${goals.none(`${label}, inserts`, r.failedInserts ?? 0, `of ${Math.round(changesRate * changesSeconds)} refused by REST`)}`,
    );
    if (r.failedJoins) log(`  ${goals.none(label, r.failedJoins, 'subscribers could not join')}`);
    log(`  ${cpuLine(r)}`);
  }
  return p95BySize;
}

async function keysOf(): Promise<Keys> {
  return createKeys(loadConfig({ projectDir: project }, {}));
}

/** `BENCH_CPU_PROF=dir` runs the servers under `node --cpu-prof`, writing their profiles to dir. */
function serverEnv(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  return { REALTIME_MAX_CONNECTIONS: '20000', ...(dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(dir)}` } : {}) };
}

async function onPostgres(keys: Keys): Promise<Map<number, number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-scale-'));
  const processes: ServerProcess[] = [];
  try {
    return await withBenchDatabase('bench_scale', async (url) => {
      try {
        const env = { DATABASE_URL: url, DATA_DIR: dataDir, ...serverEnv() };
        const a = await startServerProcess(project, env);
        processes.push(a);
        const seeder = new pg.Client({ connectionString: url });
        await seeder.connect();
        await seeder.query(
          seedPlacesSql(seededPlaces).replace('create index if not exists reviews_place_id_idx on public.reviews (place_id);', ''),
        );
        await seeder.end();
        const b = await startServerProcess(project, env);
        processes.push(b);
        if (parts.includes('rest')) {
          const one = await startRoundRobinProxy([a.url]);
          const oneRest = await measureRest(one.url, keys.anonKey);
          await one.close();
          const two = await startRoundRobinProxy([a.url, b.url]);
          const twoRest = await measureRest(two.url, keys.anonKey);
          await two.close();
          log(`REST primary-key read through a round-robin proxy (${shape.concurrency} keep-alive connections), PostgreSQL:`);
          log(`${'processes'.padEnd(12)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
          log(`${'1'.padEnd(12)}${f(oneRest.rps, 0)}${f(oneRest.p50)}${f(oneRest.p95)}`);
          log(`${'2'.padEnd(12)}${f(twoRest.rps, 0)}${f(twoRest.p50)}${f(twoRest.p95)}`);
        }
        return await realtimeParts('PostgreSQL', [a, b], keys);
      } finally {
        for (const p of processes) await p.stop();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(keys: Keys): Promise<Map<number, number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-scale-'));
  const server = await startServerProcess(project, { DATABASE_URL: '', DATA_DIR: dataDir, ...serverEnv() });
  try {
    return await realtimeParts('PGlite', [server], keys);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadBefore = loadText();
  const started = new Date();
  log(`machine: ${cpus().length} cores; load average at start ${loadBefore}; bench process nice ${getPriority()}`);
  const keys = await keysOf();
  const curves: { name: string; points: [number, number][] }[] = [];
  if (backends.includes('postgres')) curves.push({ name: 'PostgreSQL, 2 processes', points: [...(await onPostgres(keys))] });
  if (backends.includes('pglite')) curves.push({ name: 'PGlite, 1 process', points: [...(await onPglite(keys))] });
  log(`load average at end ${loadText()}`);
  if (parts.includes('broadcast') && curves.some((c) => c.points.length > 1)) {
    const file = writeChart('scale-broadcast.svg', {
      title: 'Realtime broadcast: p95 delivery against subscribers (bench:scale)',
      subtitle: `${started.toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${loadBefore} → ${loadText()}`,
      xLabel: 'subscribers (log scale)',
      yLabel: 'p95 delivery, ms',
      lines: curves,
      goal: 100,
    });
    log(`chart: ${path.relative(root, file)}`);
  }
  goals.finish(log);
}

if (process.argv[2] === '--http-client') await runHttpClient();
else await main();
