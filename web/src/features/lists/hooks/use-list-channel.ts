import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { listKeys, listMutationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The list's private topic `list:<id>` (its owner and members only, authorized by RLS on
 * realtime.messages): every change to its places, members or details refreshes the list,
 * and presence names who else has it open ("Ada is here"); its deletion calls `onDeleted`.
 * Each time the topic is joined the list is read again, so nothing changed before is missed.
 * Others join without a channel.
 */
/** How long the changes of one write (a delete's cascade, an import's rows) are gathered before the list is read again. */
const burstMs = 60;

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
    // A delete of the list arrives as a burst: its places', notes' and members' rows first, then
    // the list's own. Asking for a list that is gone would only get a 404, so the changes of a
    // burst are read once, a moment after its first, and not at all once the list is known gone
    // (its own row deleted, `list_deleted`, or this member's own delete under way or done).
    let gone = false;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const deleting = () =>
      queryClient.getMutationCache().findAll({ mutationKey: listMutationKeys.delete(listId), predicate: (m) => m.state.status !== 'error' })
        .length > 0;
    const refresh = () => {
      if (gone || pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        if (!gone && !deleting()) void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
      }, burstMs);
    };
    const ended = () => {
      gone = true;
      clearTimeout(pending);
      pending = undefined;
    };
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
      .on('broadcast', { event: 'DELETE' }, ({ payload }) => ((payload as { table?: unknown }).table === 'lists' ? ended() : refresh()))
      // the owner deleted the list (decision 323): whoever has it open is told
      .on('broadcast', { event: 'list_deleted' }, ({ payload }) => {
        ended();
        deleted.current?.(String((payload as { name?: unknown }).name ?? ''));
      })
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        void channel.track({ name: myName });
        // A change made after the list was read but before the topic was joined (or while it
        // was joining again after a dropped connection) was broadcast to no one here: read
        // the list once more, now that every later change will arrive.
        refresh();
      });
    return () => {
      clearTimeout(pending);
      void supabase.removeChannel(channel);
    };
  }, [listId, myId, myName, queryClient]);

  return here;
}
