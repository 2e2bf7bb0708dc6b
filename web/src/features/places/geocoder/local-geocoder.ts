import { supabase } from '@/lib/supabase';
import { countryName, searchCities, type City } from '../city-search';
import type { Geocoder, GeocodeResult } from './geocoder';

/** The bundled gazetteer (≈ 4,500 cities, 73 KB gzipped), fetched the first time someone searches. */
export const citiesUrl = '/geo/cities.json';
let cities: Promise<City[]> | null = null;

function loadCities(): Promise<City[]> {
  cities ??= fetch(citiesUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`cities: HTTP ${response.status}`);
      return (await response.json()) as City[];
    })
    .catch((error: unknown) => {
      // a failed download is tried again next time
      cities = null;
      throw error;
    });
  return cities;
}

/** Pinstar's own places: `search_places` matches names and addresses (five best). */
export const pinstarPlaces: Geocoder = {
  async search(q, { signal, limit = 5 } = {}) {
    const query = supabase.rpc('search_places', { q, max_results: limit });
    const { data, error } = await (signal ? query.abortSignal(signal) : query);
    if (error) throw error;
    return data.map<GeocodeResult>((p) => ({
      key: `place-${p.id}`,
      kind: 'place',
      name: p.name,
      detail: p.address ? `Pinstar place · ${p.address}` : 'Pinstar place',
      lat: p.lat,
      lng: p.lng,
      zoom: 17,
    }));
  },
};

/** Cities of the bundled list, searched on the device ("lyon", "london, canada"). */
export const bundledCities: Geocoder = {
  async search(q, { limit = 5 } = {}) {
    return searchCities(await loadCities(), q, limit).map<GeocodeResult>((c) => ({
      key: `city-${c.name}-${c.country}-${c.lat}`,
      kind: 'city',
      name: c.name,
      detail: `City · ${countryName(c.country)}`,
      lat: c.lat,
      lng: c.lng,
      zoom: 12,
    }));
  },
};
