import { queryOptions } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { contentTypes, type ContentType, type ReportReason } from '../schemas';
import { fetchTargets, type Person, type TargetContent } from './targets';

export interface QueueReport {
  id: string;
  reason: ReportReason;
  note: string | null;
  created_at: string;
  reporter: Person | null;
}

export interface QueueGroup {
  type: ContentType;
  id: string;
  reports: QueueReport[];
  /** Null when the content was deleted after it was reported. */
  target: TargetContent | null;
}

const queueLimit = 500;

/**
 * Open reports grouped by what they are about, with the content in context. Most-reported
 * first, then the longest-waiting.
 */
export function reportQueueQuery() {
  return queryOptions({
    queryKey: moderationKeys.queue(),
    queryFn: async (): Promise<QueueGroup[]> => {
      const { data, error } = await supabase
        .from('reports')
        .select('id, target_type, target_id, reason, note, created_at, reporter:profiles!reports_reporter_id_fkey(username, display_name)')
        .eq('status', 'open')
        .order('created_at', { ascending: true })
        .limit(queueLimit);
      if (error) throw error;
      const groups = new Map<string, QueueGroup>();
      for (const { target_type, target_id, ...report } of data) {
        const key = `${target_type}:${target_id}`;
        const group = groups.get(key) ?? { type: target_type, id: target_id, reports: [], target: null };
        group.reports.push(report);
        groups.set(key, group);
      }
      const targets = await Promise.all(
        contentTypes.map((type) => fetchTargets(type, { ids: [...groups.values()].filter((g) => g.type === type).map((g) => g.id) })),
      );
      for (const target of targets.flat()) {
        const group = groups.get(`${target.type}:${target.id}`);
        if (group) group.target = target;
      }
      return [...groups.values()].sort(
        (a, b) => b.reports.length - a.reports.length || (a.reports[0]?.created_at ?? '').localeCompare(b.reports[0]?.created_at ?? ''),
      );
    },
  });
}
