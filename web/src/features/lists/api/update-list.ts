import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { ListInput } from '../schemas';

/**
 * The owner renames a list and changes its description, emoji and visibility (the database lets
 * only the owner; a list made private drops its followers and tells them, decision 323).
 */
export async function updateList(listId: string, input: ListInput): Promise<void> {
  const { error } = await supabase
    .from('lists')
    .update({
      name: input.name.trim(),
      description: input.description,
      emoji: input.emoji.trim() === '' ? null : input.emoji.trim(),
      visibility: input.visibility,
    })
    .eq('id', listId)
    .select('id')
    .single();
  if (error) throw error;
}

export function useUpdateList(userId: string, listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListInput) => updateList(listId, input),
    meta: { errorToast: false, errorTable: 'lists' },
    onSuccess: () => {
      toast.success('List saved');
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
