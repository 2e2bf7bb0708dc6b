import { useMutation } from '@tanstack/react-query';
import { expectSignIn } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import type { SignUpInput } from '../schemas';
import { appUrl } from './app-url';

/** Returns true when a session started at once (confirmations off), false when a mail was sent. */
export async function signUp(input: SignUpInput): Promise<boolean> {
  expectSignIn();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { display_name: input.displayName }, emailRedirectTo: appUrl(paths.signIn({ confirmed: true })) },
  });
  if (error) throw error;
  // With confirmations on, an already-registered email answers with an obfuscated user
  // (no identities) rather than an error, so as not to reveal who has an account.
  return data.session !== null;
}

/** Creates the account; resolves to whether a session started at once. Errors go to the form. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { errorToast: false } });
}
