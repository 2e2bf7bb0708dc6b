/**
 * How each kind of queued write is sent (decision 230): the features' own calls. A chunk of its
 * own, loaded the first time something waits to be sent.
 */
import { sendQueuedListNote, sendQueuedListPlace } from '@/features/lists';
import { sendQueuedReview } from '@/features/reviews';
import { sendQueuedStar } from '@/features/stars';
import type { Sender } from '@/lib/outbox/outbox';

export const senders: Record<string, Sender> = {
  review: sendQueuedReview,
  star: sendQueuedStar,
  'list-place': sendQueuedListPlace,
  'list-note': sendQueuedListNote,
};
