import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

/** Closes every open report of a target: `resolved` (handled) or `dismissed` (nothing wrong). */
export async function closeReports(reportIds: string[], status: 'resolved' | 'dismissed'): Promise<void> {
  const { error } = await supabase.from('reports').update({ status }).in('id', reportIds).eq('status', 'open');
  if (error) throw error;
}

/** Resolves or dismisses a target's reports; says so, and the queue refetches (the group leaves it). */
export function useCloseReports(reportIds: string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'resolved' | 'dismissed') => closeReports(reportIds, status),
    onSuccess: (_, status) => {
      toast.success(status === 'resolved' ? 'Reports resolved' : 'Reports dismissed');
      return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}
