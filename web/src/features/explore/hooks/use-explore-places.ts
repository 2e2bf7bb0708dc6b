import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { distanceKm, type MapBounds } from '@/components/map';
import type { PlaceCardData } from '@/lib/places';
import type { starKeys } from '@/lib/query-keys';
import { placesInViewQuery } from '../api/places-in-view';
import { searchPlacesQuery } from '../api/search-places';
import type { ExploreState } from '../url-state';

/**
 * The ids of the places a member starred, for the "Starred" filter on search results: the
 * stars feature's query, passed in by the app's route (features never import each other).
 */
export type StarredIdsQuery = (userId: string) => UseQueryOptions<string[], Error, string[], ReturnType<typeof starKeys.ids>>;

function sortPlaces(places: PlaceCardData[], state: ExploreState, distances: Map<string, number>): PlaceCardData[] {
  const sorted = [...places];
  switch (state.sort) {
    case 'nearest':
      return sorted.sort((a, b) => (distances.get(a.id) ?? 0) - (distances.get(b.id) ?? 0));
    case 'top':
      return sorted.sort((a, b) => Number(b.rating_avg) - Number(a.rating_avg) || b.rating_count - a.rating_count);
    case 'new':
      return sorted.sort((a, b) => b.created_at.localeCompare(a.created_at));
    case 'reviews':
      // Search results keep their rank; the viewport comes most reviewed first already.
      return state.q ? sorted : sorted.sort((a, b) => b.rating_count - a.rating_count || Number(b.rating_avg) - Number(a.rating_avg));
  }
}

/**
 * The places Explore shows: the viewport's (`places_in_view`, filtered in SQL) or, with a
 * search, the ranked matches filtered the same way here. Sorted as asked; distances are from
 * "Near me" when known, else from the map's center.
 */
export function useExplorePlaces(
  state: ExploreState,
  /** The map's bounds; null until they are known, and nothing is asked for the viewport meanwhile. */
  bounds: MapBounds | null,
  userId: string | null,
  origin: { lat: number; lng: number },
  starredIdsQuery: StarredIdsQuery,
) {
  const searching = state.q.trim().length >= 2;
  const filters = {
    category: state.category,
    minRating: state.minRating,
    starredOnly: state.starredOnly && userId !== null,
    openNow: state.openNow,
  };
  const inView = useQuery({ ...placesInViewQuery(bounds, filters), enabled: !searching });
  const search = useQuery({ ...searchPlacesQuery(state.q, state.openNow), enabled: searching });
  const starred = useQuery({ ...starredIdsQuery(userId ?? ''), enabled: userId !== null && searching && state.starredOnly });
  const active = searching ? search : inView;
  const places = useMemo(() => {
    let list = active.data ?? [];
    if (searching) {
      const starredIds = new Set(starred.data ?? []);
      list = list.filter(
        (p) =>
          (!state.category || p.category === state.category) &&
          (!state.minRating || Number(p.rating_avg) >= state.minRating) &&
          (!filters.starredOnly || starredIds.has(p.id)),
      );
    }
    const distances = new Map(list.map((p) => [p.id, distanceKm(origin, p)]));
    return { list: sortPlaces(list, state, distances), distances };
  }, [active.data, searching, starred.data, state, filters.starredOnly, origin]);
  return { ...places, query: active, searching };
}
