import type { MapBounds, MapView } from './types';

/** The zooms the maps allow (Leaflet's `minZoom` and `maxZoom`). */
export const zoomRange = { min: 2, max: 18 } as const;

/** Spherical Mercator's last latitude (Leaflet's `SphericalMercator.MAX_LATITUDE`). */
const maxLatitude = 85.0511287798;

/**
 * The bounds a Leaflet map of `width`×`height` px reports at `view` once it has drawn (the same
 * numbers `PlacesMap` reports) — lets the list query the viewport before the (lazily loaded) map
 * is there, with the query the map then asks for: the zoom snapped to a whole one within
 * `zoomRange`, the top-left corner on a whole pixel, latitudes up to ±90 and longitudes wrapped
 * into −180…180 unless the map spans the world. Off by a fraction of a pixel, Explore's first
 * paint asked the server twice and drew the list twice.
 */
export function estimateBounds(view: MapView, width: number, height: number): MapBounds {
  const zoom = Math.max(zoomRange.min, Math.min(zoomRange.max, Math.round(view.zoom)));
  const worldPx = 256 * 2 ** zoom;
  const lat = Math.max(-maxLatitude, Math.min(maxLatitude, view.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = ((view.lng + 180) / 360) * worldPx;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx;
  const left = Math.round(x - width / 2);
  const top = Math.round(y - height / 2);
  const toLng = (px: number) => (px / worldPx) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / worldPx))) * 180) / Math.PI;
  return reportedBounds({ south: toLat(top + height), north: toLat(top), west: toLng(left), east: toLng(left + width) });
}

/**
 * The bounds a map reports for the area it shows (`PlacesMap`, and `estimateBounds` before it is
 * there): latitudes within ±90, longitudes wrapped into −180…180 as Leaflet's `wrapNum` does
 * (180 stays 180), or the whole world when the map is wider than it.
 */
export function reportedBounds(shown: MapBounds): MapBounds {
  const wrap = (lng: number) => (lng === 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180);
  const spansWorld = shown.east - shown.west >= 360;
  return {
    south: Math.max(-90, shown.south),
    north: Math.min(90, shown.north),
    west: spansWorld ? -180 : wrap(shown.west),
    east: spansWorld ? 180 : wrap(shown.east),
  };
}

/** Great-circle distance in km (haversine, as `private.distance_km` in SQL). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
