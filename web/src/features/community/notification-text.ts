import { paths } from '@/lib/paths';
import type { Notification } from './api/notifications';

const what: Record<string, string> = {
  place: 'place',
  review: 'review',
  photo: 'photo',
  reply: 'reply',
  list: 'list',
  list_note: 'note',
};

function someone(n: Notification): string {
  return n.actor?.display_name ?? 'Someone';
}

/** A notification in words ("Ada and 2 others found your review helpful"). */
export function notificationText(n: Notification): string {
  const on = n.place ? ` of ${n.place.name}` : '';
  const target = what[n.target_type ?? ''] ?? 'content';
  const because = n.reason ? `: “${n.reason}”` : '.';
  switch (n.kind) {
    case 'reply':
      return `${someone(n)} replied to your review${on}.`;
    case 'helpful': {
      const others = n.actor_count - 1;
      const who = others > 0 ? `${someone(n)} and ${others} ${others === 1 ? 'other' : 'others'}` : someone(n);
      return `${who} found your review${on} helpful.`;
    }
    case 'follow':
      return `${someone(n)} started following you.`;
    case 'new_review':
      return `${someone(n)} reviewed ${n.place?.name ?? 'a place you keep'}.`;
    case 'content_hidden':
      return `Moderators hid your ${target}${because}`;
    case 'content_restored':
      return `Moderators restored your ${target}${because}`;
    case 'report_resolved':
      return `Your report of a ${target} was resolved${because}`;
    case 'report_dismissed':
      return `Your report of a ${target} was reviewed and dismissed${because}`;
    case 'list_invite':
      return `${someone(n)} invited you to the list ${n.list?.name ? `“${n.list.name}”` : ''}.`.replace(' .', '.');
    case 'list_private':
      // the list's name travels in `reason`: the follower can no longer open it
      return `${someone(n)} made the list “${n.reason ?? 'a list you followed'}” private, so you no longer follow it.`;
    case 'edit_suggested':
      return `${someone(n)} suggested an edit to ${n.place?.name ?? 'your place'}.`;
    case 'edit_accepted':
      return `Your suggested edit to ${n.place?.name ?? 'a place'} was accepted.`;
    case 'edit_rejected':
      return `Your suggested edit to ${n.place?.name ?? 'a place'} was not accepted${because}`;
  }
}

/** Where a notification leads: the review, the place, the member or the list. */
export function notificationLink(n: Notification): string | null {
  if (n.kind === 'follow') return n.actor ? paths.profile(n.actor.username) : null;
  if (n.kind === 'list_private') return null;
  if (n.kind === 'edit_suggested' || n.kind === 'edit_accepted' || n.kind === 'edit_rejected')
    return n.place_id ? `${paths.place(n.place_id)}#history` : null;
  if (n.kind === 'list_invite' || n.list_id) return n.list_id ? paths.list(n.list_id) : null;
  if (n.place_id && n.review_id) return paths.review(n.place_id, n.review_id);
  if (n.place_id) return paths.place(n.place_id);
  return null;
}
