export { myReviewQuery, reviewsQuery } from './api/reviews';
export { NewReviewsPill } from './components/new-reviews-pill';
export { RatingHistogram } from './components/rating-histogram';
export { ReviewComposer } from './components/review-composer';
export type { ReviewSlots } from './components/review-item';
export type { ReplySlots } from './components/review-replies';
export { ReviewList } from './components/review-list';
export { usePlaceChannel } from './hooks/use-place-channel';
export * from './schemas';
