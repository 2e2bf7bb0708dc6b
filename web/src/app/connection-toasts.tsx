import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';

/**
 * Says when the connection comes back after a drop; queries pause and retry meanwhile. Going
 * offline is told once, by the offline banner (`offline-banner.tsx`), which stays while it lasts
 * and says what still works.
 */
export function ConnectionToasts() {
  useEffect(() => {
    let wasOnline = onlineManager.isOnline();
    return onlineManager.subscribe((online) => {
      if (online === wasOnline) return;
      wasOnline = online;
      if (online) toast.success('You’re back online');
    });
  }, []);
  return null;
}
