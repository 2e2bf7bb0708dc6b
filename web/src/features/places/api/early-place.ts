import type { Place } from '@/lib/places';

/**
 * The row of the place a page was opened on, requested by index.html's inline script before
 * the app's code arrived (anon key, `select=*`: the same row supabase-js would read). Null
 * when the place is not visible to anon or the request failed.
 */
interface EarlyPlace {
  id: string;
  row: Promise<Place | null>;
}

/**
 * Takes the early row of place `id` once: the first query of the page uses it instead of
 * asking again; later queries (refetches, live updates) read the database as usual.
 */
export async function takeEarlyPlace(id: string): Promise<Place | null> {
  const holder = window as { pinstarEarlyPlace?: EarlyPlace };
  const early = holder.pinstarEarlyPlace;
  if (early?.id !== id) return null;
  delete holder.pinstarEarlyPlace;
  return early.row.catch(() => null);
}
