import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { ListRole } from '../schemas';
import { listMembersKey } from './members';

/** A username that names nobody says so under the field, like a refused insert. */
export class UnknownUsernameError extends Error {
  readonly code = 'unknown_username';
}

export async function inviteMember(userId: string, listId: string, username: string, role: ListRole): Promise<void> {
  const found = await supabase.from('profiles').select('id').eq('username', username.trim().toLowerCase()).maybeSingle();
  if (found.error) throw found.error;
  if (!found.data) throw new UnknownUsernameError(`Nobody is called @${username.trim()}.`);
  const { error } = await supabase.from('list_members').insert({ list_id: listId, user_id: found.data.id, role, invited_by: userId });
  if (error) throw error;
}

export function useInviteMember(userId: string, listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: ListRole }) => inviteMember(userId, listId, username, role),
    meta: { errorToast: false, errorTable: 'list_members' },
    onSuccess: (_data, { username }) => {
      toast.success(`Invited @${username.trim().toLowerCase()}`);
      void queryClient.invalidateQueries({ queryKey: listMembersKey(listId) });
    },
  });
}
