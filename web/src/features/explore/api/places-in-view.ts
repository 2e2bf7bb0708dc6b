import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { placeCardColumns, type PlaceCardData, type PlaceCategory } from '@/lib/places';
import { placeKeys } from '@/lib/query-keys';
import { readSignal, supabase } from '@/lib/supabase';

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface ViewFilters {
  category: PlaceCategory | null;
  minRating: number | null;
  starredOnly: boolean;
  openNow: boolean;
}

/** Rounded so that tiny pans reuse the cache; a viewport is never more precise than ~100 m. */
function roundBounds(b: Bounds): Bounds {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { south: r(b.south), west: r(b.west), north: r(b.north), east: r(b.east) };
}

/**
 * `places_in_view`: at most 500 places in the map's viewport, the most reviewed first (open now
 * only, if asked), with what their cards and pins show. Nothing is asked while the viewport is
 * not known (null).
 */
export function placesInViewQuery(bounds: Bounds | null, filters: ViewFilters) {
  const b = bounds && roundBounds(bounds);
  const read = async (view: Bounds, signal: AbortSignal): Promise<PlaceCardData[]> => {
    const { data, error } = await supabase
      .rpc('places_in_view', {
        min_lat: Math.max(-90, view.south),
        min_lng: view.west,
        max_lat: Math.min(90, view.north),
        max_lng: view.east,
        category: filters.category ?? undefined,
        min_rating: filters.minRating ?? undefined,
        starred_only: filters.starredOnly,
        open_now: filters.openNow,
        max_results: 500,
      })
      .select(placeCardColumns)
      .abortSignal(readSignal(signal));
    if (error) throw error;
    return data;
  };
  return queryOptions({
    queryKey: placeKeys.inView(b && { ...b, ...filters }),
    queryFn: b ? ({ signal }) => read(b, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
