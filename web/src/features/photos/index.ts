export { type PlacePhoto, placePhotosQuery } from './api/place-photos';
export { PhotoGallery } from './components/photo-gallery';
