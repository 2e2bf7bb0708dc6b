import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWebIfNeeded } from '../scripts/build-web.ts';
import { freePort } from '../tests/support/free-port.ts';
import { Goals } from './support/goals.ts';

/**
 * bench/startup: cold start (empty data dir → first successful API request), warm restart
 * (same data dir), and `npm test` wall time, as medians over several runs.
 * Usage: npm run bench:startup -- [--runs 5] [--test-runs 1] (0 skips the test suite).
 * Each median is printed beside its goal; a miss exits 1 (decision 420).
 */
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'test-runs': { type: 'string', default: '1' } } });
const runs = Number(values.runs);
const testRuns = Number(values['test-runs']);
const root = path.resolve(import.meta.dirname, '..');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Spawns the server (the web app is built beforehand) and measures until REST answers a query of the app's data. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_REQUESTS: '0', DATABASE_URL: '' };
  delete env.NODE_TEST_CONTEXT;
  const started = performance.now();
  const child = spawn(process.execPath, ['server/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/rest/v1/places?select=id&limit=1`;
  let elapsed = 0;
  for (;;) {
    try {
      const response = await fetch(url, { headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' } });
      if (response.ok) {
        elapsed = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

await buildWebIfNeeded();
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-'));
  try {
    cold.push(await timeStart(dataDir));
    warm.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const tests: number[] = [];
for (let i = 0; i < testRuns; i++) {
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    spawn('npm', ['test'], { cwd: root, env, stdio: 'ignore' }).on('exit', resolve);
  });
  tests.push(performance.now() - started);
  if (code !== 0) process.stdout.write(`note: npm test run ${i + 1} exited with ${code}\n`);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const goals = new Goals();
process.stdout.write(
  [
    `bench/startup — ${runs} runs, median (min … max); the app's supabase/ with demo data, PGlite`,
    `  cold start, empty data dir → first REST answer   ${s(median(cold))}  (${s(Math.min(...cold))} … ${s(Math.max(...cold))})   ${goals.check('cold start', median(cold) / 1000, 8, { unit: ' s' })}`,
    `  warm restart, same data dir → first REST answer  ${s(median(warm))}  (${s(Math.min(...warm))} … ${s(Math.max(...warm))})   ${goals.check('warm restart', median(warm) / 1000, 1.5, { unit: ' s' })}`,
    testRuns > 0
      ? `  npm test wall time (${testRuns} run${testRuns > 1 ? 's' : ''})              ${s(median(tests))}`
      : '  npm test wall time: skipped (--test-runs 0)',
    '',
  ].join('\n'),
);
goals.finish();
