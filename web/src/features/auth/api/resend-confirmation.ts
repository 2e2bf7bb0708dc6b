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

/**
 * Asks for a new confirmation link. The server answers alike whether it sent one or not (an
 * address already confirmed, or unknown, gets none: GoTrue's resend.go), so the words say so.
 */
export function useResendConfirmation(email: string) {
  return useMutation({
    mutationFn: () => resendConfirmation(email),
    onSuccess: () => toast.success('New link requested', { description: resentWords(email) }),
  });
}

export const resentWords = (email: string) => `If ${email} still needs confirming, a new link is on its way.`;
