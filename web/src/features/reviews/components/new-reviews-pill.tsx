import { NewItemsPill } from '@/components/new-items-pill';

/** "N new reviews" on a place page (the shared pill: no layout shift, announced politely). */
export function NewReviewsPill({ count, onShow }: { count: number; onShow: () => void }) {
  return <NewItemsPill count={count} one="review" many="reviews" onShow={onShow} />;
}
