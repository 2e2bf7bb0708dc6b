import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export async function setListPlace(userId: string, listId: string, placeId: string, saved: boolean): Promise<void> {
  const { error } = saved
    ? await supabase.from('list_places').insert({ list_id: listId, place_id: placeId, added_by: userId })
    : await supabase.from('list_places').delete().eq('list_id', listId).eq('place_id', placeId);
  if (error && error.code !== '23505') throw error;
}

/** Puts a place on a list or takes it off, optimistically (the picker's checkbox flips at once). */
export function useSetListPlace(userId: string, placeId: string) {
  const queryClient = useQueryClient();
  const key = listKeys.forPlace(userId, placeId);
  return useMutation({
    mutationFn: ({ listId, saved }: { listId: string; saved: boolean }) => setListPlace(userId, listId, placeId, saved),
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
