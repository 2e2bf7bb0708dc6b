import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/lib/errors';
import { useIdentities, useUnlinkIdentity } from '../api/factors';

const providerNames: Record<string, string> = { email: 'Email and password', google: 'Google', github: 'GitHub', apple: 'Apple' };

/** Settings → Security: the ways this member signs in; any but the last can be unlinked. */
export function LinkedMethods({ userId }: { userId: string }) {
  const identities = useIdentities(userId);
  const unlink = useUnlinkIdentity(userId);
  if (identities.isPending) return <Skeleton className="h-16 w-full" />;
  if (identities.error) return <FormError>{describeError(identities.error).message}</FormError>;
  const list = identities.data;
  return (
    <ul aria-label="Sign-in methods" className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {list.map((identity) => (
        <li key={identity.identity_id} className="flex items-center justify-between gap-4 p-3">
          <span className="text-sm">
            <span className="font-medium">{providerNames[identity.provider] ?? identity.provider}</span>
            {typeof identity.identity_data?.email === 'string' ? (
              <span className="block text-slate-600">{identity.identity_data.email}</span>
            ) : null}
          </span>
          {list.length > 1 ? (
            <Button
              variant="secondary"
              disabled={unlink.isPending}
              onClick={() =>
                void unlink.mutateAsync(identity).then(
                  () => toast.success(`${providerNames[identity.provider] ?? identity.provider} unlinked`),
                  (error: unknown) => toast.error(describeError(error).message),
                )
              }
            >
              Unlink
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
