import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useAddSecurityKey, useConfirmTotp, useStartTotpEnrolment, useVerifiedFactors, type PendingTotp } from '../api/factors';
import { usePasskeysAvailable } from '../api/passkeys';
import { CodeForm } from './code-form';
import { FactorList } from './factor-list';

/**
 * Settings → Security, two-factor sign-in: an authenticator app (a QR code and a typed code) and
 * security keys or this device's own authenticator, side by side; either one completes a sign-in.
 */
export function TwoFactorSettings({ userId }: { userId: string }) {
  const factors = useVerifiedFactors(userId);
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotp(userId);
  const addKey = useAddSecurityKey(userId);
  const { data: webauthn = false } = usePasskeysAvailable();
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (factors.isPending) return <Skeleton className="h-20 w-full" />;
  if (factors.error) return <FormError>{describeError(factors.error).message}</FormError>;
  const apps = factors.data.filter((f) => f.factor_type === 'totp');
  const keys = factors.data.filter((f) => f.factor_type === 'webauthn');

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
      {factors.data.length === 0 ? (
        <p className="text-sm text-slate-700">Add a code from an authenticator app, or a security key, to every sign-in.</p>
      ) : null}
      <FactorList userId={userId} factors={apps} label="Authenticator apps" fallbackName="Authenticator app" />
      <FactorList userId={userId} factors={keys} label="Security keys" fallbackName="Security key" />
      <FormError>{error}</FormError>
      <div className="flex flex-wrap gap-2">
        {apps.length === 0 ? (
          <Button
            disabled={start.isPending || addKey.isPending}
            onClick={() => {
              setError(null);
              start.mutateAsync().then(setPending, (caught: unknown) => setError(describeError(caught).message));
            }}
          >
            {factors.data.length === 0 ? 'Enable two-factor' : 'Add an authenticator app'}
          </Button>
        ) : null}
        {webauthn ? (
          <Button
            variant={factors.data.length === 0 ? 'secondary' : 'primary'}
            disabled={start.isPending || addKey.isPending}
            onClick={() => {
              setError(null);
              addKey.mutateAsync().then(
                () => toast.success('Security key added'),
                (caught: unknown) => setError(describeError(caught).message),
              );
            }}
          >
            Add a security key
          </Button>
        ) : null}
      </div>
    </div>
  );
}
