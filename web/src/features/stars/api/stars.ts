import { queryOptions } from '@tanstack/react-query';
import type { Place } from '@/lib/places';
import { starKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The ids of the places this member starred. */
export function starredIdsQuery(userId: string) {
  return queryOptions({
    queryKey: starKeys.ids(userId),
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await supabase.from('stars').select('place_id').eq('user_id', userId);
      if (error) throw error;
      return data.map((row) => row.place_id);
    },
  });
}

/** The starred places themselves, most recently starred first. */
export function starredPlacesQuery(userId: string) {
  return queryOptions({
    queryKey: starKeys.places(userId),
    queryFn: async (): Promise<Place[]> => {
      const { data, error } = await supabase
        .from('stars')
        .select('created_at, place:places!inner(*)')
        .eq('user_id', userId)
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data.map((row) => row.place);
    },
  });
}
