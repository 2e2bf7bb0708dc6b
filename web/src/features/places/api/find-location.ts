import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { geoKeys, placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { City } from '../city-search';

/** The bundled gazetteer (≈ 4,500 cities, 73 KB gzipped), fetched the first time someone searches. */
export const citiesUrl = '/geo/cities.json';

export const citiesQuery = queryOptions({
  queryKey: geoKeys.cities,
  queryFn: async ({ signal }): Promise<City[]> => {
    const response = await fetch(citiesUrl, { signal });
    if (!response.ok) throw new Error(`cities: HTTP ${response.status}`);
    return (await response.json()) as City[];
  },
  staleTime: Infinity,
  gcTime: Infinity,
});

export interface PlaceMatch {
  id: string;
  name: string;
  address: string | null;
  lat: number;
  lng: number;
}

/** Pinstar's own places matching the words (`search_places`, best first): the five best. */
export function placeMatchesQuery(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: placeKeys.searchTop(term),
    queryFn: async ({ signal }): Promise<PlaceMatch[]> => {
      const { data, error } = await supabase.rpc('search_places', { q: term, max_results: 5 }).abortSignal(signal);
      if (error) throw error;
      return data.map(({ id, name, address, lat, lng }) => ({ id, name, address, lat, lng }));
    },
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}
