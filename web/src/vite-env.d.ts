/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_MAP_TILE_URL?: string;
  /** A Nominatim-compatible search endpoint the Add-a-place search asks first (decision 324). */
  readonly VITE_GEOCODER_URL?: string;
}
