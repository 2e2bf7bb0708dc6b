export { FeedView } from './components/feed-view';
export { FollowPanel } from './components/follow-panel';
export { NotificationBell } from './components/notification-bell';
export { NotificationPreferences } from './components/notification-preferences';
export { NotificationsView } from './components/notifications-view';
