/**
 * `npm run bench:notifications`: how long a notification takes to reach an open tab — from the
 * moment a member's request that causes it is sent (a reply to someone's review, over HTTP
 * through supabase-js) to the broadcast arriving on the recipient's private topic
 * `notifications:<id>`, which includes the commit. Goal: p95 ≤ 1 s, every notification
 * delivered: one that has not arrived 10 s after its request counts as lost, and a lost one or a
 * missed p95 makes the bench exit 1. BENCH_BACKENDS (pglite,postgres), BENCH_RUNS (default 50).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { createMember, reviewBody, sql } from '../tests/data/support.ts';
import { startCluster } from '../tests/support/postgres-cluster.ts';
import type { TestBackend, TestServer } from '../tests/support/server.ts';
import { startBenchServer } from './support/bench-server.ts';
import { Goals } from './support/goals.ts';

const runs = Number(process.env.BENCH_RUNS ?? 50);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',') as TestBackend[];
const log = (line: string) => process.stdout.write(`${line}\n`);
const goals = new Goals();
/** A notification not arrived this long after its request is lost. */
const lostAfterMs = 10_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The project's server on a fresh database, shaped as the data tests' helpers expect. */
async function start(backend: TestBackend, databaseUrl: string): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-notify-'));
  const server = await startBenchServer({
    projectDir: path.resolve(import.meta.dirname, '../supabase'),
    dataDir,
    databaseUrl,
    seed: false,
  });
  const client = (key = server.keys.anonKey) =>
    createClient(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  return {
    ...server,
    backend,
    anonKey: server.keys.anonKey,
    serviceRoleKey: server.keys.serviceRoleKey,
    fetch,
    listening: true,
    client,
    admin: () => client(server.keys.serviceRoleKey),
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Times of the notifications that arrived, and how many were expected. */
async function measure(backend: TestBackend, databaseUrl = ''): Promise<{ times: number[]; expected: number }> {
  const server = await start(backend, databaseUrl);
  try {
    const [ada, ben] = await Promise.all([createMember(server), createMember(server)]);
    const place = (
      await sql<{ id: string }>(server, `insert into places (name, category, lat, lng) values ('Bench', 'cafe', 1, 1) returning id`)
    )[0]?.id;
    const review = (
      await sql<{ id: string }>(server, `insert into reviews (place_id, author_id, rating, body) values ($1, $2, 4, $3) returning id`, [
        place,
        ada.id,
        reviewBody(),
      ])
    )[0]?.id;
    let arrived: (() => void) | null = null;
    const channel = ada.client.channel(`notifications:${ada.id}`, { config: { private: true } });
    channel.on('broadcast', { event: 'notification' }, () => arrived?.());
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) =>
        status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined,
      ),
    );
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const received = new Promise<boolean>((resolve) => {
        arrived = () => resolve(true);
        setTimeout(() => resolve(false), lostAfterMs);
      });
      const t0 = performance.now();
      const { error } = await ben.client.from('review_replies').insert({ review_id: review ?? '', body: `Reply ${i}` });
      if (error) throw new Error(error.message);
      const ok = await received;
      if (ok) times.push(performance.now() - t0);
      // a lost one that arrives late must not be taken for the next run's
      arrived = null;
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 2000));
      // the per-hour reply limit is for members' bursts, not for this loop
      await sql(server, `update review_replies set created_at = created_at - interval '2 hours'`);
    }
    await ada.client.removeAllChannels();
    return { times: times.sort((a, b) => a - b), expected: runs };
  } finally {
    await server.close();
  }
}

log(`| backend | delivered | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
async function onPostgres(): Promise<{ times: number[]; expected: number }> {
  const cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
    await admin.connect();
    await admin.query('create database bench_notifications');
    await admin.end();
    return await measure('postgres', `${cluster.url}/bench_notifications`);
  } finally {
    cluster.stop();
  }
}

for (const backend of backends) {
  const { times, expected } = backend === 'postgres' ? await onPostgres() : await measure(backend);
  // p95 over every run, a lost one counted as never arriving (after any that did)
  const withLost = [...times, ...Array.from({ length: expected - times.length }, () => Number.POSITIVE_INFINITY)];
  log(
    `| ${backend} | ${goals.complete(`${backend} notifications`, times.length, expected)} | ${percentile(times, 50).toFixed(1)} | ${goals.check(`${backend} p95`, percentile(withLost, 95), 1000, { unit: ' ms', digits: 1 })} | ${(times.at(-1) ?? NaN).toFixed(1)} |`,
  );
}
const [load1] = loadavg();
log(`reply request sent → notification received on notifications:<id>; ${availableParallelism()} cores, load average ${load1?.toFixed(2)}`);
goals.finish(log);
process.exit(process.exitCode ?? 0);
