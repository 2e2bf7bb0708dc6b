import { useEffect, useEffectEvent, useState } from 'react';
import { supabase } from '@/lib/supabase';

interface FeedAnnouncement {
  kind?: string;
  author_id?: string;
}

/**
 * The members-only topic `feed`: new reviews and places announced with their author. Those by
 * people the member follows are counted for the "N new" pill; nothing moves until asked.
 */
export function useFeedChannel(followed: ReadonlySet<string>) {
  const [fresh, setFresh] = useState(0);
  const isFollowed = useEffectEvent((author: string | undefined) => author !== undefined && followed.has(author));
  useEffect(() => {
    const channel = supabase.channel('feed', { config: { private: true } });
    channel
      .on('broadcast', { event: 'feed_item' }, ({ payload }: { payload: FeedAnnouncement }) => {
        if (isFollowed(payload.author_id)) setFresh((n) => n + 1);
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, []);
  return { fresh, reset: () => setFresh(0) };
}
