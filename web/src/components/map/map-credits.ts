/**
 * The map's defaults and its credit line, shared by the app (map-config.ts) and the static
 * shell in index.html (vite.config.ts writes the same line there at build time).
 */
export const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const defaultTileAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** The bundled basemap's source (public domain; credited anyway). */
export const basemapAttribution = 'Natural Earth';

/** The attribution HTML Leaflet shows: the basemap first, then the tiles when there are any. */
export function mapCreditsHtml(tileUrl: string, tileAttribution: string): string {
  return [basemapAttribution, ...(tileUrl && tileAttribution ? [tileAttribution] : [])].join(', ');
}
