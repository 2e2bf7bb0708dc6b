import { createHash } from 'node:crypto';

/** A stable number in [0, 1) for a key: every fresh database gets the same community. */
export function unit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A moment as minutes before the seed runs: `days` before now, moved back by up to `spreadHours`
 * (decided by the key) so that things said to happen on the same day do not share a minute.
 */
export function minutesAgo(days: number, key: string, spreadHours = 6): number {
  return Math.max(1, Math.round(days * 1440 + unit(key) * spreadHours * 60));
}
