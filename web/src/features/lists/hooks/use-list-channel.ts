import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The list's private topic `list:<id>` (its owner and members only, authorized by RLS on
 * realtime.messages): every change to its places, members or details refreshes the list,
 * and presence names who else has it open ("Ada is here"); its deletion calls `onDeleted`.
 * Others join without a channel.
 */
export function useListChannel(listId: string, me: { id: string; name: string } | null, onDeleted?: (name: string) => void) {
  const queryClient = useQueryClient();
  // the latest callback, without joining the channel again when it changes
  const deleted = useRef(onDeleted);
  useEffect(() => {
    deleted.current = onDeleted;
  });
  const [here, setHere] = useState<string[]>([]);
  const myId = me?.id ?? null;
  const myName = me?.name ?? '';

  useEffect(() => {
    if (!myId) return;
    const channel = supabase.channel(`list:${listId}`, { config: { private: true, presence: { key: myId } } });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
    channel
      .on('presence', { event: 'sync' }, () => {
        const state = channel.presenceState<{ name: string }>();
        const names = Object.entries(state)
          .filter(([key]) => key !== myId)
          .map(([, metas]) => metas[0]?.name ?? '')
          .filter((name) => name !== '');
        setHere([...new Set(names)].sort());
      })
      .on('broadcast', { event: 'INSERT' }, refresh)
      .on('broadcast', { event: 'UPDATE' }, refresh)
      .on('broadcast', { event: 'DELETE' }, refresh)
      // the owner deleted the list (decision 323): whoever has it open is told
      .on('broadcast', { event: 'list_deleted' }, ({ payload }) => deleted.current?.(String((payload as { name?: unknown }).name ?? '')))
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void channel.track({ name: myName });
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [listId, myId, myName, queryClient]);

  return here;
}
