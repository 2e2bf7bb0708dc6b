import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import type { ListEntry, OpenedList } from './open-list';
import { setListPlace } from './set-list-place';

/**
 * Takes a place off the list from its page. The row leaves at once and comes back if the
 * removal fails (the reason is a toast from the error catalogue, decision 131); the list and the
 * member's lists (their counts, the Save picker's boxes) are read again either way.
 */
export function useRemoveListEntry(userId: string, listId: string) {
  const queryClient = useQueryClient();
  const key = listKeys.detail(listId);
  return useMutation({
    mutationFn: (entry: ListEntry) => setListPlace(userId, listId, entry.place_id, false),
    meta: { errorTable: 'list_places' },
    onMutate: async (entry) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OpenedList>(key);
      queryClient.setQueryData<OpenedList>(key, (old) => (old ? { ...old, places: old.places.filter((e) => e.id !== entry.id) } : old));
      return { previous };
    },
    onError: (_error, _entry, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
