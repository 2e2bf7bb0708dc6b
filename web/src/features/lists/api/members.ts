import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ListRole } from '../schemas';

export interface ListMember {
  id: string;
  role: ListRole;
  accepted_at: string | null;
  user: { id: string; username: string; display_name: string };
}

export const listMembersKey = (listId: string) => [...listKeys.detail(listId), 'members'] as const;

export async function fetchListMembers(listId: string): Promise<ListMember[]> {
  const { data, error } = await supabase
    .from('list_members')
    .select('id, role, accepted_at, user:profiles!list_members_user_id_fkey(id, username, display_name)')
    .eq('list_id', listId)
    .order('created_at');
  if (error) throw error;
  return data as ListMember[];
}
