import type { Place } from '@/lib/places';

/**
 * The row of the place a page was opened on, requested by index.html's inline script before
 * the app's code arrived (anon key, `select=*`: the same row supabase-js would read). Null
 * when the place is not visible to anon or the request failed.
 */
interface EarlyPlace {
  id: string;
  /** The row; null when none is visible to anon; undefined when the request got no answer in time. */
  row: Promise<Place | null | undefined>;
  /** When it was sent (performance.now()). */
  at: number;
}

/** What the early request gave: the row, or, when it got no answer, when it was sent. */
export type EarlyAnswer = { row: Place } | { unansweredSince: number } | null;

/**
 * Takes the early row of place `id` once: the first query of the page uses it instead of
 * asking again; later queries (refetches, live updates) read the database as usual.
 */
export async function takeEarlyPlace(id: string): Promise<EarlyAnswer> {
  const holder = window as { pinstarEarlyPlace?: EarlyPlace };
  const early = holder.pinstarEarlyPlace;
  if (early?.id !== id) return null;
  delete holder.pinstarEarlyPlace;
  const row = await early.row.catch(() => undefined);
  if (row === undefined) return { unansweredSince: early.at };
  return row ? { row } : null;
}
