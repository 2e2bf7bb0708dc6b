import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { ProfileInput } from '../schemas';
import { profileRow, type Profile } from './profile-row';
import { profileColumns } from './profiles';

export async function updateProfile(userId: string, input: ProfileInput): Promise<Profile> {
  const { data, error } = await supabase
    .from('profiles')
    .update({ username: input.username, display_name: input.displayName, bio: input.bio || null })
    .eq('id', userId)
    .select(profileColumns)
    .single();
  if (error) throw error;
  return profileRow.parse(data);
}

/** Saves the member's profile; their own view takes the answer, public profiles refetch. Errors go to the form. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(userId, input),
    meta: { errorToast: false, errorTable: 'profiles' },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.mine(userId), saved);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success('Profile saved');
    },
  });
}
