import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

export interface DeleteSummary {
  places: number;
  notes: number;
  followers: number;
  members: number;
}

/** What deleting the list takes with it (list_delete_summary: its owner only), for the confirmation. */
export function deleteSummaryQuery(listId: string) {
  return queryOptions({
    queryKey: [...listKeys.detail(listId), 'delete-summary'] as const,
    queryFn: async (): Promise<DeleteSummary> => {
      const { data, error } = await supabase.rpc('list_delete_summary', { list_id: listId });
      if (error) throw error;
      const [summary] = data;
      return summary ?? { places: 0, notes: 0, followers: 0, members: 0 };
    },
    staleTime: 0,
  });
}

/** Deletes the list with its places, notes, members and follows; editors who have it open are told live. */
export function useDeleteList(userId: string, listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.from('lists').delete().eq('id', listId).select('id').single();
      if (error) throw error;
    },
    meta: { errorTable: 'lists' },
    onSuccess: () => {
      toast.success('List deleted');
      queryClient.removeQueries({ queryKey: listKeys.detail(listId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
