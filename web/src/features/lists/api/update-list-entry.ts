import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueWrite, sendOrQueue, type OutboxItem } from '@/lib/outbox/device-outbox';
import { listKeys } from '@/lib/query-keys';
import { whenOnline } from '@/lib/reachability';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { OpenedList } from './open-list';

type Change = { note: string } | { position: number };

export async function updateListEntry(entryId: string, change: Change): Promise<void> {
  const { error } = await supabase.from('list_places').update(change).eq('id', entryId);
  if (error) throw error;
}

interface QueuedNote {
  entryId: string;
  note: string;
}

/** Sends a note written offline (decision 390); its subject is the entry, where "Waiting to send" shows. */
export function sendQueuedListNote(item: OutboxItem): Promise<void> {
  const { entryId, note } = item.payload as QueuedNote;
  return updateListEntry(entryId, { note });
}

export interface UpdateListEntryInput {
  entryId: string;
  change: Change;
  /** For the words of a queued note: "Your note on Café Lumière". */
  placeName?: string;
}

/**
 * Changes an entry's note or position. The list on screen changes at once (a move is one
 * row: its new position is the midpoint of its neighbours) and goes back if refused. A note
 * written offline, or whose request finds the server out of reach, waits on the device and is
 * sent when the connection returns; a move waits for the connection in memory.
 */
export function useUpdateListEntry(listId: string, userId: string | null) {
  const queryClient = useQueryClient();
  const key = listKeys.detail(listId);
  return useMutation({
    // Notes decide themselves whether to send or queue; moves wait for the connection.
    networkMode: 'always',
    mutationFn: async ({ entryId, change, placeName }: UpdateListEntryInput) => {
      const send = async () => {
        await updateListEntry(entryId, change);
        return 'sent' as const;
      };
      if (!('note' in change) || !userId) {
        await whenOnline();
        return send();
      }
      const label = `Your note on ${placeName ?? 'a place'}`;
      return sendOrQueue(send, () =>
        queueWrite<QueuedNote>('list-note', { userId, subject: entryId, label, payload: { entryId, note: change.note } }),
      );
    },
    meta: { errorTable: 'list_places' },
    onMutate: async ({ entryId, change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OpenedList>(key);
      queryClient.setQueryData<OpenedList>(key, (old) => {
        if (!old) return old;
        const places = old.places.map((e) => (e.id === entryId ? { ...e, ...change } : e));
        return { ...old, places: places.sort((a, b) => a.position - b.position) };
      });
      return { previous };
    },
    onSuccess: (outcome, { change }) => {
      if (outcome === 'queued') toast.info('Saved on this device', { description: 'It will be sent when the connection is back.' });
      else if ('note' in change) toast.success('Note saved');
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.previous),
    // A queued note keeps its new words on screen until it is sent (then the runner refreshes).
    onSettled: (outcome) => (outcome === 'queued' ? undefined : void queryClient.invalidateQueries({ queryKey: key })),
  });
}
