import { Button } from '@/components/ui/button';
import { useResendConfirmation } from '../api/resend-confirmation';

/** "Resend the link" for an unconfirmed email; says what happened either way. */
export function ResendConfirmation({ email }: { email: string }) {
  const resend = useResendConfirmation(email);
  if (resend.isSuccess) return <p className="text-sm text-slate-700">A new link is on its way to {email}.</p>;
  return (
    <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
      Resend confirmation link
    </Button>
  );
}
