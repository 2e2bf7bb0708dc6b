import { importAnew, lazyComponent } from '@/lib/lazy-component';

/** Leaflet and supercluster load on demand: nothing here imports them statically. */
export const PlacesMap = lazyComponent(importAnew(() => import('./places-map')));
export const PinPicker = lazyComponent(importAnew(() => import('./pin-picker')));
export { MapPlaceholder } from './map-placeholder';
export { distanceKm, estimateBounds } from './view-math';
export type { MapBounds, MapPlace, MapPreview, MapView, PinPickerProps, PlacesMapProps } from './types';
