import type { Factor } from '@supabase/supabase-js';
import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/lib/errors';
import { verifyCode } from '@/lib/mfa';
import { nextFactorName, useRemoveFactor, useStartTotpEnrolment, useVerifiedFactors, type PendingTotp } from '../api/factors';
import { CodeForm } from './code-form';
import { TotpEnrolment } from './totp-enrolment';

/** What two-factor means for the member's role (moderation needs aal2 once a factor exists; decision 183). */
function roleRule(role: string | undefined, enrolled: boolean): string | null {
  if (role !== 'moderator' && role !== 'admin') return null;
  const acts = role === 'admin' ? 'moderate or change roles' : 'moderate';
  return enrolled
    ? `As ${role === 'admin' ? 'an admin' : 'a moderator'}, you ${acts} only in a session where you entered a code: a password alone is refused.`
    : `As ${role === 'admin' ? 'an admin' : 'a moderator'}, once two-factor is on you ${acts} only after entering a code at sign-in.`;
}

/**
 * Settings → Security: two-factor sign-in with authenticator apps (decision 393). The first app
 * turns it on; a second is offered as a backup while there is only one; removing one asks first,
 * and the last one says that two-factor goes off. GoTrue asks for a session at aal2 to remove a
 * verified app: a session without it is asked for a code here first.
 */
export function TwoFactorSettings({ userId, role }: { userId: string; role?: string }) {
  const factors = useVerifiedFactors(userId);
  const start = useStartTotpEnrolment();
  const remove = useRemoveFactor(userId);
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [codeFirst, setCodeFirst] = useState<Factor | null>(null);

  if (factors.isPending) return <Skeleton className="h-20 w-full" />;
  if (factors.error) return <FormError>{describeError(factors.error).message}</FormError>;
  const verified = factors.data;
  const rule = roleRule(role, verified.length > 0);

  if (pending) return <TotpEnrolment userId={userId} pending={pending} backup={verified.length > 0} onDone={() => setPending(null)} />;

  const enrol = () => {
    setStartError(null);
    start.mutateAsync(nextFactorName(verified)).then(setPending, (error: unknown) => setStartError(describeError(error).message));
  };
  const removeNow = async (factor: Factor) => {
    try {
      const { codeDue } = await remove.mutateAsync(factor.id);
      setCodeFirst(null);
      toast.success(
        verified.length === 1 ? 'Two-factor sign-in is off' : 'Authenticator app removed',
        codeDue ? { description: 'This session used that app: enter a code from your other app to go on.' } : undefined,
      );
    } catch (error: unknown) {
      if (describeError(error).code === 'insufficient_aal') setCodeFirst(factor);
      else toast.error(describeError(error).message);
    }
  };
  const last = removing !== null && verified.length === 1;

  return (
    <div className="space-y-3">
      {rule ? <p className="text-sm text-slate-700">{rule}</p> : null}
      {verified.length === 0 ? (
        <p className="text-sm text-slate-700">Add a code from an authenticator app to every sign-in.</p>
      ) : (
        <ul aria-label="Authenticator apps" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {verified.map((factor) => (
            <li key={factor.id} className="flex items-center justify-between gap-4 p-3">
              <span className="text-sm">
                <span className="font-medium">{factor.friendly_name || 'Authenticator app'}</span>
                <span className="block text-slate-600">Added {new Date(factor.created_at).toLocaleDateString()}</span>
              </span>
              <Button variant="secondary" disabled={remove.isPending} onClick={() => setRemoving(factor)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {verified.length === 1 ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You have one authenticator app. If you lose it, you can’t sign in: add a second one as a backup.
        </p>
      ) : null}
      {codeFirst ? (
        <div className="space-y-2 rounded-md border border-slate-200 p-3">
          <p className="text-sm text-slate-700">To remove an authenticator app, first enter a code from one you still have.</p>
          <CodeForm
            label="Authentication code"
            submitLabel="Verify and remove"
            onCode={async (code) => {
              await verifyCode(codeFirst.id, code);
              await removeNow(codeFirst);
            }}
          />
        </div>
      ) : null}
      <FormError>{startError}</FormError>
      <Button disabled={start.isPending} variant={verified.length === 0 ? 'primary' : 'secondary'} onClick={enrol}>
        {verified.length === 0 ? 'Enable two-factor' : verified.length === 1 ? 'Add a backup authenticator' : 'Add another authenticator'}
      </Button>
      <AlertDialog open={removing !== null} onOpenChange={(open) => (open ? undefined : setRemoving(null))}>
        {removing ? (
          <AlertDialogContent
            title={last ? 'Turn off two-factor sign-in?' : `Remove ${removing.friendly_name || 'this authenticator app'}?`}
            description={
              last
                ? `It is your only authenticator app: without it, a password alone signs in to your account.${role === 'moderator' || role === 'admin' ? ' Moderation will need only your password too.' : ''}`
                : 'Its codes will no longer sign you in. Your other authenticator app keeps working.'
            }
          >
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialogCancel>Keep it</AlertDialogCancel>
              <AlertDialogAction onClick={() => void removeNow(removing)}>{last ? 'Turn off two-factor' : 'Remove'}</AlertDialogAction>
            </div>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </div>
  );
}
