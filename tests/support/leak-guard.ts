import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { after } from 'node:test';
import { pathToFileURL } from 'node:url';
import { openTestServers } from './open-servers.ts';

/**
 * Loaded into every test file's process by `scripts/run-test-files.ts`. The runner ends a file's
 * process once its tests and hooks have finished (`forceExit`, decision 455) instead of waiting
 * for its event loop to empty, so a server a file forgot to close would no longer keep it
 * running until the run times out; this hook, after the file's last test and hook, fails the
 * file instead: every test server it started must be closed, nothing may still listen, and no
 * child process it started (a server process, a browser) may still run, which the process's
 * end would leave running without it.
 */
// The hook must come after the file's own root-level `after` hooks (hooks run in the order they
// were added), and this module loads before the file: it loads the file first (its tests and
// hooks are added then; the entry point is the same module, which is not evaluated again) and adds
// the check after.
await import(pathToFileURL(realpathSync(path.resolve(process.argv[1] ?? ''))).href);
after(check);

async function check(): Promise<void> {
  // A server's 'close' comes before libuv has released its socket, which it does in the loop's
  // next close phase: two turns of the loop later, a closed server is no longer listed.
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  const resources = process.getActiveResourcesInfo();
  const count = (kind: string) => resources.filter((resource) => resource === kind).length;
  assert.deepEqual(
    { servers: openTestServers(), listening: count('TCPServerWrap'), childProcesses: count('ProcessWrap') },
    { servers: [], listening: 0, childProcesses: 0 },
    `${path.relative(process.cwd(), process.argv[1] ?? '')} left a server or a child process running after its last test`,
  );
}
