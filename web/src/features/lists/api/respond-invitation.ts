import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

/** The invited member accepts (sets accepted_at) or declines (removes the invitation). */
export async function respondInvitation(userId: string, listId: string, accept: boolean): Promise<void> {
  const query = supabase.from('list_members');
  const { error } = accept
    ? await query.update({ accepted_at: new Date().toISOString() }).eq('list_id', listId).eq('user_id', userId)
    : await query.delete().eq('list_id', listId).eq('user_id', userId);
  if (error) throw error;
}

export function useRespondInvitation(userId: string, listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) => respondInvitation(userId, listId, accept),
    meta: { errorTable: 'list_members' },
    onSuccess: (_data, accept) => {
      toast.success(accept ? 'You joined the list' : 'Invitation declined');
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
