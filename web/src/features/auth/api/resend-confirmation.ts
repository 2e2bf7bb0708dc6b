import { useMutation } from '@tanstack/react-query';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { appUrl } from './app-url';

export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: appUrl(paths.signIn({ confirmed: true })) },
  });
  if (error) throw error;
}

export function useResendConfirmation(email: string) {
  return useMutation({
    mutationFn: () => resendConfirmation(email),
    onSuccess: () => toast.success('Confirmation link sent', { description: `Check ${email} for the new link.` }),
  });
}
