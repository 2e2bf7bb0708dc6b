import { defaultTileAttribution, defaultTileUrl, mapCreditsHtml } from './map-credits';

/**
 * Map settings. Tiles come from `VITE_MAP_TILE_URL` (an `{z}/{x}/{y}` template; empty disables
 * tiles) with `VITE_MAP_TILE_ATTRIBUTION`; the bundled low-detail basemap is always drawn
 * underneath, so pins keep their context when tiles cannot load (offline, no internet).
 */
export const tileUrl: string = import.meta.env.VITE_MAP_TILE_URL ?? defaultTileUrl;
export const tileAttribution: string = import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? defaultTileAttribution;
export const basemapUrl = '/basemap/countries-low.geo.json';
export { basemapAttribution } from './map-credits';
/** What the map's attribution control shows, also drawn by the placeholder while Leaflet loads. */
export const mapCredits = mapCreditsHtml(tileUrl, tileAttribution);
