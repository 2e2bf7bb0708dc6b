import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ContentType } from '../schemas';

/** `hide_content` / `restore_content`: the database checks the role, logs and resolves reports. */
export async function moderateContent(action: 'hide' | 'restore', type: ContentType, id: string, reason: string): Promise<void> {
  const args = { target_type: type, target_id: id, reason: reason.trim() };
  const { error } = action === 'hide' ? await supabase.rpc('hide_content', args) : await supabase.rpc('restore_content', args);
  if (error) throw error;
}

/** Hide or restore with a public reason; the queue, hidden list and log refetch. Errors go to the form. */
export function useModerateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, type, id, reason }: { action: 'hide' | 'restore'; type: ContentType; id: string; reason: string }) =>
      moderateContent(action, type, id, reason),
    meta: { errorToast: false },
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.logAll });
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}
