import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useAddSecurityKey, useStartTotpEnrolment, useVerifiedFactors, type PendingTotp } from '../api/factors';
import { usePasskeysAvailable } from '../api/passkeys';
import { FactorList } from './factor-list';
import { RemoveFactor, type Removal } from './remove-factor';
import { TotpEnrolment } from './totp-enrolment';

/** What two-factor means for the member's role (moderation needs aal2 once a factor exists; decision 183). */
function roleRule(role: string | undefined, enrolled: boolean): string | null {
  if (role !== 'moderator' && role !== 'admin') return null;
  const who = role === 'admin' ? 'an admin' : 'a moderator';
  const acts = role === 'admin' ? 'moderate or change roles' : 'moderate';
  return enrolled
    ? `As ${who}, you ${acts} only in a session where you entered a code or used your key: a password alone is refused.`
    : `As ${who}, once two-factor is on you ${acts} only after entering a code or using your key at sign-in.`;
}

/** With one second factor, what losing it means, and what to add as a backup. */
function singleWarning(kind: string): string {
  return kind === 'webauthn'
    ? 'You have one security key. If you lose it, you can’t sign in: add a second one, or an authenticator app, as a backup.'
    : 'You have one authenticator app. If you lose it, you can’t sign in: add a second one as a backup.';
}

/**
 * Settings → Security, two-factor sign-in (decisions 183, 393): authenticator apps (a QR code and a
 * typed code) and security keys or this device's own authenticator, side by side; either one
 * completes a sign-in. With one factor, a backup is offered; removing one asks first.
 */
export function TwoFactorSettings({ userId, role }: { userId: string; role?: string }) {
  const factors = useVerifiedFactors(userId);
  const start = useStartTotpEnrolment();
  const addKey = useAddSecurityKey(userId);
  const { data: webauthn = false } = usePasskeysAvailable();
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);

  if (factors.isPending) return <Skeleton className="h-20 w-full" />;
  if (factors.error) return <FormError>{describeError(factors.error).message}</FormError>;
  const all = factors.data;
  const apps = all.filter((f) => f.factor_type === 'totp');
  const keys = all.filter((f) => f.factor_type === 'webauthn');
  const rule = roleRule(role, all.length > 0);
  const only = all.length === 1 ? all[0] : undefined;

  if (pending) return <TotpEnrolment userId={userId} pending={pending} backup={all.length > 0} onDone={() => setPending(null)} />;

  const enrol = () => {
    setError(null);
    start.mutateAsync().then(setPending, (caught: unknown) => setError(describeError(caught).message));
  };
  const appLabel =
    all.length === 0
      ? 'Enable two-factor'
      : apps.length === 0
        ? 'Add an authenticator app'
        : only
          ? 'Add a backup authenticator'
          : 'Add another authenticator';
  const onRemove = (factor: Removal['factor'], name: string) => setRemoval({ factor, name });

  return (
    <div className="space-y-3">
      {rule ? <p className="text-sm text-slate-700">{rule}</p> : null}
      {all.length === 0 ? (
        <p className="text-sm text-slate-700">Add a code from an authenticator app, or a security key, to every sign-in.</p>
      ) : null}
      <FactorList factors={apps} label="Authenticator apps" fallbackName="Authenticator app" busy={removal !== null} onRemove={onRemove} />
      <FactorList factors={keys} label="Security keys" fallbackName="Security key" busy={removal !== null} onRemove={onRemove} />
      {only ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{singleWarning(only.factor_type)}</p>
      ) : null}
      <RemoveFactor userId={userId} removal={removal} factors={all} moderates={rule !== null} onClose={() => setRemoval(null)} />
      <FormError>{error}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button disabled={start.isPending || addKey.isPending} variant={all.length === 0 ? 'primary' : 'secondary'} onClick={enrol}>
          {appLabel}
        </Button>
        {webauthn ? (
          <Button
            variant="secondary"
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
