import { queryOptions } from '@tanstack/react-query';
import { profileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ProfileInput } from '../schemas';
import { type Profile, profileRow } from './profile-row';

const columns = 'id, username, display_name, bio, avatar_path, role, created_at';

export function avatarUrl(path: string | null | undefined): string | null {
  return path ? supabase.storage.from('avatars').getPublicUrl(path).data.publicUrl : null;
}

async function getProfile(filter: { id: string } | { username: string }): Promise<Profile | null> {
  const query = supabase.from('profiles').select(columns);
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

/** True when nobody else holds this username (usernames are unique case-insensitively). */
export async function isUsernameAvailable(username: string, myId: string): Promise<boolean> {
  const { data, error } = await supabase.from('profiles').select('id').eq('username', username.toLowerCase()).maybeSingle();
  if (error) throw error;
  return data === null || data.id === myId;
}

export async function updateProfile(userId: string, input: ProfileInput): Promise<Profile> {
  const { data, error } = await supabase
    .from('profiles')
    .update({ username: input.username, display_name: input.displayName, bio: input.bio || null })
    .eq('id', userId)
    .select(columns)
    .single();
  if (error) throw error;
  return profileRow.parse(data);
}
