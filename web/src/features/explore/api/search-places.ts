import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Place } from '@/lib/places';
import { placeKeys } from '@/lib/query-keys';
import { readSignal, supabase } from '@/lib/supabase';

/** `search_places`: full text and trigram match, best first (at most 50), open now only if asked; its rows carry no cover photo. */
export function searchPlacesQuery(q: string, openNow = false) {
  const term = q.trim();
  return queryOptions({
    queryKey: [...placeKeys.search(term), openNow] as const,
    queryFn: async ({ signal }): Promise<Place[]> => {
      const { data, error } = await supabase
        .rpc('search_places', { q: term, max_results: 50, open_now: openNow })
        .abortSignal(readSignal(signal));
      if (error) throw error;
      return data.map(({ rank: _rank, ...place }) => ({ ...place, cover_photo_path: null, cover_photo_thumbhash: null }));
    },
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}
