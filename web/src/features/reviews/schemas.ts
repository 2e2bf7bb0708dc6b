import { z } from 'zod';
import { fieldMessages } from '@/lib/errors';
import type { PhotoRow, StoredPhoto } from '@/lib/photos';

/** Today's date in the member's time zone, "YYYY-MM-DD" (the visit date may not be later). */
export function todayIso(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The same limits as the `reviews` check constraints in SQL. */
export const reviewInput = z.object({
  rating: z.number().int().min(1, fieldMessages.rating).max(5, fieldMessages.rating),
  body: z.string().trim().min(20, 'Write at least 20 characters.').max(2000, 'Reviews are at most 2000 characters.'),
  visitedOn: z
    .string()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date.')
    .refine((v) => v === '' || v <= todayIso(), fieldMessages.visited_on),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const reviewSorts = ['newest', 'helpful', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
export const reviewSortLabels: Record<ReviewSort, string> = {
  newest: 'Newest',
  helpful: 'Most helpful',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

/** The same limit as `review_replies_body_length` in SQL. */
export const replyInput = z.object({
  body: z.string().trim().min(1, 'Write a reply.').max(1000, fieldMessages.replies_body),
});
export type ReplyInput = z.infer<typeof replyInput>;

export interface Reply {
  id: string;
  review_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
  updated_at: string;
  hidden_at: string | null;
  author: ReviewAuthor | null;
}

export interface ReviewAuthor {
  username: string;
  display_name: string;
  avatar_path: string | null;
  /** Shown as a badge for moderators and admins. */
  role: string;
}

/** `hidden_at` is set when moderators hid the photo; only its uploader (the author) and moderators get it then. */
export type ReviewPhoto = StoredPhoto & Pick<PhotoRow, 'hidden_at'>;

export interface Review {
  id: string;
  place_id: string;
  author_id: string | null;
  rating: number;
  body: string;
  visited_on: string | null;
  created_at: string;
  updated_at: string;
  hidden_at: string | null;
  helpful_count: number;
  reply_count: number;
  author: ReviewAuthor | null;
  photos: ReviewPhoto[];
}

/** Edited when the text, stars or date changed after posting (updated_at only moves on edits). */
export function isEdited(review: Pick<Review, 'created_at' | 'updated_at'>): boolean {
  return new Date(review.updated_at).getTime() - new Date(review.created_at).getTime() > 1000;
}
