import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run check`: both TypeScript projects, ESLint, Prettier and the decision records' index
 * (scripts/decision-index.ts), run side by side (each is single-threaded). tsc and ESLint keep
 * their caches in node_modules/.cache, so a second run rechecks only what changed. Prints each tool's output under its name; exits 1 when any fails.
 */
const cache = path.join('node_modules', '.cache');
const bin = (name: string) => path.join('node_modules', '.bin', name);

const steps: Array<{ name: string; command: string; args: string[] }> = [
  {
    name: 'tsc (server, tests, scripts)',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', path.join(cache, 'tsc', 'server.tsbuildinfo')],
  },
  {
    name: 'tsc (web)',
    command: bin('tsc'),
    args: ['-p', 'web/tsconfig.json', '--incremental', '--tsBuildInfoFile', path.join(cache, 'tsc', 'web.tsbuildinfo')],
  },
  {
    name: 'tsc (web screens)',
    command: bin('tsc'),
    args: ['-p', 'tests/web/tsconfig.json', '--incremental', '--tsBuildInfoFile', path.join(cache, 'tsc', 'web-screens.tsbuildinfo')],
  },
  {
    name: 'eslint',
    command: bin('eslint'),
    args: ['.', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(cache, 'eslint', 'cache.json')],
  },
  { name: 'decision records', command: process.execPath, args: [path.join('scripts', 'decision-index.ts')] },
  {
    name: 'prettier',
    command: bin('prettier'),
    args: [
      '--check',
      '.',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      path.join(cache, 'prettier', '.prettier-cache'),
      '--log-level',
      'warn',
    ],
  },
];

const started = performance.now();
const results = await Promise.all(
  steps.map(
    (step) =>
      new Promise<{ name: string; code: number; output: string; seconds: number }>((resolve) => {
        const child = spawn(step.command, step.args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', (error: Error) => resolve({ name: step.name, code: 1, output: error.message, seconds: 0 }));
        child.on('close', (code) => resolve({ name: step.name, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }));
      }),
  ),
);
for (const r of results) {
  process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)\n`);
  if (r.output.trim()) process.stdout.write(`${r.output.trimEnd()}\n`);
}
process.stdout.write(`check finished in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
