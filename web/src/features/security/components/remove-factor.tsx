import type { Factor } from '@supabase/supabase-js';
import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { describeError } from '@/lib/errors';
import { verifyCode, verifyWithSecurityKey } from '@/lib/mfa';
import { toast } from '@/lib/toast';
import { useRemoveFactor } from '../api/factors';
import { CodeForm } from './code-form';

export interface Removal {
  factor: Factor;
  name: string;
}

/**
 * Removing a second factor (decision 393): asked first; the last one says that two-factor goes off
 * (and, for moderators and admins, that moderation then needs only the password). GoTrue asks for
 * a session at aal2 to remove a verified factor: refused for want of it, the member proves it with
 * one of the factors they still have, and the removal goes on.
 */
export function RemoveFactor({
  userId,
  removal,
  factors,
  moderates,
  onClose,
}: {
  userId: string;
  removal: Removal | null;
  factors: Factor[];
  moderates: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveFactor(userId);
  const [proveFirst, setProveFirst] = useState<Removal | null>(null);
  // A security key that did not answer is said here, under the factors.
  const [failure, setFailure] = useState<string | null>(null);
  const last = factors.length === 1;

  const removeNow = async ({ factor, name }: Removal) => {
    setFailure(null);
    // A refusal other than the missing code is toasted by the app's one error path (lib/query-client.ts).
    const outcome = await remove.mutateAsync(factor.id).catch(() => null);
    if (!outcome) return;
    if (!outcome.removed) {
      setProveFirst({ factor, name });
      return;
    }
    setProveFirst(null);
    toast.success(
      last ? 'Two-factor sign-in is off' : `${name} removed`,
      outcome.codeDue ? { description: 'This session used it: enter a code from your other app or key to go on.' } : undefined,
    );
  };

  // A factor the member still has, to prove it's them: an app's code, else a security key.
  const app = factors.find((f) => f.factor_type === 'totp');
  const key = factors.find((f) => f.factor_type === 'webauthn');
  return (
    <>
      {proveFirst ? (
        <div className="space-y-2 rounded-md border border-slate-200 p-3">
          <p className="text-sm text-slate-700">To remove {proveFirst.name}, first show it’s you with a factor you still have.</p>
          {app ? (
            <CodeForm
              label="Authentication code"
              submitLabel="Verify and remove"
              onCode={async (code) => {
                await verifyCode(app.id, code);
                await removeNow(proveFirst);
              }}
            />
          ) : key ? (
            <Button
              onClick={() =>
                void verifyWithSecurityKey(key.id).then(
                  () => removeNow(proveFirst),
                  (error: unknown) => setFailure(describeError(error).message),
                )
              }
            >
              Use your security key and remove
            </Button>
          ) : null}
        </div>
      ) : null}
      <FormError>{failure}</FormError>
      <AlertDialog open={removal !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
        {removal ? (
          <AlertDialogContent
            title={last ? 'Turn off two-factor sign-in?' : `Remove ${removal.name}?`}
            description={
              last
                ? `It is your only second factor: without it, a password alone signs in to your account.${moderates ? ' Moderation will need only your password too.' : ''}`
                : 'It will no longer finish your sign-ins. Your other second factors keep working.'
            }
          >
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialogCancel>Keep it</AlertDialogCancel>
              <AlertDialogAction onClick={() => void removeNow(removal)}>{last ? 'Turn off two-factor' : 'Remove'}</AlertDialogAction>
            </div>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </>
  );
}
