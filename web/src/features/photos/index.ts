export * from './api/photos';
export { PhotoGallery } from './components/photo-gallery';
export { PhotoPicker, type PhotoDraft } from './components/photo-picker';
