import { useQuery } from '@tanstack/react-query';
import { ThumbsUp } from 'lucide-react';
import { cn } from '@/lib/cn';
import { myVotesQuery, useSetHelpful } from '../api/helpful';
import type { Review } from '../schemas';

/**
 * "Helpful (N)": a toggle button (aria-pressed) for members other than the author; the count
 * alone for the author and visitors.
 */
export function HelpfulButton({ review, userId, authorName }: { review: Review; userId: string | null; authorName: string }) {
  const votes = useQuery({ ...myVotesQuery(review.place_id, userId ?? ''), enabled: Boolean(userId) });
  const setHelpful = useSetHelpful(review.place_id, userId ?? '');
  const count = review.helpful_count;
  const label = `${count} found this helpful`;
  if (!userId || review.author_id === userId || review.hidden_at) {
    return count > 0 ? <p className="text-xs text-slate-600">{label}</p> : null;
  }
  const pressed = votes.data?.includes(review.id) ?? false;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Helpful: review by ${authorName} (${count})`}
      disabled={!votes.data}
      onClick={() => setHelpful.mutate({ reviewId: review.id, helpful: !pressed })}
      className={cn(
        'inline-flex min-h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50',
        pressed ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-surface text-slate-700 hover:bg-slate-50',
      )}
    >
      <ThumbsUp aria-hidden="true" className="size-4" />
      Helpful{count > 0 ? ` · ${count}` : ''}
    </button>
  );
}
