import { queryOptions } from '@tanstack/react-query';
import { placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export interface HistogramBar {
  rating: number;
  count: number;
}

/** `place_rating_histogram`: visible reviews per star, 1 to 5. */
export function histogramQuery(id: string) {
  return queryOptions({
    queryKey: placeKeys.histogram(id),
    queryFn: async (): Promise<HistogramBar[]> => {
      const { data, error } = await supabase.rpc('place_rating_histogram', { place_id: id });
      if (error) throw error;
      return data;
    },
  });
}
