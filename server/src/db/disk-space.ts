import { existsSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { DbError } from './errors.ts';

/**
 * What the embedded database needs free to start: a new data dir is about 40 MB, and an
 * existing one writes a 16 MB write-ahead-log segment and a checkpoint as it opens
 * (pglite-facts §1). Below this a start fails inside the engine with a message that does not
 * name the disk.
 */
export const embeddedStartBytes = 64 * 2 ** 20;

/** Free bytes on the filesystem holding `dir` (its nearest existing parent), or null when unknown. */
export function freeBytes(dir: string): number | null {
  let current = path.resolve(dir);
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  try {
    const stats = statfsSync(current);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

export class DiskFullError extends Error {
  constructor(dataDir: string, free: number, cause: unknown) {
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
    super(
      `the disk holding the data dir ${dataDir} is full: ${mb(free)} free, and the embedded database needs about ${mb(embeddedStartBytes)} free to start. Free some space, or set DATA_DIR to a folder on a larger disk.`,
      { cause },
    );
    this.name = 'DiskFullError';
  }
}

/** A failed start of the embedded database on a disk without room to start it, named as such (else the error as it is). */
export function explainStartFailure(dataDir: string, error: unknown): unknown {
  const free = freeBytes(dataDir);
  return free !== null && free < embeddedStartBytes ? new DiskFullError(dataDir, free, error) : error;
}

/**
 * Free bytes a write on the embedded database leaves untouched (decision 308): PGlite answers a
 * table that cannot grow with PostgreSQL's 53100 and carries on, but a write-ahead-log segment
 * it cannot create (16 MB) stops the engine as it stops PostgreSQL (a PANIC). Below this,
 * write transactions are refused before they reach the engine, so it keeps room for its log
 * and reads go on; writes resume as soon as the space is back.
 */
export const embeddedWriteReserveBytes = 32 * 2 ** 20;

/** PostgreSQL's own error for a full disk (53100), for a write refused before it ran. */
export function diskFullDbError(free: number, needed: number): DbError {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  return new DbError({
    code: '53100',
    message: `could not write: no space left on the disk holding the database (${mb(free)} free, writes need ${mb(needed)})`,
    hint: 'Free some space on that disk: writes resume by themselves.',
  });
}
