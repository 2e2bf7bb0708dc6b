import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { UserRole } from '../schemas';

/** `set_role`: admins only; the database refuses to remove the last admin (P0001). */
export async function setRole(userId: string, role: UserRole): Promise<void> {
  const { error } = await supabase.rpc('set_role', { user_id: userId, role });
  if (error) throw error;
}

/** Changes a member's role; the member list and the log refetch. Errors go to the dialog. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: UserRole }) => setRole(userId, role),
    meta: { errorToast: false },
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.logAll });
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}
