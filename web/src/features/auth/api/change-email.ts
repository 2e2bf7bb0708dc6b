import { emailChangeMarker } from '@/lib/auth-redirect';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';

/**
 * Starts an email change; the confirmation links come back to the account settings, marked so
 * the landing knows a PKCE `?code=` there completes an email change.
 */
export async function changeEmail(email: string): Promise<void> {
  const emailRedirectTo = new URL(paths.settings({ [emailChangeMarker]: 'confirmed' }), window.location.origin).toString();
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo });
  if (error) throw error;
}
