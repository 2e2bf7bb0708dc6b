export { placeQuery } from './api/place';
export { findSimilarPlaces, type SimilarPlace, useSavePlace } from './api/save-place';
export { ShareButton } from './components/share-button';
export { PlaceForm } from './components/place-form';
export { type PlaceInput, placeInput } from './place-input';
export { PlaceBasics } from './components/place-basics';
export { PlaceHistory } from './components/place-history';
export { PendingEditsQueue } from './components/pending-edits-queue';
