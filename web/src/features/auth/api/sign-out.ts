import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}

/** Signs out and says so; lib/auth clears the private data and goes to Explore. */
export function useSignOut() {
  return useMutation({ mutationFn: signOut, onSuccess: () => toast.success('Signed out') });
}
