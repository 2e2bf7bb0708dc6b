import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { OpenedList } from './open-list';

type Change = { note: string } | { position: number };

export async function updateListEntry(entryId: string, change: Change): Promise<void> {
  const { error } = await supabase.from('list_places').update(change).eq('id', entryId);
  if (error) throw error;
}

/**
 * Changes an entry's note or position. The list on screen changes at once (a move is one
 * row: its new position is the midpoint of its neighbours) and goes back if refused.
 */
export function useUpdateListEntry(listId: string) {
  const queryClient = useQueryClient();
  const key = listKeys.detail(listId);
  return useMutation({
    mutationFn: ({ entryId, change }: { entryId: string; change: Change }) => updateListEntry(entryId, change),
    meta: { errorTable: 'list_places' },
    onMutate: async ({ entryId, change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OpenedList>(key);
      queryClient.setQueryData<OpenedList>(key, (old) => {
        if (!old) return old;
        const places = old.places.map((e) => (e.id === entryId ? { ...e, ...change } : e));
        return { ...old, places: places.sort((a, b) => a.position - b.position) };
      });
      return { previous };
    },
    onSuccess: (_data, { change }) => {
      if ('note' in change) toast.success('Note saved');
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
