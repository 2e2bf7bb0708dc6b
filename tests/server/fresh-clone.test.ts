import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { freePort } from '../support/free-port.ts';
import { childEnv, repoRoot } from '../support/server.ts';

/**
 * The README's two commands in a fresh clone, with the machine's own `node` first on PATH (20 on
 * Debian stable): the test runner's Node and every node_modules/.bin are taken off PATH, so only
 * the project's `node` dependency can run the scripts on Node 24. `npm install` is the one step
 * not repeated here (the clone links this checkout's install, which `.ci/run` makes with `npm ci`
 * on the machine's Node); `npm start` runs through npm exactly as a new user types it.
 */
const work = mkdtempSync(path.join(tmpdir(), 'pinstar-clone-'));
after(() => rmSync(work, { recursive: true, force: true }));

function machinePath(): string {
  const runnerDir = path.dirname(process.execPath);
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '' && !dir.endsWith(`node_modules${path.sep}.bin`) && path.resolve(dir) !== runnerDir)
    .join(path.delimiter);
}

test("a fresh clone starts with `npm start` on the machine's Node, and npm scripts run on Node 24", async (t) => {
  const app = path.join(work, 'app');
  execFileSync('git', ['clone', '--quiet', repoRoot, app]);
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(app, 'node_modules'));
  // The built web app, when this checkout has one, saves the clone a Vite build; its stamp is newer than the clone's sources.
  const builtStamp = path.join(repoRoot, 'web/dist/.build-stamp');
  if (existsSync(builtStamp)) {
    cpSync(path.join(repoRoot, 'web/dist'), path.join(app, 'web/dist'), { recursive: true });
    const now = new Date();
    utimesSync(path.join(app, 'web/dist/.build-stamp'), now, now);
  }
  const env = childEnv({ PATH: machinePath(), DATABASE_URL: '', DATA_DIR: path.join(work, 'data') });
  delete env.npm_node_execpath;
  delete env.NODE;
  const machineNode = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
  t.diagnostic(`the machine's node: ${machineNode}`);
  const scriptsNode = execFileSync('npm', ['exec', '--offline', '--', 'node', '--version'], { cwd: app, env, encoding: 'utf8' }).trim();
  assert.match(scriptsNode, /^v24\./, "npm scripts find the project's own Node 24");

  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: app,
    env: { ...env, PORT: String(port), LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': npm may end before the server it started has written its last lines
  // to the pipe they share; 'close' waits for every writer of the pipe.
  const exited = new Promise<string>((resolve) => child.on('close', (code, signal) => resolve(String(code ?? signal))));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start banner within 150 s:\n${output}`)), 150_000);
      const onData = () => {
        if (output.includes('service_role key')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    const base = `http://localhost:${port}`;
    assert.match(output, new RegExp(`Pinstar is running at ${base}`));
    const health = await fetch(`${base}/auth/v1/health`);
    assert.equal(health.status, 200);
    const page = await fetch(`${base}/`);
    assert.match(await page.text(), /<script/i, 'the app is served at /');
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  }
  // npm passes the signal on to the server and then ends by it, as it does in a terminal.
  assert.match(await exited, /^(0|SIGTERM)$/);
  assert.match(output, /SIGTERM: closing the database/, `the server stopped cleanly on SIGTERM:\n${output}`);
});
