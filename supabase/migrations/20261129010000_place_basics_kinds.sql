-- New notification kinds for suggested edits and lists made private (decisions 320–323). Added
-- in a migration of their own: a value added to an enum can be used only once it is committed.
alter type public.notification_kind add value if not exists 'edit_suggested';
alter type public.notification_kind add value if not exists 'edit_accepted';
alter type public.notification_kind add value if not exists 'edit_rejected';
alter type public.notification_kind add value if not exists 'list_private';
