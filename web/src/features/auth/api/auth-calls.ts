import { expectPasswordUpdate, expectSignIn } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import type { ForgotPasswordInput, SignInInput, SignUpInput } from '../schemas';

/** Where mailed links come back to; must be in the project's allowed redirect URLs. */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export async function signIn(input: SignInInput): Promise<void> {
  expectSignIn();
  const { error } = await supabase.auth.signInWithPassword(input);
  if (error) throw error;
}

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

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(input.email, { redirectTo: appUrl(paths.resetPassword()) });
  if (error) throw error;
}

export async function updatePassword(password: string): Promise<void> {
  expectPasswordUpdate();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
