import { useMutation } from '@tanstack/react-query';
import { expectPasswordUpdate } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

/** The new password and, in settings, the current one (the server asks for it, decision 192). */
export async function updatePassword({ password, current }: { password: string; current?: string }): Promise<void> {
  expectPasswordUpdate();
  const { error } = await supabase.auth.updateUser(current ? { password, current_password: current } : { password });
  if (error) throw error;
}

/**
 * Sets a new password (after a recovery link, or in settings); lib/auth says so on the
 * USER_UPDATED that follows. Errors go to the form.
 */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, meta: { errorToast: false } });
}
