import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useNewItems } from '@/hooks/use-new-items';
import type { Place } from '@/lib/places';
import { photoKeys, placeKeys, reviewKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

interface ChangePayload {
  table?: string;
  record?: { author_id?: string | null; rating_count?: number | null } | null;
}

/**
 * The place's private topic `place:<id>`: review, photo and place changes broadcast by database
 * triggers, and presence ("N people here now"). Others' new reviews are counted for the pill
 * instead of being inserted under the reader's eyes, and the mean, count and histogram wait
 * with them: the header and the list change together when the reader shows the new reviews
 * (decision 244) — or when the list is read again by itself (decision 394). Over an empty list
 * there is nothing to keep in place: the review shows at once. Every other change (an edit, a
 * deletion, the reader's own review) refreshes the list and the figures at once; a suggested
 * edit made or decided refreshes the history.
 */
export function usePlaceChannel(placeId: string, userId: string | null) {
  const queryClient = useQueryClient();
  const [present, setPresent] = useState(0);
  const refreshStats = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: placeKeys.detail(placeId) });
    void queryClient.invalidateQueries({ queryKey: placeKeys.histogram(placeId) });
  }, [queryClient, placeId]);
  const pill = useNewItems(reviewKeys.place(placeId), refreshStats);
  const fromSomeoneElse = useEffectEvent((authorId: string | null | undefined) => authorId !== userId);
  const arrived = useEffectEvent(() => startTransition(pill.arrived));
  const nothingWaiting = useEffectEvent(() => pill.count === 0);
  // No review on screen yet (none loaded, or the place had none): nothing moves if one appears.
  const listEmpty = useEffectEvent(() =>
    queryClient
      .getQueriesData<InfiniteData<{ total: number }>>({ queryKey: reviewKeys.place(placeId) })
      .every(([, data]) => (data?.pages[0]?.total ?? 0) === 0),
  );
  /**
   * A review written while the topic was not joined (between the page's read and its first join,
   * or while the socket reconnected) was announced to no one here. On each join the place's
   * review count is read again, one column of one row, and what the page shows and the pill
   * already holds is taken from it: reviews more are counted for the pill as if announced, and
   * fewer (a review deleted or hidden meanwhile) read the list and the figures again. The join
   * comes after the page is on screen, so its first paint asks for nothing more (decision 454).
   */
  const catchUp = useEffectEvent(async () => {
    if (!queryClient.getQueryData<Place | null>(placeKeys.detail(placeId))) return; // the page's own read is current
    const { data, error } = await supabase.from('places').select('rating_count').eq('id', placeId).maybeSingle();
    const shown = queryClient.getQueryData<Place | null>(placeKeys.detail(placeId));
    if (error || !data || !shown) return;
    const missed = data.rating_count - shown.rating_count - pill.count;
    if (missed > 0 && !listEmpty()) for (let i = 0; i < missed; i++) arrived();
    else if (missed !== 0) {
      refreshStats();
      void queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) });
    }
  });

  useEffect(() => {
    const subscribe = (topic: RealtimeChannel) =>
      topic
        // Both counts re-render the whole page (the header and the sections under it): as
        // transitions, rendered in slices that leave the browser free for input (decision 276).
        .on('presence', { event: 'sync' }, () => {
          const count = Object.keys(topic.presenceState()).length;
          startTransition(() => setPresent(count));
        })
        .on('broadcast', { event: 'INSERT' }, ({ payload }: { payload: ChangePayload }) => {
          // New photos join the gallery with the new reviews: at once when none waits behind the pill.
          if (payload.table === 'review_photos' && nothingWaiting())
            void queryClient.invalidateQueries({ queryKey: photoKeys.place(placeId) });
          if (payload.table !== 'reviews') return;
          if (fromSomeoneElse(payload.record?.author_id) && !listEmpty()) arrived();
          else {
            refreshStats();
            void queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) });
          }
        })
        .on('broadcast', { event: 'UPDATE' }, ({ payload }: { payload: ChangePayload }) => {
          if (payload.table === 'places') {
            // A changed review count comes with a review's own event (held for the pill, or
            // refreshed with the list); an edit of the place itself shows at once.
            const shown = queryClient.getQueryData<Place | null>(placeKeys.detail(placeId));
            if (!shown || payload.record?.rating_count === shown.rating_count) refreshStats();
          } else if (payload.table === 'review_photos') void queryClient.invalidateQueries({ queryKey: photoKeys.place(placeId) });
          else {
            refreshStats();
            void queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) });
          }
        })
        // A suggestion made, decided or withdrawn (decision 322): the history, and the place if it changed.
        .on('broadcast', { event: 'place_edit' }, () => {
          void queryClient.invalidateQueries({ queryKey: placeKeys.edits(placeId) });
          refreshStats();
        })
        .on('broadcast', { event: 'DELETE' }, () => {
          refreshStats();
          void queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) });
          void queryClient.invalidateQueries({ queryKey: photoKeys.place(placeId) });
        })
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          void topic.track({ since: new Date().toISOString() });
          void catchUp();
        });
    // Joined in a task of its own, not in the commit that shows the page: opening the socket and
    // the channel is a few milliseconds a phone's main thread would add to that long task.
    let channel: RealtimeChannel | null = null;
    const join = setTimeout(() => {
      channel = supabase.channel(`place:${placeId}`, { config: { private: true, presence: { key: crypto.randomUUID() } } });
      subscribe(channel);
    }, 0);
    return () => {
      clearTimeout(join);
      if (channel) void supabase.removeChannel(channel);
    };
  }, [placeId, queryClient, refreshStats]);

  const showNewReviews = () => {
    pill.reset();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: placeKeys.detail(placeId) }),
      queryClient.invalidateQueries({ queryKey: placeKeys.histogram(placeId) }),
      queryClient.invalidateQueries({ queryKey: photoKeys.place(placeId) }),
      queryClient.resetQueries({ queryKey: reviewKeys.place(placeId) }),
    ]);
  };
  return { present, newReviews: pill.count, showNewReviews };
}
