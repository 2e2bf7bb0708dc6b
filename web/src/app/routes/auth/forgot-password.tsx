import { Link } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '@/features/auth';
import { paths } from '@/lib/paths';

export function ForgotPasswordRoute() {
  return (
    <>
      <title>Forgot password · Pinstar</title>
      <AuthCard
        title="Forgot your password?"
        description="Enter your email and we’ll send you a link to set a new one."
        footer={
          <p>
            <Link to={paths.signIn()} className="font-medium text-brand-700 underline underline-offset-4">
              Back to sign in
            </Link>
          </p>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
