import assert from 'node:assert/strict';
import path from 'node:path';
import { after } from 'node:test';
import { openTestServers } from './open-servers.ts';

/**
 * Loaded into every test file's process by `scripts/run-test-files.ts`. The runner ends a file's
 * process once its tests and hooks have finished (`forceExit`, decision 455) instead of waiting
 * for its event loop to empty, so a server a file forgot to close would no longer keep it
 * running until the run times out; this hook, after the file's last test and hook, fails the
 * file instead: every test server it started must be closed, and nothing may still listen.
 */
after(async () => {
  // A server's 'close' comes before libuv has released its socket, which it does in the loop's
  // next close phase: two turns of the loop later, a closed server is no longer listed.
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  const listening = process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
  assert.deepEqual(
    { servers: openTestServers(), listening },
    { servers: [], listening: 0 },
    `${path.relative(process.cwd(), process.argv[1] ?? '')} left a server running after its last test`,
  );
});
