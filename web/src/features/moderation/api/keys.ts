import { privateKeyPrefix } from '@/lib/query-client';
import type { LogFilters } from '../log-filters';
import type { ContentType, ModerationTarget } from '../schemas';

/** Query keys of the moderation feature; the queue and lists refetch under `moderation`. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => ['moderation', 'queue'] as const,
  hidden: () => ['moderation', 'hidden'] as const,
  members: (search: string) => ['moderation', 'members', search.toLowerCase()] as const,
  log: (withModerators: boolean, filters: LogFilters) => ['moderation-log', withModerators ? 'staff' : 'public', filters.action, filters.target] as const,
  hiddenReason: (type: ModerationTarget, id: string) => ['moderation-log', 'hidden-reason', type, id] as const,
  /** A member's own open report of a target: private, dropped on sign-out. */
  myReport: (userId: string, type: ContentType, id: string) => [privateKeyPrefix, 'my-report', userId, type, id] as const,
};
