import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { OpenedList } from './open-list';

/** A private copy of a list the member can read: its name, description, places and notes. */
export async function copyList(userId: string, source: OpenedList): Promise<string> {
  const created = await supabase
    .from('lists')
    .insert({
      owner_id: userId,
      name: source.list.name,
      description: source.list.description,
      emoji: source.list.emoji,
      visibility: 'private',
    })
    .select('id')
    .single();
  if (created.error) throw created.error;
  if (source.places.length > 0) {
    const { error } = await supabase.from('list_places').insert(
      source.places.map((entry) => ({
        list_id: created.data.id,
        place_id: entry.place_id,
        note: entry.note,
        position: entry.position,
        added_by: userId,
      })),
    );
    if (error) throw error;
  }
  return created.data.id;
}

export function useCopyList(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: OpenedList) => copyList(userId, source),
    meta: { errorTable: 'lists' },
    onSuccess: () => {
      toast.success('Copied to your lists');
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
