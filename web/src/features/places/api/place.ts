import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Place } from '../schemas';
import { takeEarlyPlace } from './early-place';
import { placeKeys } from './keys';

/** One place, or null when it does not exist (or is hidden from this viewer). */
export function placeQuery(id: string) {
  return queryOptions({
    queryKey: placeKeys.detail(id),
    queryFn: async (): Promise<Place | null> => {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      // A place hidden from anon (or a failed early request) is read again with the session.
      const early = await takeEarlyPlace(id);
      if (early) return early;
      const { data, error } = await supabase.from('places').select('*').eq('id', id).maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}

export interface HistogramBar {
  rating: number;
  count: number;
}

/**
 * `place_rating_histogram`: visible reviews per star, 1 to 5. No bars when the place is gone
 * or was hidden meanwhile (404 P0002): the page itself then shows it is not there.
 */
export function histogramQuery(id: string) {
  return queryOptions({
    queryKey: placeKeys.histogram(id),
    queryFn: async (): Promise<HistogramBar[]> => {
      const { data, error } = await supabase.rpc('place_rating_histogram', { place_id: id });
      if (error?.code === 'P0002') return [];
      if (error) throw error;
      return data;
    },
  });
}
