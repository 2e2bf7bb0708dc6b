import { AuthCard, ConfirmLinkPanel } from '@/features/auth';

/** Where every mailed link lands (supabase/templates/*.html): verified here, in any browser. */
export function ConfirmRoute() {
  return (
    <>
      <title>Opening your link · Pinstar</title>
      <AuthCard title="Opening your link" description="One moment while we check the link from your email.">
        <ConfirmLinkPanel />
      </AuthCard>
    </>
  );
}
