import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ContentType, CreateReportInput } from '../schemas';
import { moderationKeys } from '@/lib/query-keys';

export interface ReportTarget {
  type: ContentType;
  id: string;
}

/**
 * Files a report. The database allows one open report per member per target (23505) and 20
 * reports per member per hour (P0001); the error catalogue words both.
 */
export async function createReport(target: ReportTarget, input: CreateReportInput): Promise<void> {
  const note = input.note.trim();
  const { error } = await supabase
    .from('reports')
    .insert({ target_type: target.type, target_id: target.id, reason: input.reason, note: note === '' ? null : note });
  if (error) throw error;
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
