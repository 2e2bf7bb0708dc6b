import { Link, useSearchParams } from 'react-router';
import { AuthCard, SignInForm } from '@/features/auth';
import { PasskeySignIn, ProviderButtons, SignInCodePrompt } from '@/features/security';
import { GuestOnly, useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

export function SignInRoute() {
  const [params] = useSearchParams();
  const { needsCode } = useAuth();
  const signUpHref = paths.signUp({ next: params.get('next') });
  return (
    <GuestOnly>
      <title>Sign in · Pinstar</title>
      <AuthCard
        title="Sign in"
        description={params.get('confirmed') ? 'Your email is confirmed. Sign in to continue.' : 'Welcome back to Pinstar.'}
        footer={
          <p>
            New here?{' '}
            <Link to={signUpHref} className="font-medium text-brand-700 underline underline-offset-4">
              Create an account
            </Link>
          </p>
        }
      >
        {needsCode ? (
          <SignInCodePrompt />
        ) : (
          <div className="space-y-6">
            <div className="space-y-2">
              <PasskeySignIn />
              <ProviderButtons next={params.get('next')} />
            </div>
            <SignInForm />
          </div>
        )}
      </AuthCard>
    </GuestOnly>
  );
}
