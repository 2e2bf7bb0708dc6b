-- Public lists and the notes on their places can be reported and hidden like places,
-- reviews and photos. The new enum values are added on their own: a value added in a
-- transaction cannot be used in that same transaction, and the next migration uses them.
alter type public.content_type add value if not exists 'list';
alter type public.content_type add value if not exists 'list_note';
alter type public.moderation_target add value if not exists 'list';
alter type public.moderation_target add value if not exists 'list_note';
