import { lazy } from 'react';

/** Leaflet and supercluster load on demand: nothing here imports them statically. */
export const PlacesMap = lazy(() => import('./places-map'));
export const PinPicker = lazy(() => import('./pin-picker'));
export { MapPlaceholder } from './map-placeholder';
export { distanceKm, estimateBounds } from './view-math';
export type { MapBounds, MapPlace, MapPreview, MapView, PinPickerProps, PlacesMapProps } from './types';
