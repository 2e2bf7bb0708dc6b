import { queryOptions } from '@tanstack/react-query';
import type { PhotoRow, StoredPhoto } from '@/lib/photos';
import { photoKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type PlacePhoto = StoredPhoto & Pick<PhotoRow, 'review_id'>;

/** The place's visible photos, newest first (the gallery). */
export function placePhotosQuery(placeId: string) {
  return queryOptions({
    queryKey: photoKeys.place(placeId),
    queryFn: async (): Promise<PlacePhoto[]> => {
      const { data, error } = await supabase
        .from('review_photos')
        .select('id, path, alt, width, height, thumbhash, review_id')
        .eq('place_id', placeId)
        .is('hidden_at', null)
        .order('created_at', { ascending: false })
        .limit(60);
      if (error) throw error;
      return data;
    },
  });
}
