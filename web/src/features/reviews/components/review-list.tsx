import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryFallback } from '@/components/query-fallback';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { reviewCount } from '@/lib/places';
import { reviewsQuery } from '../api/reviews';
import { reviewSortLabels, reviewSorts, type ReviewSort } from '../schemas';
import { ReviewItem, type ReviewSlots } from './review-item';

/** The place's reviews: sort (newest, highest, lowest) and "Show more" by pages of 20. */
export function ReviewList({
  placeId,
  userId,
  slots,
}: {
  placeId: string;
  userId: string | null;
  /** What the app adds from other features (moderation) to each review. */
  slots?: ReviewSlots;
}) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const query = useInfiniteQuery(reviewsQuery(placeId, sort));
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-700">{query.data ? reviewCount(total) : ''}</p>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Sort
          <select
            value={sort}
            onChange={(event) => setSort(event.target.value as ReviewSort)}
            className="min-h-9 rounded-md border border-slate-300 bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {reviewSorts.map((s) => (
              <option key={s} value={s}>
                {reviewSortLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.data === undefined ? (
        <QueryFallback
          query={query}
          className="mt-4"
          skeleton={
            <div role="status" aria-label="Loading reviews" className="mt-4 space-y-4">
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} className="h-24 w-full" />
              ))}
            </div>
          }
        />
      ) : reviews.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">No reviews yet. Be the first to share your experience.</p>
      ) : (
        <ul className="mt-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} userId={userId} slots={slots} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="secondary" className="mt-3 w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </Button>
      ) : null}
    </div>
  );
}
