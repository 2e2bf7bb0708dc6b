import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { safeNextPath } from '@/lib/auth-redirect';
import { describeError, messages } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { isMailedLinkType, verifyMailedLink, type MailedLinkType } from '../api/verify-mailed-link';

/** Where each kind of link goes once verified (a recovery link: auth goes to "Set a new password" itself). */
function landing(type: MailedLinkType, next: string | null): string | null {
  if (type === 'recovery') return null;
  if (type === 'invite') return paths.resetPassword();
  if (type === 'email_change') return paths.settings();
  return safeNextPath(next);
}

/** What a failed link offers instead: a new recovery link, or the page where the member starts again. */
function retry(type: MailedLinkType | null): { to: string; label: string } {
  if (type === 'recovery') return { to: paths.forgotPassword(), label: 'Ask for a new link' };
  if (type === 'email_change') return { to: paths.settings(), label: 'Go to your settings' };
  return { to: paths.signIn(), label: 'Go to sign in' };
}

/**
 * The landing of every mailed link (`/auth/confirm?token_hash=…&type=…`, supabase/templates):
 * the link is verified here, in whichever browser opened it (decision 391), and the member goes
 * on — signed in, to "Set a new password", or back to their settings after an email change.
 */
export function ConfirmLinkPanel() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useAuth();
  const tokenHash = params.get('token_hash');
  const rawType = params.get('type');
  const type = isMailedLinkType(rawType) ? rawType : null;
  const next = params.get('next');
  const [problem, setProblem] = useState<string | null>(tokenHash && type ? null : messages.otpExpired);
  const [oneOfTwo, setOneOfTwo] = useState(false);

  useEffect(() => {
    if (!tokenHash || !type) return;
    let current = true;
    verifyMailedLink(tokenHash, type).then(
      (outcome) => {
        if (!current) return;
        if (outcome === 'one-of-two') {
          toast.info('One link confirmed', { description: 'Now open the link we sent to your other address.' });
          setOneOfTwo(true);
          return;
        }
        const to = landing(type, next);
        if (to) void navigate(to, { replace: true });
      },
      (error: unknown) => {
        if (current) setProblem(describeError(error).message);
      },
    );
    return () => {
      current = false;
    };
  }, [tokenHash, type, next, navigate]);

  // Signed in already, an email change's first link or a dead one goes back to the settings.
  const signedIn = status === 'signed-in';
  useEffect(() => {
    if (type !== 'email_change' || !signedIn || !(oneOfTwo || problem)) return;
    if (problem) toast.error(problem);
    void navigate(paths.settings(), { replace: true });
  }, [type, signedIn, oneOfTwo, problem, navigate]);

  if (oneOfTwo) {
    return (
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        One link confirmed. Now open the link we sent to your other address to finish the change.
      </p>
    );
  }
  if (problem) {
    const action = retry(type);
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
        <Link to={action.to} className={buttonVariants()}>
          {action.label}
        </Link>
      </div>
    );
  }
  return <Spinner label="Checking your link" />;
}
