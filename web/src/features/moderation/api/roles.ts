import { queryOptions } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { UserRole } from '../schemas';

export interface MemberWithRole {
  id: string;
  username: string;
  display_name: string;
  role: UserRole;
}

/** "@Ben_" → "ben_": usernames are lowercase `[a-z0-9_]`. */
export function normalizeUsernameSearch(input: string): string {
  return input
    .trim()
    .replace(/^@/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '');
}

/** Members whose username starts with `search` (exact match first), at most 10. */
export function membersQuery(search: string) {
  return queryOptions({
    queryKey: moderationKeys.members(search),
    enabled: search.length > 0,
    queryFn: async (): Promise<MemberWithRole[]> => {
      // `_` is a LIKE wildcard; usernames may contain it literally.
      const pattern = `${search.replaceAll('_', '\\_')}%`;
      const { data, error } = await supabase
        .from('profiles')
        .select('id, username, display_name, role')
        .ilike('username', pattern)
        .order('username')
        .limit(10);
      if (error) throw error;
      return data.sort((a, b) => Number(b.username === search) - Number(a.username === search));
    },
  });
}
