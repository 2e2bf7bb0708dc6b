import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { Reply } from '../schemas';

/** How many replies a review shows before "Show all replies". */
export const firstReplies = 3;

const replyColumns =
  'id, review_id, author_id, body, created_at, updated_at, hidden_at, author:profiles!review_replies_author_id_fkey(username, display_name, avatar_path, role)';

/** A review's replies, oldest first: the first few, or all of them (at most 1000, the API's page). */
export function repliesQuery(reviewId: string, all: boolean) {
  return queryOptions({
    queryKey: [...reviewKeys.replies(reviewId), all ? 'all' : 'first'],
    queryFn: async (): Promise<Reply[]> => {
      const { data, error } = await supabase
        .from('review_replies')
        .select(replyColumns)
        .eq('review_id', reviewId)
        .order('created_at')
        .order('id')
        .limit(all ? 1000 : firstReplies);
      if (error) throw error;
      return data;
    },
  });
}

/** Posts a reply, or saves an edit of one's own. */
export function useSaveReply(reviewId: string, placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: string }) => {
      const { error } = id
        ? await supabase.from('review_replies').update({ body }).eq('id', id)
        : await supabase.from('review_replies').insert({ review_id: reviewId, body });
      if (error) throw error;
    },
    meta: { errorTable: 'review_replies' },
    onSuccess: async (_, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.replies(reviewId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) }),
      ]);
      toast.success(id ? 'Reply updated' : 'Reply posted');
    },
  });
}

export function useDeleteReply(reviewId: string, placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('review_replies').delete().eq('id', id);
      if (error) throw error;
    },
    meta: { errorTable: 'review_replies' },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.replies(reviewId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) }),
      ]);
      toast.success('Reply deleted');
    },
  });
}
