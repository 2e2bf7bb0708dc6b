import { queryOptions } from '@tanstack/react-query';
import type { Place } from '@/lib/places';
import { placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { takeEarlyPlace } from './early-place';

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
