import { FunctionsHttpError } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ReviewChoice } from '../schemas';

/** The function's `{ code }` (403 `insufficient_aal` without the two-factor code), for the error catalogue. */
async function functionCode(error: unknown): Promise<string | null> {
  if (!(error instanceof FunctionsHttpError)) return null;
  const body: unknown = await (error.context as Response)
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : null;
}

/** The function's 404 `user_not_found`: another call (another tab) deleted the account first. */
async function deletedAlready(error: unknown): Promise<boolean> {
  if (!(error instanceof FunctionsHttpError)) return false;
  const response = error.context as Response;
  if (response.status !== 404) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && 'code' in body && body.code === 'user_not_found';
}

/**
 * Deletes the account through the `delete-account` edge function (files first, then the
 * user; reviews deleted or anonymized), then forgets the now-dead session on this device.
 */
export async function deleteAccount(reviews: ReviewChoice): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: { reviews } });
  if (error && !(await deletedAlready(error))) {
    if ((await functionCode(error)) === 'insufficient_aal')
      throw Object.assign(new Error('insufficient_aal'), { code: 'insufficient_aal' });
    throw error;
  }
  await supabase.auth.signOut({ scope: 'local' });
}

/** Sign-out clears the member's private data (lib/auth). Errors go to the dialog's form. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { errorToast: false } });
}
