/**
 * Which cached answers are kept on the device for offline reading, and how many (decision 230).
 * Framework-free (plain keys and dehydrated entries), unit-tested beside this file.
 */

/** The parts of a dehydrated query this module reads; TanStack's `DehydratedQuery` fits it. */
export interface KeptQuery {
  queryHash: string;
  queryKey: readonly unknown[];
  state: { status: string; data?: unknown; dataUpdatedAt: number };
}

export interface CacheBounds {
  /** At most this many answers… */
  maxQueries: number;
  /** …and at most this many characters of JSON in all. */
  maxChars: number;
  /** Older answers are not kept (milliseconds). */
  maxAgeMs: number;
}

export const cacheBounds: CacheBounds = { maxQueries: 300, maxChars: 3_000_000, maxAgeMs: 7 * 24 * 3600 * 1000 };

/**
 * What a member opened and wants without a connection: their stars and lists, the places and
 * lists they opened (with the place's rating, photos and first page of newest reviews), their
 * own review and profile. Searches, the map's answers, feeds and moderation are not kept.
 */
export function keptOffline(queryKey: readonly unknown[]): boolean {
  const [first, second, , fourth] = queryKey;
  if (first === 'private') return second === 'stars' || second === 'lists' || second === 'my-review' || second === 'my-profile';
  if (first === 'places') return second === 'detail' || second === 'histogram';
  if (first === 'photos') return second === 'place';
  if (first === 'reviews') return second === 'place' && fourth === 'newest';
  if (first === 'lists') return second === 'detail';
  return false;
}

function isPages(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

/** A paged answer keeps its first page only: what the screen shows when it opens. */
function firstPageOnly<Q extends KeptQuery>(query: Q): Q {
  const data = query.state.data;
  if (!isPages(data) || data.pages.length <= 1) return query;
  return { ...query, state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } } };
}

/**
 * Keeps the successful answers `keptOffline` names, younger than `maxAgeMs`, newest first until
 * either bound is reached; paged answers trimmed to their first page.
 */
export function boundQueries<Q extends KeptQuery>(queries: readonly Q[], now: number, bounds: CacheBounds = cacheBounds): Q[] {
  const candidates = queries
    .filter((q) => q.state.status === 'success' && keptOffline(q.queryKey) && now - q.state.dataUpdatedAt <= bounds.maxAgeMs)
    .map(firstPageOnly)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: Q[] = [];
  let chars = 0;
  for (const query of candidates) {
    if (kept.length >= bounds.maxQueries) break;
    const size = JSON.stringify(query.state.data ?? null).length;
    if (chars + size > bounds.maxChars) continue;
    chars += size;
    kept.push(query);
  }
  return kept;
}

/**
 * What is kept after a save: the answers in memory, and those kept before that memory does not
 * hold (a page that saved a moment before this one was opened, in this tab or another), the
 * newer of the two when both have one.
 */
export function mergeKept<Q extends KeptQuery>(stored: readonly Q[], current: readonly Q[]): Q[] {
  const byHash = new Map(stored.map((q) => [q.queryHash, q]));
  for (const query of current) {
    const before = byHash.get(query.queryHash);
    if (!before || (query.state.status === 'success' && query.state.dataUpdatedAt >= before.state.dataUpdatedAt))
      byHash.set(query.queryHash, query);
  }
  return [...byHash.values()];
}
