import { Link, useNavigate } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { initialAuthRedirectError } from '@/lib/auth-redirect';
import { messages } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { SetPasswordForm } from './set-password-form';

/**
 * The landing of the mailed recovery link. supabase-js has already read the link (implicit
 * `#access_token…&type=recovery` or PKCE `?code=…`, exchanged on load) and said PASSWORD_RECOVERY.
 */
export function ResetPasswordPanel() {
  const { status } = useAuth();
  const navigate = useNavigate();
  if (status === 'loading') return <Spinner label="Checking your link" />;
  // A failed link (expired, already used, or opened in another browser for PKCE) means: ask again.
  if (status === 'signed-out' || initialAuthRedirectError) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {messages.otpExpired}
        </p>
        <Link to={paths.forgotPassword()} className={buttonVariants()}>
          Ask for a new link
        </Link>
      </div>
    );
  }
  return <SetPasswordForm submitLabel="Save new password" onDone={() => void navigate(paths.explore(), { replace: true })} />;
}
