import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { listKeys, listMutationKeys } from '@/lib/query-keys';
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

/** Removes the queries under `queryKey` once no screen observes any of them. */
function forgetWhenUnobserved(queryClient: QueryClient, queryKey: QueryKey): void {
  const cache = queryClient.getQueryCache();
  const unobserved = () => cache.findAll({ queryKey }).every((query) => query.getObserversCount() === 0);
  if (unobserved()) {
    queryClient.removeQueries({ queryKey });
    return;
  }
  const stop = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || !unobserved()) return;
    stop();
    queryClient.removeQueries({ queryKey });
  });
}

/** Deletes the list with its places, notes, members and follows; editors who have it open are told live. */
export function useDeleteList(userId: string, listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // the list's channel reads it: changes the delete itself brings refresh nothing (use-list-channel.ts)
    mutationKey: listMutationKeys.delete(listId),
    mutationFn: async () => {
      const { error } = await supabase.from('lists').delete().eq('id', listId).select('id').single();
      if (error) throw error;
    },
    meta: { errorTable: 'lists' },
    onSuccess: async () => {
      toast.success('List deleted');
      // The list's page is still on screen: a query removed under it would be fetched again (a
      // 404 for the list just deleted). Nothing more is fetched for it; its cache goes once the
      // last screen showing it has closed.
      await queryClient.cancelQueries({ queryKey: listKeys.detail(listId) });
      forgetWhenUnobserved(queryClient, listKeys.detail(listId));
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
