/**
 * Map settings. Tiles come from `VITE_MAP_TILE_URL` (an `{z}/{x}/{y}` template; empty disables
 * tiles) with `VITE_MAP_TILE_ATTRIBUTION`; the bundled low-detail basemap is always drawn
 * underneath, so pins keep their context when tiles cannot load (offline, no internet).
 */
export const tileUrl: string = import.meta.env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const tileAttribution: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const basemapUrl = '/basemap/countries-low.geo.json';
export const basemapAttribution = 'Basemap: Natural Earth (public domain)';
