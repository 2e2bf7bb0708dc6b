import { queryOptions } from '@tanstack/react-query';
import { followKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Everyone the member follows (ids), for the feed's live filter and its empty state. */
export function followingIdsQuery(userId: string) {
  return queryOptions({
    queryKey: [...followKeys.all, 'following-ids', userId],
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await supabase.from('follows').select('followee_id').eq('follower_id', userId).limit(1000);
      if (error) throw error;
      return data.map((row) => row.followee_id);
    },
  });
}
