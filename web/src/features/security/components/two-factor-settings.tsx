import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useConfirmTotp, useRemoveFactor, useStartTotpEnrolment, useVerifiedFactors, type PendingTotp } from '../api/factors';
import { CodeForm } from './code-form';

/** Settings → Security: turn two-factor sign-in on with an authenticator app, list and remove apps. */
export function TwoFactorSettings({ userId }: { userId: string }) {
  const factors = useVerifiedFactors(userId);
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotp(userId);
  const remove = useRemoveFactor(userId);
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  if (factors.isPending) return <Skeleton className="h-20 w-full" />;
  if (factors.error) return <FormError>{describeError(factors.error).message}</FormError>;
  const verified = factors.data;

  if (pending) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">Scan this code with an authenticator app, then enter the 6-digit code it shows.</p>
        <img
          src={pending.qrCode}
          alt="QR code for your authenticator app"
          className="size-48 rounded border border-slate-200 bg-white p-2"
        />
        <p className="text-sm text-slate-600">
          Can’t scan? Enter this key: <code className="break-all text-slate-900">{pending.secret}</code>
        </p>
        <CodeForm
          label="Code from the app"
          submitLabel="Turn on two-factor"
          onCode={async (code) => {
            await confirm.mutateAsync({ factorId: pending.factorId, code });
            setPending(null);
            toast.success('Two-factor sign-in is on');
          }}
        />
        <Button variant="ghost" onClick={() => setPending(null)}>
          Cancel
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-3">
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
              <Button
                variant="secondary"
                disabled={remove.isPending}
                // A failure is toasted by the app's one error path (lib/query-client.ts), not here.
                onClick={() => remove.mutate(factor.id, { onSuccess: () => toast.success('Authenticator app removed') })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError>{startError}</FormError>
      {verified.length === 0 ? (
        <Button
          disabled={start.isPending}
          onClick={() => {
            setStartError(null);
            start.mutateAsync().then(setPending, (error: unknown) => setStartError(describeError(error).message));
          }}
        >
          Enable two-factor
        </Button>
      ) : null}
    </div>
  );
}
