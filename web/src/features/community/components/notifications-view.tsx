import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryFallback } from '@/components/query-fallback';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { notificationsQuery, useMarkRead, type Notification } from '../api/notifications';
import { notificationLink, notificationText } from '../notification-text';

function NotificationEntry({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.read_at === null;
  const text = notificationText(notification);
  const to = notificationLink(notification);
  return (
    <li className={cn('flex items-start gap-3 rounded-md border p-3', unread ? 'border-brand-600 bg-brand-50' : 'border-slate-200')}>
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-slate-900">
          {unread ? <span className="sr-only">Unread: </span> : null}
          {to ? (
            <Link to={to} onClick={onOpen} className="hover:underline">
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <RelativeTime value={notification.updated_at} className="text-xs text-slate-600" />
      </div>
    </li>
  );
}

/** `/notifications`: the latest first, unread marked, "Mark all as read", each linking to its target. */
export function NotificationsView({ userId }: { userId: string }) {
  const query = useInfiniteQuery(notificationsQuery(userId));
  const markRead = useMarkRead(userId);
  const items = query.data?.pages.flat() ?? [];
  const unread = items.some((n) => n.read_at === null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" disabled={!unread || markRead.isPending} onClick={() => markRead.mutate('all')}>
          Mark all as read
        </Button>
      </div>
      {query.data === undefined ? (
        <QueryFallback
          query={query}
          skeleton={
            <div role="status" aria-label="Loading notifications" className="space-y-2">
              {[0, 1, 2].map((n) => (
                <Skeleton key={n} className="h-14 w-full" />
              ))}
            </div>
          }
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-700">No notifications yet. Replies, helpful votes and new followers will show here.</p>
      ) : (
        <ul className="space-y-2" aria-label="Notifications">
          {items.map((n) => (
            <NotificationEntry key={n.id} notification={n} onOpen={() => n.read_at === null && markRead.mutate(n.id)} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="secondary" className="w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      ) : null}
    </div>
  );
}
