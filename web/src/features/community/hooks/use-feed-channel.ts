import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNewItems } from '@/hooks/use-new-items';
import { feedKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

interface FeedAnnouncement {
  kind?: string;
  author_id?: string;
}

/**
 * The members-only topic `feed`: new reviews and places announced with their author. Those by
 * people the member follows are counted for the "N new" pill; nothing moves until asked — or
 * until the feed is read again by itself (decision 394). Over an empty feed there is nothing to
 * keep in place, so a post shows at once instead of a pill over "Nothing here yet".
 */
export function useFeedChannel(userId: string, followed: ReadonlySet<string>) {
  const queryClient = useQueryClient();
  const listKey = feedKeys.list(userId, 'following');
  const pill = useNewItems(listKey);
  const isFollowed = useEffectEvent((author: string | undefined) => author !== undefined && followed.has(author));
  const announce = useEffectEvent(() => {
    const shown = queryClient.getQueriesData<InfiniteData<unknown[]>>({ queryKey: listKey });
    if (shown.every(([, data]) => (data?.pages[0]?.length ?? 0) === 0)) void queryClient.invalidateQueries({ queryKey: listKey });
    else pill.arrived();
  });
  useEffect(() => {
    const channel = supabase.channel('feed', { config: { private: true } });
    channel
      .on('broadcast', { event: 'feed_item' }, ({ payload }: { payload: FeedAnnouncement }) => {
        if (isFollowed(payload.author_id)) announce();
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, []);
  return { fresh: pill.count, reset: pill.reset };
}
