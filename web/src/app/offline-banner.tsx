import { onlineManager } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const online = () => onlineManager.isOnline();

/**
 * Says, while the browser is offline, what still works: what the member opened is kept on the
 * device (decision 230), searching needs the network. Gone as soon as the connection returns.
 */
export function OfflineBanner() {
  const isOnline = useSyncExternalStore(subscribe, online, () => true);
  const { user } = useAuth();
  return (
    <div role="status">
      {isOnline ? null : (
        <p className="flex items-center justify-center gap-2 border-b border-amber-100 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {user
            ? 'You are offline. Starred places and your lists are available; new searches are not.'
            : 'You are offline. Places you have opened are available; new searches are not.'}
        </p>
      )}
    </div>
  );
}
