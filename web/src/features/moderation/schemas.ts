import { z } from 'zod';
import type { Database } from '@/lib/database.types';
import { fieldMessages } from '@/lib/errors';

type Enums = Database['public']['Enums'];
export type ContentType = Enums['content_type'];
export type ReportReason = Enums['report_reason'];
export type UserRole = Enums['user_role'];
export type ModerationTarget = Enums['moderation_target'];
export type ModerationActionKind = Enums['moderation_action_kind'];

export const reportReasons = [
  'spam',
  'offensive',
  'wrong_info',
  'closed_or_moved',
  'duplicate',
  'other',
] as const satisfies readonly ReportReason[];

export const reportReasonLabels: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: 'Spam or advertising', hint: 'Promotion, links or text that has nothing to do with the place.' },
  offensive: { label: 'Offensive or abusive', hint: 'Insults, harassment, hate or explicit content.' },
  wrong_info: { label: 'Wrong information', hint: 'The name, category, address or details are not right.' },
  closed_or_moved: { label: 'Closed or moved', hint: 'The place no longer exists here.' },
  duplicate: { label: 'Duplicate', hint: 'The same thing is already on Pinstar.' },
  other: { label: 'Something else', hint: 'Tell the moderators in the note.' },
};

/** "Closed or moved" is about places only; everything else applies to any content. */
export function reasonsFor(target: ContentType): readonly ReportReason[] {
  return target === 'place' ? reportReasons : reportReasons.filter((r) => r !== 'closed_or_moved');
}

export const contentTypeLabels: Record<ModerationTarget, string> = {
  place: 'place',
  review: 'review',
  photo: 'photo',
  reply: 'reply',
  profile: 'member',
  list: 'list',
  list_note: 'note',
};

/** Every kind of content members report and moderators hide, in the order the screens list them. */
export const contentTypes = ['place', 'review', 'photo', 'reply', 'list', 'list_note'] as const satisfies readonly ContentType[];

/** The same limits as `reports` in SQL: a known reason, a note of at most 500 characters. */
export const createReportInput = z.object({
  reason: z.enum(reportReasons, { error: 'Choose a reason.' }),
  note: z.string().trim().max(500, fieldMessages.note),
});
export type CreateReportInput = z.infer<typeof createReportInput>;

/** The public reason of a hide or restore (`moderation_actions.reason`, 1–500 characters). */
export const moderationReasonInput = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason: it is shown in the public log and to the author.')
    .max(500, 'Reasons are at most 500 characters.'),
});
export type ModerationReasonInput = z.infer<typeof moderationReasonInput>;

export const userRoles = ['member', 'moderator', 'admin'] as const satisfies readonly UserRole[];
export { roleLabels } from '@/lib/roles';
