import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { unreadCountQuery } from '../api/notifications';
import { useNotificationsChannel } from '../hooks/use-notifications-channel';

/** The header's bell: unread count, live over the member's private topic; opens /notifications. */
export function NotificationBell({ userId }: { userId: string }) {
  useNotificationsChannel(userId);
  const unread = useQuery(unreadCountQuery(userId)).data ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to={paths.notifications()}
      className="relative inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Bell aria-hidden="true" className="size-5" />
      <span className="sr-only">{unread > 0 ? `Notifications, ${shown} unread` : 'Notifications'}</span>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute top-1 right-1 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
