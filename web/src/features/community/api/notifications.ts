import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

type Row = Database['public']['Tables']['notifications']['Row'];
export type NotificationKind = Database['public']['Enums']['notification_kind'];

export interface Notification extends Row {
  actor: { username: string; display_name: string } | null;
  place: { name: string } | null;
  list: { name: string } | null;
}

export const notificationPageSize = 20;

const columns =
  '*, actor:profiles!notifications_actor_id_fkey(username, display_name), place:places!notifications_place_id_fkey(name), list:lists!notifications_list_id_fkey(name)';

/** The member's notifications, the latest activity first, keyset-paged on (updated_at, id). */
export function notificationsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    initialPageParam: null as Pick<Row, 'updated_at' | 'id'> | null,
    queryFn: async ({ pageParam }): Promise<Notification[]> => {
      let query = supabase
        .from('notifications')
        .select(columns)
        .eq('recipient_id', userId)
        .order('updated_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(notificationPageSize);
      if (pageParam) {
        const at = `"${pageParam.updated_at}"`;
        query = query.or(`updated_at.lt.${at},and(updated_at.eq.${at},id.lt.${pageParam.id})`);
      }
      const { data, error } = await query;
      if (error) throw error;
      return data;
    },
    getNextPageParam: (last) => {
      const end = last.at(-1);
      return end && last.length === notificationPageSize ? { updated_at: end.updated_at, id: end.id } : undefined;
    },
  });
}

/** Unread notifications, counted up to 100 by the database. */
export function unreadCountQuery(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: async (): Promise<number> => {
      const { data, error } = await supabase.rpc('unread_notification_count');
      if (error) throw error;
      return data;
    },
  });
}

/**
 * Marks one notification, or all unread ones, as read. The list and the bell change together,
 * at once (their reads answer at different times: the bell said 0 while the list still marked
 * one unread), and go back together if the server refuses.
 */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: async (id: string | 'all') => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all(userId) });
      const list = queryClient.getQueryData<InfiniteData<Notification[]>>(notificationKeys.list(userId));
      const count = queryClient.getQueryData<number>(notificationKeys.unread(userId));
      const readAt = new Date().toISOString();
      let marked = 0;
      if (list) {
        const pages = list.pages.map((page) =>
          page.map((n) => {
            if (n.read_at !== null || (id !== 'all' && n.id !== id)) return n;
            marked += 1;
            return { ...n, read_at: readAt };
          }),
        );
        queryClient.setQueryData<InfiniteData<Notification[]>>(notificationKeys.list(userId), { ...list, pages });
      }
      if (count !== undefined) queryClient.setQueryData(notificationKeys.unread(userId), id === 'all' ? 0 : Math.max(0, count - marked));
      return { list, count };
    },
    onError: (_error, _id, before) => {
      if (before?.list) queryClient.setQueryData(notificationKeys.list(userId), before.list);
      if (before?.count !== undefined) queryClient.setQueryData(notificationKeys.unread(userId), before.count);
    },
    mutationFn: async (id: string | 'all') => {
      const query = supabase
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('recipient_id', userId)
        .is('read_at', null);
      const { error } = await (id === 'all' ? query : query.eq('id', id));
      if (error) throw error;
    },
    meta: { errorTable: 'notifications' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}
