import { Link } from 'react-router';
import { AuthCard, SignUpForm } from '@/features/auth';
import { ProviderButtons } from '@/features/security';
import { GuestOnly } from '@/lib/auth';
import { paths } from '@/lib/paths';

export function SignUpRoute() {
  return (
    <GuestOnly>
      <title>Create an account · Pinstar</title>
      <AuthCard
        title="Create an account"
        description="Pin places you love, write reviews, and keep a list of places to try."
        footer={
          <p>
            Already a member?{' '}
            <Link to={paths.signIn()} className="font-medium text-brand-700 underline underline-offset-4">
              Sign in
            </Link>
          </p>
        }
      >
        <div className="space-y-6">
          <ProviderButtons next={null} />
          <SignUpForm />
        </div>
      </AuthCard>
    </GuestOnly>
  );
}
