/**
 * The one interface through which Pinstar turns words (an address, a place's name, a city) into
 * a point on the map (decision 324). By default it asks only Pinstar itself: its own places
 * (`search_places`, names and addresses) and the bundled city list — no outside service is
 * reachable. A deployment may point `VITE_GEOCODER_URL` at a Nominatim-compatible search
 * endpoint (its own Nominatim or Photon, or a provider's); its answers then come first.
 */
export interface GeocodeResult {
  key: string;
  kind: 'place' | 'address' | 'city';
  name: string;
  /** "Pinstar place · 6 Rue …", "City · France", "Address" */
  detail: string;
  lat: number;
  lng: number;
  /** How close the map should come to show it. */
  zoom: number;
}

export interface Geocoder {
  /** At most `limit` results for the words, best first; [] when nothing matches. */
  search(q: string, options?: { signal?: AbortSignal; limit?: number }): Promise<GeocodeResult[]>;
}

/** What a set of geocoders found: their results together, and why one of them failed, if one did. */
export interface GeocodeAnswer {
  results: GeocodeResult[];
  /** The first failure: the others' results still count (the bundled cities answer offline). */
  failure: unknown;
}

/** Geocoders asked together, their answers put together in their order (duplicates once). */
export function combineGeocoders(...geocoders: Geocoder[]): {
  search(q: string, options?: { signal?: AbortSignal; limit?: number }): Promise<GeocodeAnswer>;
} {
  return {
    async search(q, options) {
      const answers = await Promise.allSettled(geocoders.map((g) => g.search(q, options)));
      const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
      if (failed && answers.every((a) => a.status === 'rejected')) throw failed.reason;
      const seen = new Set<string>();
      const results = answers
        .flatMap((a) => (a.status === 'fulfilled' ? a.value : []))
        .filter((r) => {
          const key = `${r.name.toLowerCase()}|${r.lat.toFixed(4)}|${r.lng.toFixed(4)}`;
          return !seen.has(key) && Boolean(seen.add(key));
        });
      return { results, failure: failed ? failed.reason : null };
    },
  };
}
