import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/bcrypt';
import type { RunningServer } from '../server/src/server.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { startBenchServer } from './support/bench-server.ts';

/**
 * `npm run bench:auth`: password sign-in and refresh-token rotation through /auth/v1 on PGlite
 * and PostgreSQL side by side. The load runs in a child process (it must not share the
 * server's event loop); loopback only, bounded request counts within the fixture's rate limits.
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'tests/fixtures/auth/project');
const signInCount = Number(process.env.BENCH_SIGNINS ?? 200);
const refreshCount = Number(process.env.BENCH_REFRESHES ?? 800);
const signInConcurrency = 4;
const refreshConcurrency = 8;
const email = 'bench@example.com';
const password = 'bench-password-1';

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

interface Job {
  url: string;
  apikey: string;
  kind: 'signin' | 'refresh';
  count: number;
  concurrency: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function post(job: Job, pathAndQuery: string, body: unknown): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  const response = await fetch(`${job.url}/auth/v1${pathAndQuery}`, {
    method: 'POST',
    headers: { apikey: job.apikey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, json: (await response.json()) as Record<string, unknown> };
}

/** The child: `concurrency` loops share `count` requests; each refresh loop follows its own rotating token. */
async function runJob(job: Job): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const loop = async () => {
    let token = '';
    if (job.kind === 'refresh')
      token = String((await post(job, '/token?grant_type=password', { email, password })).json.refresh_token ?? '');
    while (issued < job.count) {
      issued++;
      const started = performance.now();
      const result =
        job.kind === 'signin'
          ? await post(job, '/token?grant_type=password', { email, password })
          : await post(job, '/token?grant_type=refresh_token', { refresh_token: token });
      latencies.push(performance.now() - started);
      if (!result.ok) errors++;
      else if (job.kind === 'refresh') token = String(result.json.refresh_token ?? '');
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors };
}

function inChild(job: Job): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as Measure));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
    child.send(job);
  });
}

async function benchBackend(databaseUrl: string): Promise<{ signin: Measure; refresh: Measure }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-auth-'));
  let server: RunningServer | null = null;
  try {
    server = await startBenchServer({
      projectDir: project,
      dataDir,
      databaseUrl,
    });
    const job = { url: server.url, apikey: server.keys.anonKey };
    await post({ ...job, kind: 'signin', count: 0, concurrency: 0 }, '/signup', { email, password });
    const signin = await inChild({ ...job, kind: 'signin', count: signInCount, concurrency: signInConcurrency });
    const refresh = await inChild({ ...job, kind: 'refresh', count: refreshCount, concurrency: refreshConcurrency });
    return { signin, refresh };
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** bcrypt verify alone at cost 10, one at a time: the floor under a password sign-in. */
async function bcryptAlone(): Promise<number> {
  const stored = await hash(password, 10);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await verify(password, stored);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  await withBenchDatabase('bench_auth', async (url) => {
    const pglite = await benchBackend('');
    const postgres = await benchBackend(url);
    const bcryptMs = await bcryptAlone();
    const cell = (m: Measure) =>
      `${m.rps.toFixed(0).padStart(5)} req/s  p50 ${m.p50.toFixed(1).padStart(6)} ms  p95 ${m.p95.toFixed(1).padStart(6)} ms${m.errors ? `  (${m.errors} errors)` : ''}`;
    const lines = [
      `auth bench — ${availableParallelism()} cores, loopback; sign-in: ${signInCount} requests, ${signInConcurrency} in flight; refresh: ${refreshCount} requests, ${refreshConcurrency} in flight`,
      `${''.padEnd(10)}${'PGlite'.padEnd(44)}PostgreSQL`,
      `${'sign-in'.padEnd(10)}${cell(pglite.signin).padEnd(44)}${cell(postgres.signin)}`,
      `${'refresh'.padEnd(10)}${cell(pglite.refresh).padEnd(44)}${cell(postgres.refresh)}`,
      `bcrypt verify alone (cost 10, one at a time): p50 ${bcryptMs.toFixed(1)} ms — the floor of every password sign-in`,
      `machine load average (1 min) at start ${loadBefore.toFixed(1)}, at end ${(loadavg()[0] ?? 0).toFixed(1)}: numbers are only comparable at similar load`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}

if (process.argv.includes('--worker')) {
  process.once('message', (job) => {
    void runJob(job as Job).then((m) => {
      process.send?.(m, () => process.exit(0));
    });
  });
} else {
  await main();
}
