import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { uploadWithProgress } from '@/lib/upload';

/**
 * Avatars live at `avatars/<uid>/avatar-<time>.webp`: a new name per upload so caches never
 * show the old picture, and the previous file is removed once the profile points at the new one.
 */
export async function replaceAvatar(
  userId: string,
  previousPath: string | null,
  image: Blob,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const path = `${userId}/avatar-${Date.now()}.webp`;
  await uploadWithProgress({ bucket: 'avatars', path, body: image, onProgress });
  const { error } = await supabase.from('profiles').update({ avatar_path: path }).eq('id', userId);
  if (error) {
    await supabase.storage.from('avatars').remove([path]);
    throw error;
  }
  if (previousPath) await supabase.storage.from('avatars').remove([previousPath]);
  return path;
}

export async function removeAvatar(userId: string, path: string): Promise<void> {
  const { error } = await supabase.from('profiles').update({ avatar_path: null }).eq('id', userId);
  if (error) throw error;
  const removed = await supabase.storage.from('avatars').remove([path]);
  if (removed.error) throw removed.error;
}

/** Uploads a new picture (progress to `onProgress`) and says so; the member's profile refetches. */
export function useReplaceAvatar(userId: string, previousPath: string | null, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => replaceAvatar(userId, previousPath, image, onProgress),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.mine(userId) });
      toast.success('Profile photo updated');
    },
  });
}

export function useRemoveAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => removeAvatar(userId, path),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.mine(userId) });
      toast.success('Profile photo removed');
    },
  });
}
