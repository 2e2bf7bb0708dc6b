import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'web/dist/.build-stamp');
const inputs = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when web/dist is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Builds the web app with Vite when its sources changed since the last build. */
export async function buildWebIfNeeded(log: (line: string) => void = () => undefined): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  log('Building the web app…');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'web'),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

if (import.meta.main) {
  const built = await buildWebIfNeeded(console.log);
  if (!built) console.log('web/dist is up to date');
}
