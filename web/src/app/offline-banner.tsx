import { WifiOff } from 'lucide-react';
import { useOnline } from '@/hooks/use-online';
import { useAuth } from '@/lib/auth';
import { offlineCause } from '@/lib/reachability';

/**
 * Says, while the server cannot be reached, what still works: what the member opened is kept on
 * the device (decision 230), searching needs the network. Worded by what the device says, so it
 * stays true when only the server is down (decision 390). Gone as soon as the server answers.
 */
export function OfflineBanner() {
  const isOnline = useOnline();
  const { user } = useAuth();
  const why = offlineCause() === 'device' ? 'You are offline.' : 'We can’t reach Pinstar right now.';
  return (
    <div role="status">
      {isOnline ? null : (
        <p className="flex items-center justify-center gap-2 border-b border-amber-100 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {why}{' '}
          {user
            ? 'Starred places and your lists are available; new searches are not.'
            : 'Places you have opened are available; new searches are not.'}
        </p>
      )}
    </div>
  );
}
