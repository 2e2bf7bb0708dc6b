import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../server/src/lib/config.ts';
import { createKeys } from '../server/src/lib/keys.ts';
import { startCluster } from '../tests/support/postgres-cluster.ts';
import { startRoundRobinProxy } from '../tests/support/round-robin-proxy.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { Connection, measure, percentile, requestBytes, type Measure } from './support/http-load.ts';
import { seedPlacesSql } from './support/rest-seed.ts';

/**
 * `npm run bench:scale`: server processes on one PostgreSQL, one against two, in the same run.
 * REST primary-key reads/s through a round-robin proxy (with one backend, then two), and
 * realtime broadcast delivery latency at 1,000 subscribers split over the processes, the
 * sender on the first one: the subscribers on the second are reached through the fan-out.
 * Load generator and subscribers are child processes; 2 cores are shared by everything.
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
const now = () => performance.timeOrigin + performance.now();

type ToChild = { kind: 'setup'; urls: string[]; key: string; topic: string } | { kind: 'collect'; expected: number };
type FromChild = { kind: 'ready' } | { kind: 'result'; latencies: number[][] };

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

/** Subscribers spread evenly over `urls`; latencies are kept per URL. */
async function runSubscribers(): Promise<void> {
  const groups: WebSocket[][] = [];
  const latencies: number[][] = [];
  let received = 0;
  process.on('message', async (message: ToChild) => {
    if (message.kind === 'setup') {
      const topic = `realtime:${message.topic}`;
      const open = (url: string) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${message.key}&vsn=2.0.0`);
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
      for (let i = 0; i < subscriberCount; i += 25) {
        const batch = Array.from({ length: Math.min(25, subscriberCount - i) }, (_, k) => (i + k) % message.urls.length);
        const sockets = await Promise.all(batch.map((g) => open(message.urls[g] ?? '')));
        sockets.forEach((ws, k) => groups[batch[k] ?? 0]?.push(ws));
      }
      for (const [g, sockets] of groups.entries()) {
        await Promise.all(sockets.map(join));
        for (const ws of sockets)
          ws.on('message', (data) => {
            const text = String(data);
            const at = now();
            const marker = text.indexOf('"t":');
            if (marker < 0) return;
            received++;
            latencies[g]?.push(at - Number.parseFloat(text.slice(marker + 4)));
          });
      }
      process.send?.({ kind: 'ready' } satisfies FromChild);
    } else {
      const deadline = Date.now() + 30_000;
      while (received < message.expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      process.send?.({ kind: 'result', latencies } satisfies FromChild);
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

/** Broadcast latency: `messages` sent 20 ms apart from a socket on `senderUrl`; per subscriber URL p50/p95. */
async function measureRealtime(senderUrl: string, subscriberUrls: string[], key: string, topic: string): Promise<number[][]> {
  const child = fork(import.meta.filename, ['--subscribers'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: Array<(m: FromChild) => void> = [];
  child.on('message', (m: FromChild) => waiting.shift()?.(m));
  const ask = (m: ToChild) => new Promise<FromChild>((resolve) => (waiting.push(resolve), child.send(m)));
  try {
    await ask({ kind: 'setup', urls: subscriberUrls, key, topic });
    const sender = new WebSocket(`${senderUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`);
    await new Promise((resolve, reject) => (sender.once('open', resolve), sender.once('error', reject)));
    const joined = new Promise<void>((resolve) => sender.once('message', () => resolve()));
    sender.send(JSON.stringify(['s', 's', `realtime:${topic}`, 'phx_join', { config: {} }]));
    await joined;
    for (let i = 0; i < messages; i++) {
      sender.send(JSON.stringify(['s', null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'b', payload: { t: now() } }]));
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = (await ask({ kind: 'collect', expected: messages * subscriberCount })) as Extract<FromChild, { kind: 'result' }>;
    sender.close();
    return result.latencies.map((l) => l.sort((a, b) => a - b));
  } finally {
    child.kill();
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const cluster = await startCluster();
  const processes: ServerProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-scale-'));
  const stop = () => {
    cluster.stop();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
    await admin.connect();
    await admin.query('create database bench_scale');
    await admin.end();
    const env = { DATABASE_URL: `${cluster.url}/bench_scale`, DATA_DIR: dataDir };
    const a = await startServerProcess(project, env);
    processes.push(a);
    const seeder = new pg.Client({ connectionString: env.DATABASE_URL });
    await seeder.connect();
    await seeder.query(seedPlacesSql(seededPlaces));
    await seeder.end();
    const b = await startServerProcess(project, env);
    processes.push(b);
    const key = await anonKeyOf();

    const one = await startRoundRobinProxy([a.url]);
    const oneRest = await measureRest(one.url, key);
    await one.close();
    const two = await startRoundRobinProxy([a.url, b.url]);
    const twoRest = await measureRest(two.url, key);
    await two.close();
    const oneRealtime = await measureRealtime(a.url, [a.url], key, 'bench-one');
    const twoRealtime = await measureRealtime(a.url, [a.url, b.url], key, 'bench-two');

    const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
    const f = (n: number, d = 2) => n.toFixed(d).padStart(9);
    console.log(
      `machine: ${cpus().length} cores; load average at start ${load(loadBefore)}, at end ${load(loadavg())}; PostgreSQL ${cluster.url.replace(/\/\/.*@/, '//')}`,
    );
    console.log(`REST primary-key read through a round-robin proxy (${shape.concurrency} keep-alive connections):`);
    console.log(`${'processes'.padEnd(12)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
    for (const [name, m] of [
      ['1', oneRest],
      ['2', twoRest],
    ] as const)
      console.log(`${name.padEnd(12)}${f(m.rps, 0)}${f(m.p50)}${f(m.p95)}`);
    console.log(`realtime broadcast to ${subscriberCount} subscribers, ${messages} messages 20 ms apart, sent on process 1:`);
    console.log(
      `${'processes'.padEnd(12)}${'subscribers on'.padEnd(16)}${'delivered'.padStart(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`,
    );
    const line = (name: string, where: string, l: number[]) =>
      console.log(`${name.padEnd(12)}${where.padEnd(16)}${String(l.length).padStart(10)}${f(percentile(l, 50))}${f(percentile(l, 95))}`);
    line('1', 'process 1', oneRealtime[0] ?? []);
    line('2', 'process 1', twoRealtime[0] ?? []);
    line('2', 'process 2', twoRealtime[1] ?? []);
    const all = [...(twoRealtime[0] ?? []), ...(twoRealtime[1] ?? [])].sort((x, y) => x - y);
    const p95 = percentile(all, 95);
    console.log(`two processes, all subscribers: p95 ${p95.toFixed(1)} ms [goal <= 100 ms: ${p95 <= 100 ? 'met' : 'MISSED'}]`);
  } finally {
    for (const p of processes) await p.stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The key the processes use: derived from the project's config, as the server derives it. */
async function anonKeyOf(): Promise<string> {
  return (await createKeys(loadConfig({ projectDir: project }, {}))).anonKey;
}

if (process.argv[2] === '--http-client') await runHttpClient();
else if (process.argv[2] === '--subscribers') await runSubscribers();
else await main();
