import { infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { LogFilters } from '../log-filters';

export const logPageSize = 20;

const person = z.object({ username: z.string(), display_name: z.string() });
const moderator = person.extend({ role: z.string() });

const logRow = z.object({
  id: z.string(),
  action: z.enum(['hide', 'restore', 'role_change']),
  target_type: z.enum(['place', 'review', 'photo', 'reply', 'profile', 'list', 'list_note']),
  target_id: z.string(),
  reason: z.string(),
  created_at: z.string(),
  details: z
    .object({ place_id: z.string().optional(), list_id: z.string().optional(), from: z.string().optional(), to: z.string().optional() })
    .nullable()
    .transform((d) => d ?? {}),
  moderator: moderator.nullable().optional(),
});
export type LogEntry = z.infer<typeof logRow>;

export interface LogPage {
  entries: LogEntry[];
  /** Names of the places entries point at, when the reader may see them (hidden ones are absent). */
  places: Record<string, string>;
  /** Members whose role changed. */
  members: Record<string, z.infer<typeof person>>;
  /** Names of the lists entries point at, when the reader may see them (hidden and private ones are absent). */
  lists: Record<string, string>;
}

const columns = 'id, action, target_type, target_id, reason, details, created_at';

async function fetchContext(entries: LogEntry[]): Promise<Omit<LogPage, 'entries'>> {
  const placeIds = new Set<string>();
  const memberIds = new Set<string>();
  const listIds = new Set<string>();
  for (const entry of entries) {
    if (entry.target_type === 'place') placeIds.add(entry.target_id);
    else if (entry.target_type === 'profile') memberIds.add(entry.target_id);
    else if (entry.target_type === 'list') listIds.add(entry.target_id);
    else if (entry.details.list_id) listIds.add(entry.details.list_id);
    else if (entry.details.place_id) placeIds.add(entry.details.place_id);
  }
  const [places, members, lists] = await Promise.all([
    placeIds.size
      ? supabase
          .from('places')
          .select('id, name')
          .in('id', [...placeIds])
      : null,
    memberIds.size
      ? supabase
          .from('profiles')
          .select('id, username, display_name')
          .in('id', [...memberIds])
      : null,
    listIds.size
      ? supabase
          .from('lists')
          .select('id, name')
          .in('id', [...listIds])
      : null,
  ]);
  if (places?.error) throw places.error;
  if (members?.error) throw members.error;
  if (lists?.error) throw lists.error;
  return {
    lists: Object.fromEntries((lists?.data ?? []).map((l) => [l.id, l.name])),
    places: Object.fromEntries((places?.data ?? []).map((p) => [p.id, p.name])),
    members: Object.fromEntries((members?.data ?? []).map((m) => [m.id, { username: m.username, display_name: m.display_name }])),
  };
}

/**
 * The public moderation log, newest first, 20 per page. Visitors and members read the
 * `moderation_log` view (no moderator column); moderators read the table with who acted.
 * Filters narrow it by action and by what the action was about.
 */
export function moderationLogQuery(withModerators: boolean, filters: LogFilters = { action: null, target: null }) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.log(withModerators, filters),
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<LogPage> => {
      let query = withModerators
        ? supabase
            .from('moderation_actions')
            .select(`${columns}, moderator:profiles!moderation_actions_moderator_id_fkey(username, display_name, role)`)
        : supabase.from('moderation_log').select(columns);
      if (filters.action) query = query.eq('action', filters.action);
      if (filters.target) query = query.eq('target_type', filters.target);
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(pageParam, pageParam + logPageSize - 1);
      if (error) throw error;
      const entries = z.array(logRow).parse(data);
      return { entries, ...(await fetchContext(entries)) };
    },
    getNextPageParam: (last, pages) => (last.entries.length < logPageSize ? undefined : pages.length * logPageSize),
  });
}
