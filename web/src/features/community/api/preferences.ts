import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

type Row = Database['public']['Tables']['notification_preferences']['Row'];
export type PreferenceKey = 'reply' | 'helpful' | 'follow' | 'new_review' | 'moderation' | 'reports' | 'list_invite' | 'place_edits';
export type Preferences = Pick<Row, PreferenceKey>;

/** The database's defaults when the member has not chosen: everything but new reviews. */
export const defaultPreferences: Preferences = {
  reply: true,
  helpful: true,
  follow: true,
  new_review: false,
  moderation: true,
  reports: true,
  list_invite: true,
  place_edits: true,
};

export const preferenceLabels: Record<PreferenceKey, string> = {
  reply: 'Replies to your reviews',
  helpful: 'Members who find your reviews helpful',
  follow: 'New followers',
  new_review: 'New reviews of places you starred or listed',
  moderation: 'Your content hidden or restored by moderators',
  reports: 'Your reports resolved or dismissed',
  list_invite: 'Invitations to lists, and lists you follow made private',
  place_edits: 'Suggested edits to your places, and what became of yours',
};

export function preferencesQuery(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.preferences(userId),
    queryFn: async (): Promise<Preferences> => {
      const { data, error } = await supabase
        .from('notification_preferences')
        .select('reply, helpful, follow, new_review, moderation, reports, list_invite, place_edits')
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw error;
      return data ?? defaultPreferences;
    },
  });
}

export function useSavePreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // update, or insert the member's first row (an upsert would also write user_id, which
    // members may set only when inserting)
    mutationFn: async (preferences: Preferences) => {
      const updated = await supabase.from('notification_preferences').update(preferences).eq('user_id', userId).select('user_id');
      if (updated.error) throw updated.error;
      if (updated.data.length > 0) return;
      const { error } = await supabase.from('notification_preferences').insert({ user_id: userId, ...preferences });
      if (error) throw error;
    },
    meta: { errorTable: 'notification_preferences' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences(userId) });
      toast.success('Notification settings saved');
    },
  });
}
