import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsentPanel } from '@/features/security';
import { RequireAuth } from '@/lib/auth';

/** `/oauth/consent?authorization_id=…`: where the auth server sends a member another app asked to sign in. */
export function OAuthConsentRoute() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8">
      <title>Allow access · Pinstar</title>
      <h1 className="mb-6 text-2xl font-semibold">Allow access</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <RequireAuth fallback={<Skeleton className="h-40 w-full" />}>
          <ConsentPanel authorizationId={params.get('authorization_id') ?? ''} />
        </RequireAuth>
      </div>
    </div>
  );
}
