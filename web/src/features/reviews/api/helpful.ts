import { queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Review } from '../schemas';
import type { ReviewPage } from './reviews';

/** The reviews of a place the member found helpful (votes are private to the voter). */
export function myVotesQuery(placeId: string, userId: string) {
  return queryOptions({
    queryKey: reviewKeys.myVotes(placeId, userId),
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await supabase
        .from('review_votes')
        .select('review_id, review:reviews!inner(place_id)')
        .eq('user_id', userId)
        .eq('review.place_id', placeId);
      if (error) throw error;
      return data.map((row) => row.review_id);
    },
  });
}

export async function setHelpful(reviewId: string, helpful: boolean): Promise<void> {
  const { error } = helpful
    ? await supabase.from('review_votes').insert({ review_id: reviewId })
    : await supabase.from('review_votes').delete().eq('review_id', reviewId);
  if (error) throw error;
}

type Pages = InfiniteData<ReviewPage>;

function withCount(data: Pages | undefined, reviewId: string, delta: number): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      reviews: page.reviews.map((r: Review) => (r.id === reviewId ? { ...r, helpful_count: Math.max(0, r.helpful_count + delta) } : r)),
    })),
  };
}

/**
 * "Helpful" on a review, optimistically: the button and the count change at once and change
 * back (with the query client's toast) if the server refuses.
 */
export function useSetHelpful(placeId: string, userId: string) {
  const queryClient = useQueryClient();
  const votesKey = reviewKeys.myVotes(placeId, userId);
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: string; helpful: boolean }) => setHelpful(reviewId, helpful),
    meta: { errorTable: 'review_votes' },
    onMutate: async ({ reviewId, helpful }) => {
      await queryClient.cancelQueries({ queryKey: votesKey });
      await queryClient.cancelQueries({ queryKey: reviewKeys.place(placeId) });
      const votes = queryClient.getQueryData<string[]>(votesKey);
      const lists = queryClient.getQueriesData<Pages>({ queryKey: reviewKeys.place(placeId) });
      queryClient.setQueryData<string[]>(votesKey, (old = []) =>
        helpful ? [...old.filter((id) => id !== reviewId), reviewId] : old.filter((id) => id !== reviewId),
      );
      queryClient.setQueriesData<Pages>({ queryKey: reviewKeys.place(placeId) }, (data) => withCount(data, reviewId, helpful ? 1 : -1));
      return { votes, lists };
    },
    onError: (_error, _vars, context) => {
      queryClient.setQueryData(votesKey, context?.votes);
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: votesKey });
    },
  });
}
