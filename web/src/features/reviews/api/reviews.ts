import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { reviewKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { afterHelpful, type HelpfulCursor } from '../helpful-cursor';
import type { Review, ReviewSort } from '../schemas';

export const reviewPageSize = 20;

export const reviewColumns =
  'id, place_id, author_id, rating, body, visited_on, created_at, updated_at, hidden_at, helpful_count, reply_count, author:profiles!reviews_author_id_fkey(username, display_name, avatar_path, role), photos:review_photos(id, path, alt, width, height, thumbhash, hidden_at)';

function ordered(sort: ReviewSort) {
  const query = supabase.from('reviews').select(reviewColumns, { count: 'exact' });
  if (sort === 'newest') return query.order('created_at', { ascending: false });
  if (sort === 'helpful') return query.order('helpful_count', { ascending: false }).order('created_at', { ascending: false });
  return query.order('rating', { ascending: sort === 'lowest' }).order('created_at', { ascending: false });
}

export interface ReviewPage {
  reviews: Review[];
  total: number;
}

/** Where the next page starts: an offset, or after a review in "Most helpful" (keyset). */
type Cursor = number | HelpfulCursor;

/** A place's reviews with their authors and photos, 20 per page, in the chosen order. */
export function reviewsQuery(placeId: string, sort: ReviewSort) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.list(placeId, sort),
    initialPageParam: 0 as Cursor,
    queryFn: async ({ pageParam }): Promise<ReviewPage> => {
      if (sort === 'helpful') {
        // keyset: a vote that moves a review between pages neither repeats nor skips one
        const query = ordered(sort).eq('place_id', placeId).order('id', { ascending: false });
        const after = typeof pageParam === 'number' ? query : query.or(afterHelpful(pageParam));
        const { data, error, count } = await after.limit(reviewPageSize);
        if (error) throw error;
        return { reviews: data, total: count ?? data.length };
      }
      const offset = typeof pageParam === 'number' ? pageParam : 0;
      const { data, error, count } = await ordered(sort)
        .eq('place_id', placeId)
        .order('id')
        .range(offset, offset + reviewPageSize - 1);
      if (error) throw error;
      return { reviews: data, total: count ?? data.length };
    },
    getNextPageParam: (last, pages): Cursor | undefined => {
      const loaded = pages.reduce((n, page) => n + page.reviews.length, 0);
      if (sort === 'helpful') {
        const end = last.reviews.at(-1);
        return end && last.reviews.length === reviewPageSize ? end : undefined;
      }
      return loaded < last.total ? loaded : undefined;
    },
  });
}

/** The member's own review of this place, if any ("already reviewed" leads to editing). */
export function myReviewQuery(placeId: string, userId: string) {
  return queryOptions({
    queryKey: reviewKeys.mine(placeId, userId),
    queryFn: async (): Promise<Review | null> => {
      const { data, error } = await supabase
        .from('reviews')
        .select(reviewColumns)
        .eq('place_id', placeId)
        .eq('author_id', userId)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}
