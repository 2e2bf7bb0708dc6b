import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { contentTypeLabels, reportReasonLabels, type ContentType, type ReportReason } from '../schemas';

export type ChannelState = 'connecting' | 'live' | 'unavailable';

interface ReportCreated {
  target_type?: ContentType;
  reason?: ReportReason;
}

/**
 * The private `moderation` topic (moderators and admins only, by RLS on realtime.messages):
 * `report_created` and `report_updated` broadcast by triggers on `reports`. Each event refetches
 * the queue; a new report is also put into words for a polite live region.
 */
export function useModerationChannel() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChannelState>('connecting');
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    const channel = supabase.channel('moderation', { config: { private: true } });
    channel
      .on('broadcast', { event: 'report_created' }, ({ payload }: { payload: ReportCreated }) => {
        refresh();
        const what = payload.target_type ? contentTypeLabels[payload.target_type] : 'item';
        const why = payload.reason ? reportReasonLabels[payload.reason].label.toLowerCase() : 'a report';
        setAnnouncement(`New report on a ${what}: ${why}.`);
      })
      .on('broadcast', { event: 'report_updated' }, refresh)
      // suggested edits waiting (decision 322): the queue the places feature draws
      .on('broadcast', { event: 'place_edit' }, () => void queryClient.invalidateQueries({ queryKey: moderationKeys.placeEdits() }))
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') {
          setState('live');
          // Anything filed while the channel was (re)connecting.
          refresh();
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') setState('unavailable');
      });
    return () => void supabase.removeChannel(channel);
  }, [queryClient]);

  return { state, announcement };
}
