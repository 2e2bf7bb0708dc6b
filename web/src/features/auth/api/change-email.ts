import { useMutation } from '@tanstack/react-query';
import { emailChangeMarker } from '@/lib/auth-redirect';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import { appUrl } from './app-url';

/**
 * Starts an email change; the confirmation links come back to the account settings, marked so
 * the landing knows a PKCE `?code=` there completes an email change.
 */
export async function changeEmail(email: string): Promise<void> {
  const emailRedirectTo = appUrl(paths.settings({ [emailChangeMarker]: 'confirmed' }));
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo });
  if (error) throw error;
}

/** Asks for the change; lib/auth tells the member to confirm it. Errors go to the form. */
export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, meta: { errorToast: false } });
}
