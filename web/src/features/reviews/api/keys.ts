import { privateKeyPrefix } from '@/lib/query-client';
import type { ReviewSort } from '../schemas';

export const reviewKeys = {
  place: (placeId: string) => ['reviews', 'place', placeId] as const,
  list: (placeId: string, sort: ReviewSort) => ['reviews', 'place', placeId, sort] as const,
  mine: (placeId: string, userId: string) => [privateKeyPrefix, 'my-review', placeId, userId] as const,
};
