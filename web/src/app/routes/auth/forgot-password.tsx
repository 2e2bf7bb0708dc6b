import { Link } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '@/features/auth';

export function ForgotPasswordRoute() {
  return (
    <>
      <title>Forgot password · Pinstar</title>
      <AuthCard
        title="Forgot your password?"
        description="Enter your email and we’ll send you a link to set a new one."
        footer={
          <p>
            <Link to="/auth/sign-in" className="font-medium text-brand-700 underline underline-offset-4">
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
