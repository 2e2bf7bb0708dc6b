import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebIfNeeded } from '../scripts/build-web.ts';
import { freePort } from '../tests/support/free-port.ts';
import { formatPhotoBytes, measurePhotoBytes } from './photo-bytes.ts';
import { Goals } from './support/goals.ts';
import { percentile } from './support/http-load.ts';

/**
 * bench/web: Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G and 4× CPU
 * slowdown) on the built app served by the local server with the demo data, in Debian's
 * Chromium. Prints Performance, LCP, CLS, TBT and Accessibility per page, after one unmeasured
 * run that warms the freshly launched browser, then a line per page with the median of its
 * runs and their range.
 * Usage: npm run bench:web -- [--paths /,/place] [--runs 1] [--report-dir <dir>] [--photos-only]
 * (`/place` stands for the demo data's Hyde Park, `/photo-place` for its Eiffel Tower, which has
 * photos; `--report-dir` keeps each full JSON report,
 * whose audits name the LCP element, the long tasks and the main-thread work.)
 * Then the photo bytes on a 390 × 844 phone at 3x (`bench/photo-bytes.ts`) of `/` as it opens,
 * `/` with its list shown (the drawer's cards and their photos) and the Eiffel Tower's page: the
 * images each loaded, what the originals of the same photos weigh (what the app drew before
 * variants) and the ratio against the goal (≤ 25 % on `/`). `--photos-only` skips Lighthouse.
 * Each page's median Performance (≥ 95) and LCP (≤ 2.0 s) and `/`'s photo ratio are held to
 * their goals; a miss exits 1 (decision 420).
 */
const goals = new Goals();
const { values } = parseArgs({
  options: {
    paths: { type: 'string', default: '/' },
    runs: { type: 'string', default: '1' },
    'report-dir': { type: 'string' },
    'photos-only': { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

async function waitForServer(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 60 s');
}

/**
 * The server compresses each asset on its first request (then keeps it): fetch them all once
 * so that work, on the same 2 cores, does not land inside the first measured page load.
 */
async function warmUp(base: string): Promise<void> {
  const assets = readdirSync(path.join(root, 'web/dist/assets')).filter((name) => /\.(js|css)$/.test(name));
  const urls = [...assets.map((name) => `/assets/${name}`), '/basemap/countries-low.geo.json'];
  for (const url of urls) await (await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
}

/**
 * One line per page over its runs: Lighthouse's own guidance on variability is to report the
 * median of several runs (five or more), and the range says how far single runs strayed.
 */
function summarise(pagePath: string, runs: { performance: number; lcp: number; tbt: number }[]): string {
  const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  const sorted = (values: number[]) => values.toSorted((a, b) => a - b);
  const median = (values: number[]) => percentile(values, 50);
  const performance = sorted(runs.map((run) => run.performance));
  const lcp = sorted(runs.map((run) => run.lcp / 1000));
  const tbt = sorted(runs.map((run) => run.tbt));
  return (
    `${pagePath.padEnd(48)} median of ${runs.length}: Performance ${goals.check(`${pagePath} Performance`, median(performance), 95, { digits: 0, atLeast: true })} (${range(performance)}, ` +
    `≥ 95 in ${performance.filter((n) => n >= 95).length})  LCP ${goals.check(`${pagePath} LCP`, median(lcp), 2, { unit: ' s' })} (${range(lcp, 2)}, ` +
    `≤ 2.0 s in ${lcp.filter((n) => n <= 2).length})  TBT ${Math.round(median(tbt))} ms (${range(tbt)})`
  );
}

await buildWebIfNeeded((line) => process.stdout.write(`${line}\n`));
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-web-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_REQUESTS: '0', DATABASE_URL: '' };
delete env.NODE_TEST_CONTEXT;
const server = spawn(process.execPath, ['server/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
const base = `http://localhost:${port}`;
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });
try {
  await waitForServer(base);
  await warmUp(base);
  const placePath = async (name: string) => {
    const ids = (await (
      await fetch(`${base}/rest/v1/places?select=id&name=eq.${name}`, {
        headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' },
      })
    ).json()) as { id: string }[];
    return `/places/${ids[0]?.id ?? ''}`;
  };
  const paths = values.paths.split(',').map((p) => p.trim());
  for (const [alias, name] of [
    ['/place', 'Hyde%20Park'],
    ['/photo-place', 'Eiffel%20Tower'],
  ] as const) {
    if (paths.includes(alias)) paths[paths.indexOf(alias)] = await placePath(name);
  }
  process.stdout.write(`Lighthouse ${'13'} mobile preset, Chromium ${chromeFlags.join(' ')}\n`);
  // Simulated throttling is robust to load for LCP, less so for TBT: say what the machine did.
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  process.stdout.write(`${cpus().length} cores, load average ${load()}\n`);
  // Chromium's first page after launch pays the browser's own start-up (fonts, caches, its
  // processes): one unmeasured Lighthouse run on the first page, so every measured run sees the
  // browser a phone already has running.
  if (!values['photos-only'] && paths[0]) {
    await lighthouse(`${base}${paths[0]}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    process.stdout.write(`warm-up: one unmeasured run on ${paths[0]}\n`);
  }
  const summaries: string[] = [];
  for (const pagePath of values['photos-only'] ? [] : paths) {
    const runs: { performance: number; lcp: number; tbt: number }[] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const result = await lighthouse(`${base}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (values['report-dir']) {
        mkdirSync(values['report-dir'], { recursive: true });
        const name = `${pagePath === '/' ? 'explore' : pagePath.replace(/^\/|\/$/g, '').replaceAll('/', '-')}-${run + 1}.json`;
        writeFileSync(path.join(values['report-dir'], name), JSON.stringify(lhr));
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      process.stdout.write(
        `${pagePath.padEnd(48)} Performance ${score('performance')}  LCP ${(audit('largest-contentful-paint') / 1000).toFixed(2)} s  CLS ${audit('cumulative-layout-shift').toFixed(3)}  TBT ${Math.round(audit('total-blocking-time'))} ms  Accessibility ${score('accessibility')}  (FCP ${(audit('first-contentful-paint') / 1000).toFixed(2)} s, load ${load()})\n`,
      );
      const failing = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      for (const a of failing) process.stdout.write(`  accessibility: ${a?.id} — ${a?.title}\n`);
      runs.push({ performance: score('performance'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time') });
    }
    summaries.push(summarise(pagePath, runs));
  }
  for (const line of summaries) process.stdout.write(`${line}\n`);
  const photoPlace = await placePath('Eiffel%20Tower');
  const photoViews = [
    { label: '/ (as it opens)', path: '/' },
    { label: '/ (list shown)', path: '/', showList: true },
    { label: 'the Eiffel Tower', path: photoPlace },
  ];
  process.stdout.write(`photo bytes, load ${load()}\n`);
  for (const result of await measurePhotoBytes(base, photoViews, process.env.CHROMIUM_PATH)) {
    process.stdout.write(`${formatPhotoBytes(result)}\n`);
    if (result.label.startsWith('/ ') && result.originalBytes > 0)
      process.stdout.write(
        `  ${goals.check(`${result.label} photo bytes`, (result.bytes / result.originalBytes) * 100, 25, { unit: ' %', digits: 1 })}\n`,
      );
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
goals.finish();
