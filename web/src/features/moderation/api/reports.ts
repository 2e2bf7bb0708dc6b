import { queryOptions } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ContentType } from '../schemas';

export interface ReportTarget {
  type: ContentType;
  id: string;
}

/** The member's open report of this target, if any (members read their own reports). */
export function myOpenReportQuery(userId: string, target: ReportTarget) {
  return queryOptions({
    queryKey: moderationKeys.myReport(userId, target.type, target.id),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('reports')
        .select('id, reason, created_at')
        .eq('reporter_id', userId)
        .eq('target_type', target.type)
        .eq('target_id', target.id)
        .eq('status', 'open')
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}
