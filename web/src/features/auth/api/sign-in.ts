import { useMutation } from '@tanstack/react-query';
import { expectSignIn } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import type { SignInInput } from '../schemas';

export async function signIn(input: SignInInput): Promise<void> {
  expectSignIn();
  const { error } = await supabase.auth.signInWithPassword(input);
  if (error) throw error;
}

/** Signs in with email and password; lib/auth welcomes the member and follows `next`. Errors go to the form. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { errorToast: false } });
}
