import { combineGeocoders } from './geocoder';
import { bundledCities, pinstarPlaces } from './local-geocoder';
import { nominatimGeocoder } from './nominatim-geocoder';

export type { Geocoder, GeocodeAnswer, GeocodeResult } from './geocoder';

/**
 * The app's geocoder: Pinstar's places and the bundled cities, after the deployment's own
 * geocoder when `VITE_GEOCODER_URL` names one (decision 324).
 */
export function appGeocoder(url: string | undefined = import.meta.env.VITE_GEOCODER_URL) {
  return url ? combineGeocoders(nominatimGeocoder(url), pinstarPlaces, bundledCities) : combineGeocoders(pinstarPlaces, bundledCities);
}
