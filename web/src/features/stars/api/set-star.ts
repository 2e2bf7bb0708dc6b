import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueWrite, sendOrQueue, type OutboxItem } from '@/lib/outbox/device-outbox';
import { placeKeys, starKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

export async function setStar(userId: string, placeId: string, starred: boolean): Promise<void> {
  const { error } = starred
    ? await supabase
        .from('stars')
        .upsert({ user_id: userId, place_id: placeId }, { onConflict: 'user_id,place_id', ignoreDuplicates: true })
    : await supabase.from('stars').delete().eq('user_id', userId).eq('place_id', placeId);
  if (error) throw error;
}

interface QueuedStar {
  placeId: string;
  starred: boolean;
}

/** Sends a star or unstar made offline (decision 230). */
export function sendQueuedStar(item: OutboxItem): Promise<void> {
  const { placeId, starred } = item.payload as QueuedStar;
  return setStar(item.userId, placeId, starred);
}

/**
 * Stars or unstars one place optimistically: the button flips at once, and flips back (with
 * the query client's toast) if the server refuses. Offline, or when its request finds the server
 * out of reach, the change is queued and sent when the connection returns; the button keeps its
 * new state meanwhile.
 */
export function useSetStar(userId: string | null, placeId: string, placeName?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (starred: boolean) => {
      const send = async () => {
        await setStar(userId ?? '', placeId, starred);
        return 'sent' as const;
      };
      if (!userId) return send();
      const label = `${starred ? 'Your star on' : 'Unstarring'} ${placeName ?? 'a place'}`;
      return sendOrQueue(send, () => queueWrite<QueuedStar>('star', { userId, subject: placeId, label, payload: { placeId, starred } }));
    },
    meta: { errorTable: 'stars' },
    onMutate: async (starred) => {
      if (!userId) return { previous: undefined };
      const key = starKeys.ids(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (old = []) =>
        starred ? [...old.filter((id) => id !== placeId), placeId] : old.filter((id) => id !== placeId),
      );
      return { previous };
    },
    onSuccess: (outcome) => {
      if (outcome === 'queued') toast.info('Saved on this device', { description: 'It will be sent when the connection is back.' });
    },
    onError: (_error, _starred, context) => {
      if (userId) queryClient.setQueryData(starKeys.ids(userId), context?.previous);
    },
    onSettled: (outcome) => {
      // A queued change keeps its optimistic state until it is sent (then the runner refreshes).
      if (outcome === 'queued') return;
      if (userId) void queryClient.invalidateQueries({ queryKey: starKeys.all(userId) });
      void queryClient.invalidateQueries({ queryKey: placeKeys.inViewAll });
    },
  });
}
