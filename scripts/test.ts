import { spawn } from 'node:child_process';
import { globalSetup, globalTeardown } from '../tests/support/global-setup.ts';

/**
 * `npm test`: prepares the shared fixtures once (PGlite template, a throwaway PostgreSQL 15
 * cluster, the built web app), then runs every test file with node's test runner —
 * unit tests beside the code, integration and conformance suites, and the Chromium e2e flows.
 * Extra arguments select files: `npm test -- tests/conformance/auth.test.ts`.
 */
const defaults = ['server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/**/*.test.ts'];
const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));

const started = performance.now();
await globalSetup();
process.stdout.write(`test fixtures ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
let code = 1;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-concurrency=2', '--test-timeout=180000', ...flags, ...(files.length ? files : defaults)],
      { stdio: 'inherit', env: process.env },
    );
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
} finally {
  await globalTeardown();
}
process.exit(code);
