import { queryOptions } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { contentTypes, type ModerationTarget } from '../schemas';
import { fetchTargets } from './targets';

/** Content hidden now (50 newest of each type), for restoring. */
export function hiddenContentQuery() {
  return queryOptions({
    queryKey: moderationKeys.hidden(),
    queryFn: async () => {
      const lists = await Promise.all(contentTypes.map((type) => fetchTargets(type, { hidden: true })));
      return lists.flat().sort((a, b) => (b.hidden_at ?? '').localeCompare(a.hidden_at ?? ''));
    },
  });
}

/**
 * Why a target is hidden: the reason of its latest hide in the public log (what its author is
 * shown next to the content). Null when it is not hidden by a logged action.
 */
export function hiddenReasonQuery(type: ModerationTarget, id: string) {
  return queryOptions({
    queryKey: moderationKeys.hiddenReason(type, id),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('moderation_log')
        .select('reason, created_at')
        .eq('target_type', type)
        .eq('target_id', id)
        .eq('action', 'hide')
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}
