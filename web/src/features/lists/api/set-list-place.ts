import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { listKeys, listMutationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export async function setListPlace(userId: string, listId: string, placeId: string, saved: boolean): Promise<void> {
  const { error } = saved
    ? await supabase.from('list_places').insert({ list_id: listId, place_id: placeId, added_by: userId })
    : await supabase.from('list_places').delete().eq('list_id', listId).eq('place_id', placeId);
  if (error && error.code !== '23505') throw error;
}

export interface SetListPlaceInput {
  listId: string;
  saved: boolean;
}

/** Puts a place on a list or takes it off, optimistically (the picker's checkbox flips at once). */
export function useSetListPlace(userId: string, placeId: string) {
  const queryClient = useQueryClient();
  const key = listKeys.forPlace(userId, placeId);
  return useMutation({
    mutationKey: listMutationKeys.setPlace(userId, placeId),
    mutationFn: ({ listId, saved }: SetListPlaceInput) => setListPlace(userId, listId, placeId, saved),
    meta: { errorTable: 'list_places' },
    onMutate: async ({ listId, saved }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (old = []) =>
        saved ? [...old.filter((id) => id !== listId), listId] : old.filter((id) => id !== listId),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: (_data, _error, { listId }) => {
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
    },
  });
}

/**
 * What the member last asked for each list, while the write is in flight: a click shows at once,
 * although the optimistic update of the cache comes a tick later (it first cancels a fetch in
 * flight) and a controlled checkbox would snap back until then.
 */
export function usePendingListPlaces(userId: string, placeId: string): Map<string, boolean> {
  const pending = useMutationState({
    filters: { mutationKey: listMutationKeys.setPlace(userId, placeId), status: 'pending' },
    select: (mutation) => mutation.state.variables as SetListPlaceInput,
  });
  // in the order they were asked: the latest click on a list wins
  return new Map(pending.map(({ listId, saved }) => [listId, saved]));
}
