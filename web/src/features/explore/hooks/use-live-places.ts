import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * New and changed places arrive on the private `places` topic (broadcast from a trigger, see
 * the realtime migration); every places query is refetched so the map and list show them.
 */
export function useLivePlaces(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = supabase.channel('places', { config: { private: true } });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: placeKeys.all });
    channel
      .on('broadcast', { event: 'INSERT' }, refresh)
      .on('broadcast', { event: 'UPDATE' }, refresh)
      .on('broadcast', { event: 'DELETE' }, refresh);
    // Opening the socket is its own task, not part of React's commit of the first render
    // (a long task on a slow phone otherwise).
    const subscribe = setTimeout(() => channel.subscribe(), 0);
    return () => {
      clearTimeout(subscribe);
      void supabase.removeChannel(channel);
    };
  }, [queryClient]);
}
