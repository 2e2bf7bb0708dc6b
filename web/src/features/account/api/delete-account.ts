import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ReviewChoice } from '../schemas';

/**
 * Deletes the account through the `delete-account` edge function (files first, then the
 * user; reviews deleted or anonymized), then forgets the now-dead session on this device.
 */
export async function deleteAccount(reviews: ReviewChoice): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: { reviews } });
  if (error) throw error;
  await supabase.auth.signOut({ scope: 'local' });
}

/** Sign-out clears the member's private data (lib/auth). Errors go to the dialog's form. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { errorToast: false } });
}
