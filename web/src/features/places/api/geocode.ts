import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { geoKeys } from '@/lib/query-keys';
import { appGeocoder, type GeocodeAnswer } from '../geocoder';

const geocoder = appGeocoder();

/** What the app's geocoder finds for the words (two characters at least): places, addresses, cities. */
export function geocodeQuery(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: geoKeys.lookup(term),
    queryFn: ({ signal }): Promise<GeocodeAnswer> => geocoder.search(term, { signal }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
