import { spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  globSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePgliteTemplate } from '../server/src/db/open.ts';
import { globalSetup, globalTeardown } from '../tests/support/global-setup.ts';
import { testProcessFlags } from '../tests/support/process-flags.ts';

/**
 * `npm test`: first the fast tiers — the unit tests beside the code (`server/src`, `web/src`,
 * `scripts`) and the web app's screens on its real providers against the server in-process
 * (`tests/web/screens`, decision 401) — which need no fixture but the PGlite template and run in
 * seconds; it stops here if they fail. Then it prepares the shared fixtures once (a throwaway
 * PostgreSQL 15 cluster, the built web app) and runs the integration, data, conformance and
 * Chromium e2e suites under `tests/`. `npm test -- --unit` runs the fast tiers alone; extra
 * arguments select files instead: `npm test -- tests/conformance/auth.test.ts`.
 */
const fastTiers = ['server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/web/screens/**/*.test.ts'];
const screens = new Set(globSync('tests/web/screens/**/*.test.ts'));
const suites = () => startOrder(globSync('tests/**/*.test.ts').filter((file) => !screens.has(file)));

/** The browser suites, which share a process (and its Chromium) two at a time (decision 460). */
const browserFolder = 'tests/e2e/';
/** Folders whose files run longest: the browser suites, and the server's (packing, a 1 GiB upload, shutdowns). */
const longFolders = [browserFolder, 'tests/server/'];

/**
 * The order files start in (decision 452): the long files, largest first, each followed by a
 * short one, then the short ones left. A long file started last would run on alone at the end
 * with a core idle, and short files waiting on timers and sockets leave the cores idle when only
 * they run side by side: a long file beside them takes that time up. The short ones take turns
 * by folder, so that files of one kind (the realtime suites, all waiting on sockets) are apart.
 * The browser suites go two to a process, the largest with the smallest (decision 460).
 */
function startOrder(all: string[]): string[] {
  rmSync(sharedProcessDir, { recursive: true, force: true });
  mkdirSync(sharedProcessDir, { recursive: true });
  const size = new Map(all.map((file) => [file, statSync(file).size]));
  const bySize = (a: string, b: string) => (size.get(b) ?? 0) - (size.get(a) ?? 0) || a.localeCompare(b);
  const folderOf = (file: string) => path.dirname(file.replace(/^\.\//, ''));
  const isLong = (file: string) => longFolders.some((folder) => `${folderOf(file)}/`.startsWith(folder));
  const isBrowser = (file: string) => `${folderOf(file)}/`.startsWith(browserFolder);
  const browser = pairedProcesses(all.filter(isBrowser).sort(bySize));
  for (const [group, files] of browser)
    size.set(
      group,
      files.reduce((sum, file) => sum + (size.get(file) ?? 0), 0),
    );
  const long = [...browser.keys(), ...all.filter((file) => isLong(file) && !isBrowser(file))].sort(bySize);
  const byFolder = Map.groupBy(
    all.filter((file) => !isLong(file)).sort((a, b) => a.localeCompare(b)),
    folderOf,
  );
  const rounds = Math.max(0, ...[...byFolder.values()].map((files) => files.length));
  const short = sharingProcesses(
    Array.from({ length: rounds }, (_, i) => [...byFolder.values()].flatMap((files) => files.slice(i, i + 1))).flat(),
  );
  return [...long.flatMap((file, i) => [file, ...short.slice(i, i + 1)]), ...short.slice(long.length)];
}

/** Short files one process runs in turn, in a whole run (decision 457). */
const filesPerProcess = 4;
/** Where the files that import them are written: kept after the run, to read what a failing one held. */
const sharedProcessDir = path.join(import.meta.dirname, '..', 'test-results', 'shared-processes');
/**
 * What keeps a file in a process of its own: hooks at its top level (they would run before or
 * after every file of the process), a change to the environment, mocked timers, a process-wide
 * handler, `.only`.
 */
const ownProcess =
  /^(before|after|beforeEach|afterEach)\(|process\.env(\.\w+|\[[^\]]+\]) *(=[^=]|\?\?=)|delete process\.env|mock\.timers|process\.on\(|process\.chdir|\.only\(/m;

let groups = 0;
/**
 * A file in `test-results/shared-processes/` that imports these files in turn: their tests run in
 * that order, each file's suites with their own hooks, and a failure names the test and its line
 * in its own file.
 */
function sharedProcess(group: string[]): string {
  const first = path.basename(group[0] ?? '', '.test.ts');
  const file = path.join(sharedProcessDir, `${String(++groups).padStart(2, '0')}-${first}-and-${group.length - 1}-more.test.ts`);
  const imports = group.map((member) => `await import(${JSON.stringify(path.relative(sharedProcessDir, path.resolve(member)))});`);
  writeFileSync(
    file,
    `// Test files that share one process in \`npm test\` (scripts/test.ts, decisions 457 and 460), run in turn.\n${imports.join('\n')}\n`,
  );
  return path.relative(process.cwd(), file);
}

/**
 * In a whole run, short files share a process four at a time (decision 457): a file's process
 * costs about half a second of CPU to start and load the server before its first test, which
 * was a fifth of a short file's CPU. A file that `ownProcess` matches keeps a process of its own.
 */
function sharingProcesses(short: string[]): string[] {
  const order: string[] = [];
  let group: string[] = [];
  const flush = () => {
    if (group.length > 0) order.push(sharedProcess(group));
    group = [];
  };
  for (const file of short) {
    if (ownProcess.test(readFileSync(file, 'utf8'))) {
      order.push(file);
      continue;
    }
    group.push(file);
    if (group.length === filesPerProcess) flush();
  }
  flush();
  return order;
}

/**
 * The browser suites, largest first, two to a process: the largest with the smallest, the next
 * with the next smallest, so that no process is much longer than the rest (decision 460). The
 * second file of a process starts without loading the server, Playwright and Chromium again. A
 * file that `ownProcess` matches keeps a process of its own. Returns each process's file and the
 * files it runs.
 */
function pairedProcesses(bySize: string[]): Map<string, string[]> {
  const processes = new Map<string, string[]>();
  const alone = bySize.filter((file) => ownProcess.test(readFileSync(file, 'utf8')));
  for (const file of alone) processes.set(file, [file]);
  const pairing = bySize.filter((file) => !alone.includes(file));
  while (pairing.length > 1) {
    const pair = [pairing.shift() ?? '', pairing.pop() ?? ''];
    processes.set(sharedProcess(pair), pair);
  }
  for (const file of pairing) processes.set(file, [file]);
  return processes;
}
const args = process.argv.slice(2);
/** Files named on the command line; a pattern stands for the files it matches. */
const files = args
  .filter((a) => !a.startsWith('--'))
  .flatMap((a) => {
    const matched = globSync(a);
    return matched.length > 0 ? matched : [a];
  });
const flags = args.filter((a) => a.startsWith('--') && a !== '--unit');
const unitOnly = args.includes('--unit');

/** statfs's type of a tmpfs (linux/magic.h). */
const tmpfsMagic = 0x01021994;

/**
 * Unless TMPDIR says otherwise, the tests' temporary files — PGlite clusters, stored objects,
 * the PostgreSQL cluster, browser profiles — go to a folder of this run on the machine's RAM
 * disk (/dev/shm) when it has one, removed at the end. A server boot unpacks a PGlite cluster of
 * 1,305 files: 2.5 s on this machine's ext4, 1.3 s on tmpfs, and almost every test file boots one
 * (decision 444).
 */
function useRamTmpDir(): void {
  if (process.env.TMPDIR) return;
  try {
    if (statfsSync('/dev/shm').type !== tmpfsMagic) return;
    accessSync('/dev/shm', constants.W_OK);
  } catch {
    return;
  }
  const dir = mkdtempSync('/dev/shm/pinstar-tests-');
  // Like /tmp: the PostgreSQL cluster's server runs as its own user and needs to reach its folder.
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}

/**
 * Every Node process of the run (a process per test file, and the servers some of them start)
 * keeps the code it compiled in one cache (Node's compile cache): the server's and the tests'
 * modules are then read from it instead of stripped of their types and compiled again, about
 * 0.6 → 0.35 s of each process's start (decision 444).
 */
function useCompileCache(): void {
  process.env.NODE_COMPILE_CACHE ??= path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile');
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * Files at once: the fast tiers keep both cores busy with two; the suites after them wait on
 * timers, browsers and sockets a fifth of the time at two, so they ran three (decision 445), and
 * run four since their processes start on less CPU: at three the cores were idle 2–12 % of each
 * half minute again (decision 457). They start in the order given (`run-test-files.ts`, decision 452).
 */
function runFiles(files: string[], concurrency: number): Promise<number> {
  return new Promise<number>((resolve) => {
    const runner = path.join(import.meta.dirname, 'run-test-files.ts');
    const args = [...testProcessFlags, runner, `--concurrency=${concurrency}`, ...flags, ...files];
    const child = spawn(process.execPath, args, {
      stdio: 'inherit',
      env: process.env,
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (status, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(status ?? (signal ? 1 : 0));
    });
  });
}

/**
 * A folder of this run where the test harness keeps stopped PGlite clusters (the bootstrap's, the
 * app's migrated, the app's seeded) for test servers to copy their new cluster from, each made
 * once in the run by the first test process that needs it (decision 446). Removed at the end:
 * the seeded one dates its rows from the moment it was made.
 */
function useRunClusters(): void {
  if (process.env.PINSTAR_TEST_CLUSTERS) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-clusters-'));
  process.env.PINSTAR_TEST_CLUSTERS = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}

useRamTmpDir();
useCompileCache();
useRunClusters();

/** Files of the fast tiers need only the PGlite template: no PostgreSQL cluster, no web build. */
const fastFile = (file: string) => /^(server\/src|web\/src|scripts|tests\/web\/screens)\//.test(file.replace(/^\.\//, ''));
if (files.length > 0 && files.every(fastFile)) {
  await makePgliteTemplate();
  process.exit(await runFiles(files, 2));
}

/** The shared fixtures, prepared once; while the fast tiers run when they run first (see below). */
let fixtures: Promise<unknown> | null = null;
const prepareFixtures = () =>
  (fixtures ??= globalSetup().then(
    () => null,
    (error: unknown) => error,
  ));

if (files.length === 0) {
  const started = performance.now();
  await makePgliteTemplate();
  // The PostgreSQL cluster's initdb and bootstrap run on one core for about 5 s: beside the fast
  // tiers, which leave a core idle between files, instead of after them (decision 457).
  if (!unitOnly) void prepareFixtures();
  const code = await runFiles(fastTiers.flatMap((pattern) => globSync(pattern)).sort(), 2);
  process.stdout.write(`unit and web tiers ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}\n`);
  if (code !== 0 || unitOnly) {
    await fixtures;
    await globalTeardown();
    process.exit(code);
  }
}

const started = performance.now();
const failed = await prepareFixtures();
if (failed) {
  await globalTeardown();
  throw failed;
}
process.stdout.write(`test fixtures ready in ${seconds(started)}\n`);
let code = 1;
try {
  code = await runFiles(files.length ? files : suites(), 4);
} finally {
  await globalTeardown();
}
process.exit(code);
