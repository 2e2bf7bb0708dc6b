/**
 * A start of the embedded database on a disk without room: PGlite failed inside the engine
 * ("PGlite failed to initialize properly", unhandled) and the process ended, with nothing naming
 * the disk. The start now fails with a message that names the disk, the free space and what is
 * needed, and the process that tried stays up (a test runner, a supervisor) to try again.
 * (The tests run as root, locally and in CI: a small tmpfs is the full disk.)
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DiskFullError } from '../../server/src/db/disk-space.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer } from '../../server/src/server.ts';
import { repoRoot } from '../support/server.ts';

test('PGlite on a 12 MB disk: the start says the disk is full and how much it needs', async () => {
  const disk = mkdtempSync(path.join(tmpdir(), 'pinstar-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', disk]);
  try {
    const dataDir = path.join(disk, 'data');
    await assert.rejects(
      startServer({
        projectDir: path.join(repoRoot, 'supabase'),
        port: 0,
        dataDir,
        webDist: null,
        env: { ...process.env, DATABASE_URL: '' },
        log: silentLogger,
      }),
      (error: unknown) => {
        assert.ok(error instanceof DiskFullError, String(error));
        assert.match(error.message, new RegExp(`the disk holding the data dir ${dataDir} is full: \\d+\\.\\d MB free`));
        assert.match(error.message, /needs about 64\.0 MB free to start/);
        assert.match(error.message, /DATA_DIR/);
        return true;
      },
    );
  } finally {
    execFileSync('umount', ['--lazy', disk]);
    rmSync(disk, { recursive: true, force: true });
  }
});
