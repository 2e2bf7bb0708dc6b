import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The member's own private topic `notifications:<id>`: any new, grown or withdrawn
 * notification refreshes the bell's count and the open list.
 */
export function useNotificationsChannel(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = supabase.channel(`notifications:${userId}`, { config: { private: true } });
    channel
      .on('broadcast', { event: 'notification' }, () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
      })
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, queryClient]);
}
