import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { initialAuthRedirectError } from '@/lib/auth-redirect';
import { describeError } from '@/lib/errors';
import { offeredProviders, useEnabledProviders, useSignInWithProvider } from '../api/providers';

/** A provider's refusal or a failed callback lands on sign-in with `error_code` (or `error`) once per page load. */
let landingError = initialAuthRedirectError;

/** "Continue with Google / GitHub / Apple" for the providers the server enables; nothing when none is. */
export function ProviderButtons({ next }: { next: string | null }) {
  const { data: enabled = [] } = useEnabledProviders();
  const signIn = useSignInWithProvider();
  const [landed] = useState(() => {
    const failed = landingError;
    landingError = null;
    return failed ? describeError({ code: failed.code }, { quiet: true }).message : null;
  });
  if (enabled.length === 0) return null;
  const error = signIn.error ? describeError(signIn.error).message : landed;
  return (
    <div className="space-y-2">
      <FormError>{error}</FormError>
      {offeredProviders
        .filter((p) => enabled.includes(p.id))
        .map((p) => (
          <Button
            key={p.id}
            variant="secondary"
            className="w-full"
            disabled={signIn.isPending}
            onClick={() => signIn.mutate({ provider: p.id, next })}
          >
            Continue with {p.label}
          </Button>
        ))}
    </div>
  );
}
