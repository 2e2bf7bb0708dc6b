import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useGrants, useRevokeGrant } from '../api/consent';
import { scopeWords } from './consent-panel';

/** Settings → Security: the apps that may use this account (Pinstar as an OAuth provider), each removable. */
export function ConnectedApps({ userId }: { userId: string }) {
  const grants = useGrants(userId);
  const revoke = useRevokeGrant(userId);
  if (!grants.data || grants.data.length === 0) return null;
  return (
    <div className="space-y-3">
      <h3 className="font-medium">Apps with access</h3>
      <ul aria-label="Apps with access" className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {grants.data.map((grant) => {
          const name = grant.client.name || 'An app';
          return (
            <li key={grant.client.id} className="flex items-center justify-between gap-4 p-3">
              <span className="text-sm">
                <span className="font-medium">{name}</span>
                <span className="block text-slate-600">
                  {grant.scopes.map((s) => scopeWords[s] ?? s).join(' · ')} · Since {formatShortDate(grant.granted_at)}
                </span>
              </span>
              <Button
                variant="secondary"
                aria-label={`Remove access for ${name}`}
                disabled={revoke.isPending}
                // A failure is toasted by the app's one error path (lib/query-client.ts), not here.
                onClick={() => revoke.mutate(grant.client.id, { onSuccess: () => toast.success(`${name} can no longer use your account`) })}
              >
                Remove access
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
