import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Photo } from '@/components/photo';
import { RatingStars } from '@/components/rating-stars';
import { RelativeTime } from '@/components/relative-time';
import { RoleBadge } from '@/components/role-badge';
import { Avatar } from '@/components/ui/avatar';
import { formatVisited } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { isEdited, type Review, type ReviewPhoto } from '../schemas';
import { HelpfulButton } from './helpful-button';
import { ReviewReplies, type ReplySlots } from './review-replies';

/**
 * A photo of the review. One that moderators hid reaches only its uploader (the author) and
 * moderators (RLS on review_photos): it is dimmed and carries the moderators' reason.
 */
function ReviewPhotoItem({ photo, hiddenNotice }: { photo: ReviewPhoto; hiddenNotice?: ReactNode }) {
  const image = (
    <Photo
      path={photo.path}
      alt={photo.alt}
      width={96}
      ratio={1}
      thumbhash={photo.thumbhash}
      className="size-24 shrink-0 rounded-md"
      imgClassName={photo.hidden_at ? 'opacity-60 grayscale' : undefined}
    />
  );
  if (!photo.hidden_at) return <li>{image}</li>;
  return (
    <li className="w-full">
      <figure className="flex items-start gap-3">
        {image}
        <figcaption className="min-w-0 flex-1">
          {hiddenNotice ?? <p className="text-sm font-medium text-amber-800">Hidden by moderators.</p>}
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * What a review shows from other features (moderation's notices and report button): the app's
 * place route fills these slots, so reviews never import moderation.
 */
export interface ReviewSlots {
  /** Replaces the default "hidden" line for the author (the moderators' reason). */
  hiddenNotice?: (review: Review) => ReactNode;
  /** Why a photo of the review is hidden (its author and moderators see it). */
  photoHiddenNotice?: (photo: ReviewPhoto) => ReactNode;
  /** Under the text, right-aligned: the report button. */
  actions?: (review: Review, authorName: string) => ReactNode;
  /** The same for each reply under the review. */
  replies?: ReplySlots;
}

/** One review: author with avatar, stars, dates (edited mark), text and photos. */
export function ReviewItem({ review, userId, slots = {} }: { review: Review; userId: string | null; slots?: ReviewSlots }) {
  const mine = review.author_id !== null && review.author_id === userId;
  const author = review.author;
  const card = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // a link to this review (a notification's) brings it into view once the list has loaded it
  useEffect(() => {
    if (hash === `#review-${review.id}-card`) card.current?.scrollIntoView({ block: 'start' });
  }, [hash, review.id]);
  const name = author?.display_name ?? 'Former member';
  return (
    <article
      ref={card}
      id={`review-${review.id}-card`}
      aria-labelledby={`review-${review.id}`}
      className="scroll-mt-20 border-b border-slate-200 py-4 last:border-b-0"
    >
      <header className="flex items-center gap-3">
        <Avatar path={author?.avatar_path ?? null} name={name} size="sm" />
        <div className="min-w-0">
          <h3 id={`review-${review.id}`} className="text-sm font-semibold">
            {author ? (
              <Link to={paths.profile(author.username)} className="hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
            <RoleBadge role={author?.role} />
            {mine ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">You</span> : null}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <RatingStars value={review.rating} />
            <RelativeTime value={review.created_at} />
            {isEdited(review) ? <span>(edited)</span> : null}
            {review.visited_on ? <span>· {formatVisited(review.visited_on)}</span> : null}
          </p>
        </div>
      </header>
      {review.hidden_at
        ? (slots.hiddenNotice?.(review) ?? (
            <p className="mt-2 text-sm font-medium text-amber-800">Hidden by moderators — only you can see it.</p>
          ))
        : null}
      <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{review.body}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <HelpfulButton review={review} userId={userId} authorName={name} />
        {slots.actions ? slots.actions(review, name) : null}
      </div>
      {review.photos.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {review.photos.map((photo) => (
            <ReviewPhotoItem key={photo.id} photo={photo} hiddenNotice={photo.hidden_at ? slots.photoHiddenNotice?.(photo) : undefined} />
          ))}
        </ul>
      ) : null}
      <ReviewReplies review={review} userId={userId} slots={slots.replies} />
    </article>
  );
}
