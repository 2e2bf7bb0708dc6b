import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/lib/errors';
import { resendConfirmation } from '../api/auth-calls';

/** "Resend the link" for an unconfirmed email; says what happened either way. */
export function ResendConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const resend = async () => {
    setState('sending');
    try {
      await resendConfirmation(email);
      setState('sent');
      toast.success(`We sent a new confirmation link to ${email}.`);
    } catch (error: unknown) {
      setState('idle');
      toast.error(describeError(error).message);
    }
  };
  if (state === 'sent') return <p className="text-sm text-slate-700">A new link is on its way to {email}.</p>;
  return (
    <Button variant="secondary" onClick={() => void resend()} disabled={state === 'sending'}>
      Resend confirmation link
    </Button>
  );
}
