import { supabase } from '@/lib/supabase';

/** Starts an email change; the confirmation link comes back to the account settings. */
export async function changeEmail(email: string): Promise<void> {
  const emailRedirectTo = new URL('/settings?email_change=confirmed', window.location.origin).toString();
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo });
  if (error) throw error;
}
