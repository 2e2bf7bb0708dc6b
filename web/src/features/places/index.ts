export { placeQuery } from './api/place';
export { createPlace, findSimilarPlaces, type SimilarPlace, updatePlace } from './api/save-place';
export { ShareButton } from './components/share-button';
export { QueryError } from './components/query-error';
export { PlaceForm } from './components/place-form';
export { type PlaceInput, placeInput } from './place-input';
