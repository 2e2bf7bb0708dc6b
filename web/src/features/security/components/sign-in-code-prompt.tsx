import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { describeError } from '@/lib/errors';
import { verifiedFactors, verifyCode, verifyWithSecurityKey } from '@/lib/mfa';
import { privateKeyPrefix } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { CodeForm } from './code-form';

/**
 * The second step of signing in for a member with a second factor: the password (or a passkey)
 * gave an aal1 session; a security key's touch or the authenticator app's code lifts it to aal2
 * (lib/auth then treats the member as signed in). Either factor the member has will do.
 */
export function SignInCodePrompt() {
  const factors = useQuery({
    queryKey: [privateKeyPrefix, 'sign-in-factors'],
    queryFn: verifiedFactors,
    gcTime: 0,
    meta: { errorToast: false },
  });
  const [keyError, setKeyError] = useState<string | null>(null);
  const [using, setUsing] = useState(false);
  const keys = factors.data?.webauthn ?? [];
  const app = factors.data?.totp[0];
  return (
    <div className="space-y-4">
      {keys.length > 0 ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">Use your security key to finish signing in.</p>
          <FormError>{keyError}</FormError>
          {keys.map((key) => (
            <Button
              key={key.id}
              className="w-full"
              disabled={using}
              onClick={() => {
                setUsing(true);
                setKeyError(null);
                verifyWithSecurityKey(key.id)
                  .catch((caught: unknown) => setKeyError(describeError(caught).message))
                  .finally(() => setUsing(false));
              }}
            >
              {keys.length > 1 ? `Use ${key.friendly_name || 'security key'}` : 'Use your security key'}
            </Button>
          ))}
        </div>
      ) : null}
      {app || factors.isPending ? (
        <>
          <p className="text-sm text-slate-700">{keys.length > 0 ? 'Or enter' : 'Enter'} the 6-digit code from your authenticator app.</p>
          <CodeForm
            label="Authentication code"
            submitLabel="Verify"
            onCode={async (code) => {
              const factor = app ?? (await verifiedFactors()).totp[0];
              if (!factor) throw new Error('No authenticator app is set up for this account');
              await verifyCode(factor.id, code);
              // The verified session arrives as MFA_CHALLENGE_VERIFIED; lib/auth lets the member on.
            }}
          />
        </>
      ) : null}
      <Button variant="ghost" onClick={() => void supabase.auth.signOut({ scope: 'local' })}>
        Use another account
      </Button>
    </div>
  );
}
