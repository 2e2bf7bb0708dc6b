import type { ReactNode } from 'react';
import { HiddenNotice, ReportButton } from '@/features/moderation';
import { PhotoGallery } from '@/features/photos';
import { NewReviewsPill, ReviewComposer, ReviewList } from '@/features/reviews';

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
  return (
    <PhotoGallery
      placeId={placeId}
      photoActions={(photo) => <ReportButton targetType="photo" targetId={photo.id} label={`Report photo: ${photo.alt}`} />}
    />
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
      <ReviewList
        placeId={placeId}
        userId={userId}
        hiddenNotice={(review) => <HiddenNotice targetType="review" targetId={review.id} className="mt-2" />}
      />
    </>
  );
}

export { HiddenNotice, ReportButton };
