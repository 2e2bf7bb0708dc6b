import { queryOptions } from '@tanstack/react-query';
import { profileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { profileRow, type Profile } from './profile-row';

/** The shape every username has (as the database's check says); anything else was never a member. */
const usernameShape = /^[A-Za-z0-9_]{3,24}$/;

export const profileColumns = 'id, username, display_name, bio, avatar_path, role, created_at';

async function getProfile(filter: { id: string } | { username: string }): Promise<Profile | null> {
  const query = supabase.from('profiles').select(profileColumns);
  const { data, error } = await (
    'id' in filter ? query.eq('id', filter.id) : query.eq('username', filter.username.toLowerCase())
  ).maybeSingle();
  if (error) throw error;
  return data ? profileRow.parse(data) : null;
}

/** The signed-in member's own profile (header, settings); private so sign-out drops it. */
export function myProfileQuery(userId: string) {
  return queryOptions({ queryKey: profileKeys.mine(userId), queryFn: () => getProfile({ id: userId }) });
}

export function profileByUsernameQuery(username: string) {
  return queryOptions({ queryKey: profileKeys.byUsername(username), queryFn: () => getProfile({ username }) });
}

/** Whether this username belonged to a member who deleted their account (decision 193). */
export function memberLeftQuery(username: string) {
  return queryOptions({
    queryKey: profileKeys.left(username),
    queryFn: async () => {
      if (!usernameShape.test(username)) return false;
      const { data, error } = await supabase.rpc('member_left', { username: username.toLowerCase() });
      if (error) throw error;
      return data === true;
    },
  });
}

/** True when nobody else holds this username (usernames are unique case-insensitively). */
export async function isUsernameAvailable(username: string, myId: string): Promise<boolean> {
  const { data, error } = await supabase.from('profiles').select('id').eq('username', username.toLowerCase()).maybeSingle();
  if (error) throw error;
  return data === null || data.id === myId;
}
