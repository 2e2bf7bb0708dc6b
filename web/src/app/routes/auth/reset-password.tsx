import { AuthCard, ResetPasswordPanel } from '@/features/auth';

export function ResetPasswordRoute() {
  return (
    <>
      <title>Set a new password · Pinstar</title>
      <AuthCard title="Set a new password" description="Choose a password you don’t use anywhere else.">
        <ResetPasswordPanel />
      </AuthCard>
    </>
  );
}
