import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueWrite, sendOrQueue, type OutboxItem } from '@/lib/outbox/device-outbox';
import { listKeys, listMutationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

export async function setListPlace(userId: string, listId: string, placeId: string, saved: boolean): Promise<void> {
  const { error } = saved
    ? await supabase.from('list_places').insert({ list_id: listId, place_id: placeId, added_by: userId })
    : await supabase.from('list_places').delete().eq('list_id', listId).eq('place_id', placeId);
  if (error && error.code !== '23505') throw error;
}

interface QueuedListPlace {
  listId: string;
  placeId: string;
  saved: boolean;
}

/** What the outbox calls a list change, so "Waiting to send" shows beside that list's box. */
export const listPlaceSubject = (listId: string, placeId: string) => `${listId}/${placeId}`;

/** Sends a list change made offline (decision 230). */
export function sendQueuedListPlace(item: OutboxItem): Promise<void> {
  const { listId, placeId, saved } = item.payload as QueuedListPlace;
  return setListPlace(item.userId, listId, placeId, saved);
}

export interface SetListPlaceInput {
  listId: string;
  saved: boolean;
  /** For the words of a queued change: "Adding Café Lumière to Paris". */
  listName?: string;
}

/**
 * Puts a place on a list or takes it off, optimistically (the picker's checkbox flips at once).
 * Offline, or when its request finds the server out of reach, the change is queued and sent
 * when the connection returns.
 */
export function useSetListPlace(userId: string, placeId: string, placeName?: string) {
  const queryClient = useQueryClient();
  const key = listKeys.forPlace(userId, placeId);
  return useMutation({
    mutationKey: listMutationKeys.setPlace(userId, placeId),
    networkMode: 'always',
    mutationFn: async ({ listId, saved, listName }: SetListPlaceInput) => {
      const place = placeName ?? 'a place';
      const list = listName ?? 'a list';
      const label = saved ? `Adding ${place} to ${list}` : `Removing ${place} from ${list}`;
      return sendOrQueue(
        async () => {
          await setListPlace(userId, listId, placeId, saved);
          return 'sent' as const;
        },
        () =>
          queueWrite<QueuedListPlace>('list-place', {
            userId,
            subject: listPlaceSubject(listId, placeId),
            label,
            payload: { listId, placeId, saved },
          }),
      );
    },
    meta: { errorTable: 'list_places' },
    onMutate: async ({ listId, saved }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (old = []) =>
        saved ? [...old.filter((id) => id !== listId), listId] : old.filter((id) => id !== listId),
      );
      return { previous };
    },
    onSuccess: (outcome) => {
      if (outcome === 'queued') toast.info('Saved on this device', { description: 'It will be sent when the connection is back.' });
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: (outcome, _error, { listId }) => {
      if (outcome === 'queued') return;
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
    },
  });
}
