import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { ListInput } from '../schemas';

export async function createList(userId: string, input: ListInput): Promise<string> {
  const { data, error } = await supabase
    .from('lists')
    .insert({
      owner_id: userId,
      name: input.name.trim(),
      description: input.description,
      emoji: input.emoji.trim() === '' ? null : input.emoji.trim(),
      visibility: input.visibility,
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** Makes a list (at most 100 per member, the database says so); the form shows errors. */
export function useCreateList(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListInput) => createList(userId, input),
    meta: { errorToast: false, errorTable: 'lists' },
    onSuccess: (_id, input) => {
      toast.success(`List “${input.name.trim()}” created`);
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
