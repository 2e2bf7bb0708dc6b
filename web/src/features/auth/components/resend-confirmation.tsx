import { Button } from '@/components/ui/button';
import { resentWords, useResendConfirmation } from '../api/resend-confirmation';

/** "Resend the link" for an unconfirmed email; says what happened in words true either way. */
export function ResendConfirmation({ email }: { email: string }) {
  const resend = useResendConfirmation(email);
  if (resend.isSuccess) return <p className="text-sm text-slate-700">{resentWords(email)}</p>;
  return (
    <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
      Resend confirmation link
    </Button>
  );
}
