import { useMutation } from '@tanstack/react-query';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import type { ForgotPasswordInput } from '../schemas';
import { appUrl } from './app-url';

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(input.email, { redirectTo: appUrl(paths.resetPassword()) });
  if (error) throw error;
}

/** Mails a recovery link that lands on the reset-password page. Errors go to the form. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { errorToast: false } });
}
