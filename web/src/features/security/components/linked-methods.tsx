import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { initialAuthRedirectError } from '@/lib/auth-redirect';
import { describeError } from '@/lib/errors';
import { openingQuery } from '@/lib/opening-url';
import { toast } from '@/lib/toast';
import { useIdentities, useUnlinkIdentity } from '../api/factors';
import { linkedMarker, offeredProviders, useEnabledProviders, useLinkProvider } from '../api/providers';

const providerNames: Record<string, string> = { email: 'Email and password', google: 'Google', github: 'GitHub', apple: 'Apple' };

/** The return from linking a method that failed (`?linked=…` with `error_code`), read once per page load. */
let linkingError = openingQuery.has(linkedMarker) ? initialAuthRedirectError : null;

/** Settings → Security: the ways this member signs in; any but the last can be unlinked, enabled providers linked. */
export function LinkedMethods({ userId }: { userId: string }) {
  const identities = useIdentities(userId);
  const unlink = useUnlinkIdentity(userId);
  const link = useLinkProvider();
  const { data: enabled = [] } = useEnabledProviders();
  const [landed] = useState(() => {
    const failed = linkingError;
    linkingError = null;
    return failed ? describeError({ code: failed.code }, { quiet: true }).message : null;
  });
  if (identities.isPending) return <Skeleton className="h-16 w-full" />;
  if (identities.error) return <FormError>{describeError(identities.error).message}</FormError>;
  const list = identities.data;
  const linkable = offeredProviders.filter((p) => enabled.includes(p.id) && !list.some((i) => i.provider === p.id));
  const error = link.error ? describeError(link.error).message : landed;
  return (
    <div className="space-y-3">
      <FormError>{error}</FormError>
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
                // A failure is toasted by the app's one error path (lib/query-client.ts), not here.
                onClick={() =>
                  unlink.mutate(identity, {
                    onSuccess: () => toast.success(`${providerNames[identity.provider] ?? identity.provider} unlinked`),
                  })
                }
              >
                Unlink
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {linkable.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {linkable.map((p) => (
            <Button key={p.id} variant="secondary" disabled={link.isPending} onClick={() => link.mutate(p.id)}>
              Link {p.label}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
