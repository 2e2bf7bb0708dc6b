-- Replies to reviews are reported, hidden, restored and logged like reviews. Enum values are
-- added in a migration of their own: a value added in a transaction cannot be used in it.
alter type public.content_type add value if not exists 'reply';
alter type public.moderation_target add value if not exists 'reply';
