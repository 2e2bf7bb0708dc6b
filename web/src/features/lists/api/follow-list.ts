import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

export async function followList(userId: string, listId: string, follow: boolean): Promise<void> {
  const { error } = follow
    ? await supabase.from('list_follows').insert({ user_id: userId, list_id: listId })
    : await supabase.from('list_follows').delete().eq('user_id', userId).eq('list_id', listId);
  if (error && error.code !== '23505') throw error;
}

export function useFollowList(userId: string, listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => followList(userId, listId, follow),
    meta: { errorTable: 'list_follows' },
    onSuccess: (_data, follow) => {
      toast.success(follow ? 'Following this list' : 'Unfollowed');
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
