import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/src/lib/config.ts';
import { createKeys } from '../server/src/lib/keys.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { Connection, measure, requestBytes } from './support/http-load.ts';
import { seedPlacesSql } from './support/rest-seed.ts';

/**
 * `node bench/profile-rest.ts [out-dir]`: the REST server on PostgreSQL under `node --cpu-prof`
 * while 32 keep-alive connections read places by primary key (`BENCH_PROFILE=insert` or `rpc`:
 * bench:rest's insert or call instead); prints where its CPU time went
 * (bench/support/profile-summary.ts) and leaves the `.cpuprofile` for a profiler UI.
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'tests/fixtures/rest');
const out = path.resolve(process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'pinstar-profile-')));
const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-profile-data-'));
const kind = process.env.BENCH_PROFILE ?? 'read';
/** bench:rest's requests of each kind, and whether they use the service key. */
const requests: Record<string, (i: number) => { method: string; path: string; body?: string; service?: boolean }> = {
  read: (i) => ({ method: 'GET', path: `/rest/v1/places?select=*&id=eq.${1000 + (i % 2000)}` }),
  insert: (i) => ({
    method: 'POST',
    path: '/rest/v1/items',
    body: JSON.stringify({ sku: `p-${process.pid}-${i}`, name: 'bench' }),
    service: true,
  }),
  rpc: (i) => ({ method: 'POST', path: '/rest/v1/rpc/add_numbers', body: JSON.stringify({ a: i, b: 1 }) }),
};
const requestOf = requests[kind];
if (!requestOf) throw new Error(`BENCH_PROFILE is read, insert or rpc, not ${kind}`);
try {
  await withBenchDatabase('bench_profile', async (url) => {
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${out}` };
    const server = await startServerProcess(project, env);
    const seeder = new pg.Client({ connectionString: env.DATABASE_URL });
    await seeder.connect();
    await seeder.query(seedPlacesSql(2000));
    await seeder.end();
    const keys = await createKeys(loadConfig({ projectDir: project }, {}));
    const base = new URL(server.url);
    const idle = Array.from({ length: 32 }, () => new Connection(Number(base.port), base.hostname));
    const all = [...idle];
    const result = await measure(
      async (i) => {
        const c = idle.pop();
        if (!c) throw new Error('no idle connection');
        try {
          const r = requestOf(i);
          const status = await c.send(requestBytes(base, r, r.service ? keys.serviceRoleKey : keys.anonKey));
          if (status >= 300) throw new Error(`${r.method} ${r.path}: status ${status}`);
        } finally {
          idle.push(c);
        }
      },
      0,
      { sequential: 2000, concurrent: 20_000, concurrency: 32 },
    );
    for (const c of all) c.close();
    await server.stop();
    console.log(
      `${kind}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms (under the profiler)`,
    );
    const profiles = readdirSync(out).filter((f) => f.endsWith('.cpuprofile'));
    // The server's main thread wrote the largest profile.
    for (const f of profiles) console.log(path.join(out, f));
    const main = profiles.map((f) => path.join(out, f)).sort((x, y) => statSync(y).size - statSync(x).size)[0];
    if (main)
      console.log(
        execFileSync(process.execPath, [path.join(import.meta.dirname, 'support/profile-summary.ts'), main], { encoding: 'utf8' }),
      );
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
