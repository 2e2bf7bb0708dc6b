import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { feedKeys } from '@/lib/query-keys';
import { readSignal, supabase } from '@/lib/supabase';

export type FeedItem = Database['public']['Functions']['member_feed']['Returns'][number];
export const feedPageSize = 20;

interface Cursor {
  created_at: string;
  id: string;
}

/**
 * The feed, newest first, keyset-paged: the people the member follows ("following"), or
 * recent well-rated reviews near a rounded position ("discover") when they follow nobody.
 */
export function feedQuery(userId: string, mode: 'following' | 'discover', near: { lat: number; lng: number } | null) {
  return infiniteQueryOptions({
    queryKey: [...feedKeys.list(userId, mode), near?.lat ?? null, near?.lng ?? null],
    initialPageParam: null as Cursor | null,
    queryFn: async ({ pageParam, signal }): Promise<FeedItem[]> => {
      const page = { before_created_at: pageParam?.created_at, before_id: pageParam?.id, max_results: feedPageSize };
      const { data, error } =
        mode === 'following'
          ? await supabase.rpc('member_feed', page).abortSignal(readSignal(signal))
          : await supabase.rpc('discover_reviews', { ...page, lat: near?.lat, lng: near?.lng }).abortSignal(readSignal(signal));
      if (error) throw error;
      return data;
    },
    getNextPageParam: (last): Cursor | null | undefined => {
      const end = last.at(-1);
      return end && last.length === feedPageSize ? { created_at: end.created_at, id: end.id } : undefined;
    },
  });
}
