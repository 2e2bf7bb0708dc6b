import { Button } from '@/components/ui/button';
import { firstVerifiedFactor, verifyCode } from '@/lib/mfa';
import { supabase } from '@/lib/supabase';
import { CodeForm } from './code-form';

/**
 * The second step of signing in for a member with an authenticator app: the password gave an
 * aal1 session, the code lifts it to aal2 (lib/auth then treats the member as signed in).
 */
export function SignInCodePrompt() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Enter the 6-digit code from your authenticator app.</p>
      <CodeForm
        label="Authentication code"
        submitLabel="Verify"
        onCode={async (code) => {
          const factor = await firstVerifiedFactor();
          if (!factor) throw new Error('No authenticator app is set up for this account');
          await verifyCode(factor.id, code);
          // The verified session arrives as MFA_CHALLENGE_VERIFIED; a refresh of the user makes
          // every listener see it as a signed-in session.
        }}
      />
      <Button variant="ghost" onClick={() => void supabase.auth.signOut({ scope: 'local' })}>
        Use another account
      </Button>
    </div>
  );
}
