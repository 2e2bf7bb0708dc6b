import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { RunningServer } from '../server/src/server.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { startBenchServer } from './support/bench-server.ts';
import { Goals } from './support/goals.ts';

/**
 * `npm run bench:realtime`: delivery latency (p50/p95/p99, from send or commit to receipt)
 * for broadcast, database-triggered broadcast (`realtime.send` in a trigger) and
 * postgres_changes with 1, 50 and 200 subscribers, and sustained broadcast throughput.
 * Subscribers are raw WebSocket clients in a child process, so the server's event loop is
 * measured on its own. Every run prints delivered / expected, and a message lost fails it; the
 * goals (p95 ≤ 50 ms at 200 subscribers, ≥ 10,000 deliveries/s) are printed beside the figures
 * and a miss makes the bench exit 1. Loopback only, bounded counts. BENCH_BACKENDS=pglite,postgres.
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'tests/fixtures/realtime');
const messagesPerRun = Number(process.env.BENCH_MESSAGES ?? 100);
const throughputMessages = Number(process.env.BENCH_THROUGHPUT_MESSAGES ?? 2000);
const now = () => performance.timeOrigin + performance.now();
const goals = new Goals();

type Scenario = 'broadcast' | 'db-broadcast' | 'postgres_changes';
type ToChild =
  | { kind: 'setup'; url: string; key: string; scenario: Scenario; subscribers: number; topic: string }
  | { kind: 'send'; count: number; intervalMs: number }
  | { kind: 'flood'; count: number }
  | { kind: 'collect'; expected: number };
type FromChild =
  { kind: 'ready' } | { kind: 'sent' } | { kind: 'result'; latencies: number[]; received: number; firstAt: number; lastAt: number };

// ---------------------------------------------------------------- child: subscribers
async function runChild(): Promise<void> {
  let sockets: WebSocket[] = [];
  let sender: WebSocket | null = null;
  let topic = '';
  const latencies: number[] = [];
  let received = 0;
  let firstAt = 0;
  let lastAt = 0;
  const reply = (m: FromChild) => process.send?.(m);
  const open = (url: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const joinAndWait = (ws: WebSocket, payload: unknown, waitSystem: boolean) =>
    new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        const m = JSON.parse(String(data)) as unknown[];
        if ((!waitSystem && m[3] === 'phx_reply' && m[1] === 'j') || (waitSystem && m[3] === 'system')) {
          ws.off('message', onMessage);
          resolve();
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify(['j', 'j', topic, 'phx_join', payload]));
    });
  process.on('message', async (message: ToChild) => {
    if (message.kind === 'setup') {
      topic = `realtime:${message.topic}`;
      const url = `${message.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${message.key}&vsn=2.0.0`;
      sockets = [];
      for (let i = 0; i < message.subscribers; i += 25) {
        sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, message.subscribers - i) }, () => open(url)))));
      }
      const isChanges = message.scenario === 'postgres_changes';
      const config = isChanges
        ? { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'bench_items' }] } }
        : { config: {} };
      await Promise.all(sockets.map((ws) => joinAndWait(ws, config, isChanges)));
      for (const ws of sockets) {
        ws.on('message', (data) => {
          const text = String(data);
          const at = now();
          const marker = text.indexOf('"t":');
          if (marker < 0) return;
          const t = Number.parseFloat(text.slice(marker + 4));
          received++;
          if (!firstAt) firstAt = at;
          lastAt = at;
          if (Number.isFinite(t)) latencies.push(at - t);
        });
      }
      if (message.scenario === 'broadcast') {
        sender = await open(url);
        await joinAndWait(sender, { config: {} }, false);
      }
      const beat = setInterval(() => {
        for (const ws of sockets) ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
      }, 20_000);
      beat.unref();
      reply({ kind: 'ready' });
    } else if (message.kind === 'send' && sender) {
      for (let i = 0; i < message.count; i++) {
        sender.send(JSON.stringify(['j', null, topic, 'broadcast', { type: 'broadcast', event: 'b', payload: { t: now() } }]));
        await new Promise((r) => setTimeout(r, message.intervalMs));
      }
      reply({ kind: 'sent' });
    } else if (message.kind === 'flood' && sender) {
      const s = sender;
      for (let i = 0; i < message.count; i++) {
        s.send(JSON.stringify(['j', null, topic, 'broadcast', { type: 'broadcast', event: 'b', payload: { n: i, t: 0 } }]));
        if (i % 50 === 49) await new Promise<void>((r) => (s.bufferedAmount > 1 << 20 ? setTimeout(r, 1) : setImmediate(r)));
      }
      reply({ kind: 'sent' });
    } else if (message.kind === 'collect') {
      const deadline = Date.now() + 30_000;
      while (received < message.expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      reply({ kind: 'result', latencies: latencies.splice(0), received, firstAt, lastAt });
      received = 0;
      firstAt = 0;
      lastAt = 0;
    }
  });
}

// ---------------------------------------------------------------- parent: server + driver
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function withChild<T>(fn: (ask: (m: ToChild) => Promise<FromChild>) => Promise<T>): Promise<T> {
  const child = fork(import.meta.filename, ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: Array<(m: FromChild) => void> = [];
  child.on('message', (m: FromChild) => waiting.shift()?.(m));
  const ask = (m: ToChild) => new Promise<FromChild>((resolve) => (waiting.push(resolve), child.send(m)));
  try {
    return await fn(ask);
  } finally {
    child.kill();
  }
}

async function prepare(server: RunningServer): Promise<void> {
  await server.db.transaction({ kind: 'system' }, (tx) =>
    tx.exec(`
      create table if not exists public.bench_items (id bigint generated always as identity primary key, t double precision not null, label text);
      grant select on public.bench_items to anon, authenticated;
      grant select, insert on public.bench_items to service_role;
      alter table public.bench_items enable row level security;
      drop policy if exists "everyone reads" on public.bench_items;
      create policy "everyone reads" on public.bench_items for select using (true);
      alter publication supabase_realtime add table public.bench_items;
      create table if not exists public.bench_events (id bigint generated always as identity primary key, t double precision not null);
      grant select, insert on public.bench_events to service_role;
      create or replace function public.bench_events_broadcast() returns trigger language plpgsql as $$
      begin
        perform realtime.send(jsonb_build_object('t', new.t), 'created', 'bench-db', false);
        return null;
      end $$;
      drop trigger if exists bench_events_broadcast on public.bench_events;
      create trigger bench_events_broadcast after insert on public.bench_events for each row execute function public.bench_events_broadcast();
      notify pgrst, 'reload schema';
    `),
  );
}

async function latencyRun(server: RunningServer, backendName: string, scenario: Scenario, subscribers: number): Promise<string> {
  const topic = scenario === 'db-broadcast' ? 'bench-db' : `bench-${scenario}-${subscribers}`;
  return withChild(async (ask) => {
    await ask({ kind: 'setup', url: server.url, key: server.keys.anonKey, scenario, subscribers, topic });
    const cpuBefore = process.cpuUsage();
    if (scenario === 'broadcast') await ask({ kind: 'send', count: messagesPerRun, intervalMs: 10 });
    else {
      const table = scenario === 'db-broadcast' ? 'bench_events' : 'bench_items';
      for (let i = 0; i < messagesPerRun; i++) {
        await server.db.transaction({ kind: 'request', role: 'service_role' }, (tx) =>
          tx.query(`insert into public.${table} (t) values ($1)`, [now()]),
        );
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    const result = (await ask({ kind: 'collect', expected: messagesPerRun * subscribers })) as Extract<FromChild, { kind: 'result' }>;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerMessage = ((cpu.user + cpu.system) / 1000 / messagesPerRun).toFixed(2);
    const sorted = result.latencies.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1).padStart(7);
    const p95 = percentile(sorted, 95);
    const label = `${backendName} ${scenario}, ${subscribers} subscribers`;
    const p95Text = subscribers === 200 ? goals.check(`${label}, p95`, p95, 50, { unit: ' ms', digits: 1 }) : `${f(p95)} ms`;
    return `${scenario.padEnd(17)} ${String(subscribers).padStart(4)} subs  p50 ${f(percentile(sorted, 50))} ms  p95 ${p95Text}  p99 ${f(percentile(sorted, 99))} ms  (${goals.complete(label, result.received, messagesPerRun * subscribers)}; server CPU ${cpuPerMessage} ms/msg)`;
  });
}

async function throughputRun(server: RunningServer, backendName: string, subscribers: number): Promise<string> {
  return withChild(async (ask) => {
    await ask({
      kind: 'setup',
      url: server.url,
      key: server.keys.anonKey,
      scenario: 'broadcast',
      subscribers,
      topic: `bench-flood-${subscribers}`,
    });
    const started = now();
    const cpuBefore = process.cpuUsage();
    await ask({ kind: 'flood', count: throughputMessages });
    const result = (await ask({ kind: 'collect', expected: throughputMessages * subscribers })) as Extract<FromChild, { kind: 'result' }>;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const seconds = (result.lastAt - started) / 1000;
    const rate = result.received / seconds;
    // What the server itself spent: meaningful even when other work shares the cores.
    const perCpuSecond = `server CPU ${cpuSeconds.toFixed(2)} s = ${Math.round(result.received / cpuSeconds).toLocaleString('en-US')} deliveries per CPU-second`;
    const label = `${backendName} broadcast throughput, ${subscribers} subscribers`;
    const rateText = goals.check(label, rate, 10_000, { unit: ' delivered msgs/s', digits: 0, atLeast: true });
    return `broadcast throughput ${String(subscribers).padStart(4)} subs  ${rateText}  (${goals.complete(label, result.received, throughputMessages * subscribers)} in ${seconds.toFixed(2)} s; ${perCpuSecond})`;
  });
}

async function benchBackend(backend: string, databaseUrl: string): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-rt-'));
  const server = await startBenchServer({
    projectDir: project,
    dataDir,
    databaseUrl,
  });
  const lines = [`-- ${backend}`];
  try {
    await prepare(server);
    for (const scenario of ['broadcast', 'db-broadcast', 'postgres_changes'] as const) {
      for (const subscribers of [1, 50, 200]) lines.push(await latencyRun(server, backend, scenario, subscribers));
    }
    for (const subscribers of [10, 200]) lines.push(await throughputRun(server, backend, subscribers));
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const backends = (process.env.BENCH_BACKENDS ?? 'pglite').split(',').map((s) => s.trim());
  console.log(`realtime bench: ${messagesPerRun} messages per latency run (10 ms apart), ${throughputMessages} per throughput run`);
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average at start ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  if (backends.includes('pglite')) for (const line of await benchBackend('pglite', '')) console.log(line);
  if (backends.includes('postgres')) {
    for (const line of await withBenchDatabase('bench_realtime', (url) => benchBackend('postgres', url))) console.log(line);
  }
  goals.finish((line) => console.log(line));
}

if (process.argv.includes('--child')) await runChild();
else await main();
