import { queryOptions } from '@tanstack/react-query';
import { placeKeys } from '@/lib/query-keys';
import { readSignal, supabase } from '@/lib/supabase';

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
    queryFn: async ({ signal }): Promise<HistogramBar[]> => {
      const { data, error } = await supabase.rpc('place_rating_histogram', { place_id: id }).abortSignal(readSignal(signal));
      if (error?.code === 'P0002') return [];
      if (error) throw error;
      return data;
    },
  });
}
