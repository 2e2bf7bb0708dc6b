import { run } from 'node:test';
import { spec } from 'node:test/reporters';

/**
 * `node --liftoff-only scripts/run-test-files.ts --concurrency=N [node test flags] <files>`:
 * node's test runner over these files in the order given, N at once, each file in a process
 * of its own with this process's V8 flags and the test flags passed on, reported as `node --test`
 * reports them. `node --test <files>` sorts its files by name, which leaves the order they start
 * in to their names (decision 452). A file's process ends once its tests and hooks have finished,
 * and `tests/support/leak-guard.ts`, loaded into each, fails a file that leaves a server or a child
 * process running (decision 455). Exits 1 when a test fails or a file does not run.
 */
const args = process.argv.slice(2);
const concurrency = Number(/^--concurrency=(\d+)$/.exec(args.find((a) => a.startsWith('--concurrency=')) ?? '')?.[1] ?? 1);
const flags = args.filter((a) => a.startsWith('--') && !a.startsWith('--concurrency='));
const files = args.filter((a) => !a.startsWith('--'));
/** The values of `--name=value` flags of one name. */
const valuesOf = (name: string) => flags.filter((f) => f.startsWith(`${name}=`)).map((f) => f.slice(name.length + 1));
const leakGuard = new URL('../tests/support/leak-guard.ts', import.meta.url).href;
const selecting = (f: string) => /^--test-(name-pattern|skip-pattern)=/.test(f) || f === '--test-only';

const stream = run({
  files,
  concurrency,
  timeout: 180_000,
  testNamePatterns: valuesOf('--test-name-pattern').map((p) => new RegExp(p)),
  testSkipPatterns: valuesOf('--test-skip-pattern').map((p) => new RegExp(p)),
  only: flags.includes('--test-only'),
  forceExit: true,
  // Any other flag goes to each file's process as it is.
  execArgv: [`--import=${leakGuard}`, ...flags.filter((f) => !selecting(f))],
});
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
