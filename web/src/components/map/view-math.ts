import type { MapBounds, MapView } from './types';

/**
 * The bounds a Web-Mercator map of `width`×`height` px shows at `view` — lets the list query
 * the viewport before the (lazily loaded) map has reported its own bounds.
 */
export function estimateBounds(view: MapView, width: number, height: number): MapBounds {
  const worldPx = 256 * 2 ** view.zoom;
  const x = ((view.lng + 180) / 360) * worldPx;
  const sin = Math.sin((view.lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx;
  const toLng = (px: number) => (px / worldPx) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / worldPx))) * 180) / Math.PI;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const spanLng = (width / worldPx) * 360;
  return {
    south: clamp(toLat(y + height / 2), -85, 85),
    north: clamp(toLat(y - height / 2), -85, 85),
    west: spanLng >= 360 ? -180 : clamp(toLng(x - width / 2), -180, 180),
    east: spanLng >= 360 ? 180 : clamp(toLng(x + width / 2), -180, 180),
  };
}

/** Great-circle distance in km (haversine, as `private.distance_km` in SQL). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
