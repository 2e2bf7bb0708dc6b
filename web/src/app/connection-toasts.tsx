import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toaster';
import { messages } from '@/lib/errors';

const offlineToastId = 'connection-offline';

/** Tells the user when the connection drops and comes back; queries pause and retry meanwhile. */
export function ConnectionToasts() {
  useEffect(() => {
    let wasOnline = onlineManager.isOnline();
    return onlineManager.subscribe((online) => {
      if (online === wasOnline) return;
      wasOnline = online;
      if (online) {
        toast.dismiss(offlineToastId);
        toast.success('You’re back online');
      } else {
        toast.warning(messages.offline, { id: offlineToastId, duration: Infinity });
      }
    });
  }, []);
  return null;
}
