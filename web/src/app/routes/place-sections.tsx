import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { HiddenNotice, ReportButton } from '@/features/moderation';
import { PhotoGallery, placePhotosQuery } from '@/features/photos';
import { NewReviewsPill, ReviewComposer, ReviewList, reviewsQuery } from '@/features/reviews';
import { useOnline } from '@/hooks/use-online';

/**
 * The parts of a place page below its header, loaded after it (place.tsx): the review form,
 * dialogs, drawers and report forms they bring are not on the way to the place's first paint.
 */
export function SectionHeading({ id, children, focusable = false }: { id: string; children: ReactNode; focusable?: boolean }) {
  return (
    <h2 id={id} tabIndex={focusable ? -1 : undefined} className="scroll-mt-20 text-lg font-semibold focus:outline-none">
      {children}
    </h2>
  );
}

export function PlacePhotos({ placeId }: { placeId: string }) {
  const { status } = useQuery({ ...placePhotosQuery(placeId), notifyOnChangeProps: ['status'] });
  const online = useOnline();
  return (
    <MountWhenSettled settled={status !== 'pending' || !online} fallback={<Skeleton className="h-24 w-full" />}>
      <PhotoGallery
        placeId={placeId}
        photoActions={(photo) => <ReportButton targetType="photo" targetId={photo.id} label={`Report photo: ${photo.alt}`} />}
      />
    </MountWhenSettled>
  );
}

export interface PlaceReviewsProps {
  placeId: string;
  placeName: string;
  userId: string | null;
  desktop: boolean;
  newReviews: number;
  onShow: () => void;
}

export function PlaceReviews({ placeId, placeName, userId, desktop, newReviews, onShow }: PlaceReviewsProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionHeading id="reviews-title" focusable>
          Reviews
        </SectionHeading>
        <ReviewComposer placeId={placeId} placeName={placeName} userId={userId} desktop={desktop} />
      </div>
      <NewReviewsPill count={newReviews} onShow={onShow} />
      <FirstPageFirst placeId={placeId}>
        <ReviewList
          placeId={placeId}
          userId={userId}
          slots={{
            hiddenNotice: (review) => <HiddenNotice targetType="review" targetId={review.id} className="mt-2" />,
            photoHiddenNotice: (photo) => <HiddenNotice targetType="photo" targetId={photo.id} />,
            actions: (review, authorName) => (
              <ReportButton targetType="review" targetId={review.id} ownerId={review.author_id} label={`Report review by ${authorName}`} />
            ),
            replies: {
              hiddenNotice: (reply) => <HiddenNotice targetType="reply" targetId={reply.id} />,
              actions: (reply, authorName) => (
                <ReportButton targetType="reply" targetId={reply.id} ownerId={reply.author_id} label={`Report reply by ${authorName}`} />
              ),
            },
          }}
        />
      </FirstPageFirst>
    </>
  );
}

/**
 * Mounts `children` once their query has settled, in a deferred render. A query's answer
 * re-renders the components reading it in one blocking task (TanStack Query's store updates
 * cannot be transitions), which for a page of reviews (avatars, dates, tooltips, photos) or a
 * grid of photos with its lightbox was a long task on a phone; a deferred mount lets React yield
 * while it builds them. Meanwhile `fallback`, the section's own loading look.
 */
function MountWhenSettled({ settled, fallback, children }: { settled: boolean; fallback: ReactNode; children: ReactNode }) {
  const shown = useDeferredValue(settled);
  return shown ? children : fallback;
}

/**
 * The review list's loading look, until its first page (newest first, as the list opens) has
 * settled, or waits for the connection (the list then says so).
 */
function FirstPageFirst({ placeId, children }: { placeId: string; children: ReactNode }) {
  const { status } = useInfiniteQuery({ ...reviewsQuery(placeId, 'newest'), notifyOnChangeProps: ['status'] });
  const online = useOnline();
  return (
    <MountWhenSettled
      settled={status !== 'pending' || !online}
      fallback={
        <div>
          <div className="flex min-h-9 items-center justify-between gap-2" />
          <div role="status" aria-label="Loading reviews" className="mt-4 space-y-4">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-24 w-full" />
            ))}
          </div>
        </div>
      }
    >
      {children}
    </MountWhenSettled>
  );
}

export { HiddenNotice, ReportButton };
