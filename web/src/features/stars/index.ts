export { starredIdsQuery, starredPlacesQuery } from './api/stars';
export { StarButton } from './components/star-button';
export { useStar } from './hooks/use-star';
export { sendQueuedStar } from './api/set-star';
