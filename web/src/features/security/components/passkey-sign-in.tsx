import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { describeError } from '@/lib/errors';
import { usePasskeysAvailable, useSignInWithPasskey } from '../api/passkeys';

/** "Sign in with a passkey" on the sign-in screen, when the server offers passkeys and the browser can use them. */
export function PasskeySignIn() {
  const { data: available = false } = usePasskeysAvailable();
  const signIn = useSignInWithPasskey();
  if (!available) return null;
  return (
    <div className="space-y-2">
      <FormError>{signIn.error ? describeError(signIn.error).message : null}</FormError>
      <Button variant="secondary" className="w-full" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        <KeyRound aria-hidden className="size-4" />
        Sign in with a passkey
      </Button>
    </div>
  );
}
