import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, getPriority, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../server/src/lib/config.ts';
import { createKeys } from '../server/src/lib/keys.ts';
import { startRoundRobinProxy } from '../tests/support/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { Connection, measure, percentile, requestBytes, type Measure } from './support/http-load.ts';
import { seedPlacesSql } from './support/rest-seed.ts';

/**
 * `npm run bench:scale`: server processes on one PostgreSQL, one against two, in the same run.
 * REST primary-key reads/s through a round-robin proxy (with one backend, then two), and
 * realtime broadcast delivery latency at 1,000 subscribers split over the processes, the
 * sender on the first one: the subscribers on the second are reached through the fan-out.
 * Load generator and subscribers are child processes (the subscribers split over
 * BENCH_SUBSCRIBER_PROCESSES, 4 by default, latency taken on the one monotonic clock); 2 cores
 * are shared by everything, so the CPU each server and subscriber process used is printed too.
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'tests/fixtures/rest');
const shape = {
  sequential: Number(process.env.BENCH_SEQUENTIAL ?? 1000),
  concurrent: Number(process.env.BENCH_CONCURRENT ?? 6000),
  concurrency: 32,
};
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const messages = Number(process.env.BENCH_MESSAGES ?? 50);
const seededPlaces = 2000;
/** Subscribers are split over this many child processes, so that reading 1,000 sockets is not itself the bottleneck. */
const subscriberProcesses = Number(process.env.BENCH_SUBSCRIBER_PROCESSES ?? 4);
/** CLOCK_MONOTONIC in ms: one clock for the sender and every subscriber process. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

type ToChild =
  { kind: 'setup'; urls: string[]; key: string; topic: string; first: number; count: number } | { kind: 'collect'; expected: number };
type FromChild = { kind: 'ready' } | { kind: 'result'; latencies: number[][]; cpuMs: number };

// ---------------------------------------------------------------- children
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

/** One share of the subscribers, spread evenly over `urls`; latencies are kept per URL. */
async function runSubscribers(): Promise<void> {
  const groups: WebSocket[][] = [];
  const latencies: number[][] = [];
  let received = 0;
  let cpuAtArm = process.cpuUsage();
  process.on('message', async (message: ToChild) => {
    if (message.kind === 'setup') {
      const topic = `realtime:${message.topic}`;
      const open = (url: string) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${message.key}&vsn=2.0.0`, {
            perMessageDeflate: false,
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        });
      const join = (ws: WebSocket) =>
        new Promise<void>((resolve) => {
          const onMessage = (data: WebSocket.RawData) => {
            const m = JSON.parse(String(data)) as unknown[];
            if (m[3] === 'phx_reply' && m[1] === 'j') {
              ws.off('message', onMessage);
              resolve();
            }
          };
          ws.on('message', onMessage);
          ws.send(JSON.stringify(['j', 'j', topic, 'phx_join', { config: {} }]));
        });
      message.urls.forEach(() => (groups.push([]), latencies.push([])));
      // Subscriber i of the whole bench goes to urls[i % urls.length], as in one process.
      const indices = Array.from({ length: message.count }, (_, k) => message.first + k);
      for (let i = 0; i < indices.length; i += 25) {
        const batch = indices.slice(i, i + 25).map((n) => n % message.urls.length);
        const sockets = await Promise.all(batch.map((g) => open(message.urls[g] ?? '')));
        sockets.forEach((ws, k) => groups[batch[k] ?? 0]?.push(ws));
      }
      for (const [g, sockets] of groups.entries()) {
        await Promise.all(sockets.map(join));
        for (const ws of sockets)
          ws.on('message', (data) => {
            const at = now();
            const text = String(data);
            const marker = text.indexOf('"t":');
            if (marker < 0) return;
            received++;
            latencies[g]?.push(at - Number.parseFloat(text.slice(marker + 4)));
          });
      }
      cpuAtArm = process.cpuUsage();
      process.send?.({ kind: 'ready' } satisfies FromChild);
    } else {
      const deadline = Date.now() + 30_000;
      while (received < message.expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const cpu = process.cpuUsage(cpuAtArm);
      process.send?.({ kind: 'result', latencies, cpuMs: (cpu.user + cpu.system) / 1000 } satisfies FromChild);
      for (const ws of groups.flat()) ws.close();
    }
  });
}

// ---------------------------------------------------------------- parent
function measureRest(url: string, key: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--http-client', url, key], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as Measure));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
  });
}

interface RealtimeResult {
  /** Sorted latencies per subscriber URL. */
  latencies: number[][];
  /** CPU ms used from the first message to the last delivery: each server, each subscriber process. */
  serverCpuMs: number[];
  subscriberCpuMs: number[];
  wallMs: number;
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

/**
 * Broadcast latency: `messages` sent 20 ms apart from a socket on `senderUrl` to subscribers
 * on `subscriberUrls`, split over `subscriberProcesses` child processes; p50/p95 per URL.
 */
async function measureRealtime(
  servers: ServerProcess[],
  senderUrl: string,
  subscriberUrls: string[],
  key: string,
  topic: string,
): Promise<RealtimeResult> {
  const children = Array.from({ length: subscriberProcesses }, () => {
    const child = fork(import.meta.filename, ['--subscribers'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const waiting: Array<(m: FromChild) => void> = [];
    child.on('message', (m: FromChild) => waiting.shift()?.(m));
    const ask = (m: ToChild) => new Promise<FromChild>((resolve) => (waiting.push(resolve), child.send(m)));
    return { child, ask };
  });
  try {
    const share = Math.ceil(subscriberCount / children.length);
    const counts = children.map((_, c) => Math.max(0, Math.min(share, subscriberCount - c * share)));
    for (const [c, { ask }] of children.entries())
      await ask({ kind: 'setup', urls: subscriberUrls, key, topic, first: c * share, count: counts[c] ?? 0 });
    const sender = new WebSocket(`${senderUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`, {
      perMessageDeflate: false,
    });
    await new Promise((resolve, reject) => (sender.once('open', resolve), sender.once('error', reject)));
    const joined = new Promise<void>((resolve) => sender.once('message', () => resolve()));
    sender.send(JSON.stringify(['s', 's', `realtime:${topic}`, 'phx_join', { config: {} }]));
    await joined;
    const serverCpuBefore = servers.map((p) => cpuMsOf(p.child.pid));
    const started = now();
    for (let i = 0; i < messages; i++) {
      sender.send(JSON.stringify(['s', null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'b', payload: { t: now() } }]));
      await new Promise((r) => setTimeout(r, 20));
    }
    const results = (await Promise.all(
      children.map(({ ask }, c) => ask({ kind: 'collect', expected: messages * (counts[c] ?? 0) })),
    )) as Array<Extract<FromChild, { kind: 'result' }>>;
    const wallMs = now() - started;
    const serverCpuMs = servers.map((p, k) => cpuMsOf(p.child.pid) - (serverCpuBefore[k] ?? 0));
    sender.close();
    return {
      latencies: subscriberUrls.map((_, g) => results.flatMap((r) => r.latencies[g] ?? []).sort((a, b) => a - b)),
      serverCpuMs,
      subscriberCpuMs: results.map((r) => r.cpuMs),
      wallMs,
    };
  } finally {
    for (const { child } of children) child.kill();
  }
}

/** Which parts run: `BENCH_PART=rest` or `realtime` runs one of them (both by default). */
const part = process.env.BENCH_PART ?? 'all';

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const processes: ServerProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-scale-'));
  try {
    await withBenchDatabase('bench_scale', async (url) => {
      try {
        const env = { DATABASE_URL: url, DATA_DIR: dataDir, ...serverEnv() };
        const a = await startServerProcess(project, env);
        processes.push(a);
        const seeder = new pg.Client({ connectionString: url });
        await seeder.connect();
        await seeder.query(seedPlacesSql(seededPlaces));
        await seeder.end();
        const b = await startServerProcess(project, env);
        processes.push(b);
        const key = await anonKeyOf();
        const f = (n: number, d = 2) => n.toFixed(d).padStart(9);
        const restLines: string[] = [];
        if (part !== 'realtime') {
          const one = await startRoundRobinProxy([a.url]);
          const oneRest = await measureRest(one.url, key);
          await one.close();
          const two = await startRoundRobinProxy([a.url, b.url]);
          const twoRest = await measureRest(two.url, key);
          await two.close();
          restLines.push(
            `REST primary-key read through a round-robin proxy (${shape.concurrency} keep-alive connections):`,
            `${'processes'.padEnd(12)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`,
            `${'1'.padEnd(12)}${f(oneRest.rps, 0)}${f(oneRest.p50)}${f(oneRest.p95)}`,
            `${'2'.padEnd(12)}${f(twoRest.rps, 0)}${f(twoRest.p50)}${f(twoRest.p95)}`,
          );
        }
        const realtimeLines: string[] = [];
        if (part !== 'rest') {
          const one = await measureRealtime([a, b], a.url, [a.url], key, 'bench-one');
          const two = await measureRealtime([a, b], a.url, [a.url, b.url], key, 'bench-two');
          const line = (name: string, where: string, l: number[]) =>
            `${name.padEnd(12)}${where.padEnd(16)}${String(l.length).padStart(10)}${f(percentile(l, 50))}${f(percentile(l, 95))}`;
          const cpu = (r: RealtimeResult) =>
            `server CPU ${r.serverCpuMs.map((ms) => ms.toFixed(0)).join(' + ')} ms, subscriber processes ${r.subscriberCpuMs.map((ms) => ms.toFixed(0)).join(' + ')} ms, in ${r.wallMs.toFixed(0)} ms`;
          const all = [...(two.latencies[0] ?? []), ...(two.latencies[1] ?? [])].sort((x, y) => x - y);
          const p95 = percentile(all, 95);
          realtimeLines.push(
            `realtime broadcast to ${subscriberCount} subscribers (${subscriberProcesses} client processes), ${messages} messages 20 ms apart, sent on process 1:`,
            `${'processes'.padEnd(12)}${'subscribers on'.padEnd(16)}${'delivered'.padStart(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`,
            line('1', 'process 1', one.latencies[0] ?? []),
            line('2', 'process 1', two.latencies[0] ?? []),
            line('2', 'process 2', two.latencies[1] ?? []),
            `one process: ${cpu(one)}`,
            `two processes: ${cpu(two)}`,
            `two processes, all subscribers: p95 ${p95.toFixed(1)} ms [goal <= 100 ms: ${p95 <= 100 ? 'met' : 'MISSED'}]`,
          );
        }
        const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
        console.log(
          `machine: ${cpus().length} cores; load average at start ${load(loadBefore)}, at end ${load(loadavg())}; bench process nice ${getPriority()}`,
        );
        for (const l of [...restLines, ...realtimeLines]) console.log(l);
      } finally {
        for (const p of processes) await p.stop();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_CPU_PROF=dir` runs the servers under `node --cpu-prof`, writing their profiles to dir. */
function serverEnv(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(dir)}` } : {};
}

/** The key the processes use: derived from the project's config, as the server derives it. */
async function anonKeyOf(): Promise<string> {
  return (await createKeys(loadConfig({ projectDir: project }, {}))).anonKey;
}

if (process.argv[2] === '--http-client') await runHttpClient();
else if (process.argv[2] === '--subscribers') await runSubscribers();
else await main();
