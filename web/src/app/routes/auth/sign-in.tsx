import { Link, useSearchParams } from 'react-router';
import { AuthCard, SignInForm } from '@/features/auth';
import { GuestOnly } from '@/lib/auth';

export function SignInRoute() {
  const [params] = useSearchParams();
  const signUpHref = params.get('next') ? `/auth/sign-up?next=${encodeURIComponent(params.get('next') ?? '/')}` : '/auth/sign-up';
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
        <SignInForm />
      </AuthCard>
    </GuestOnly>
  );
}
