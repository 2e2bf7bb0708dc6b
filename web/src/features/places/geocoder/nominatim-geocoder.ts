import type { Geocoder, GeocodeResult } from './geocoder';

interface NominatimPlace {
  place_id?: number | string;
  display_name?: string;
  name?: string;
  lat?: string;
  lon?: string;
}

/**
 * A Nominatim-compatible search endpoint (`<url>?q=…&format=jsonv2&limit=…`, the shape Nominatim
 * and Photon's Nominatim mode answer), for deployments that run or rent one. Rows without a
 * usable point are left out.
 */
export function nominatimGeocoder(url: string): Geocoder {
  return {
    async search(q, { signal, limit = 5 } = {}) {
      const endpoint = new URL(url);
      endpoint.searchParams.set('q', q);
      endpoint.searchParams.set('format', 'jsonv2');
      endpoint.searchParams.set('limit', String(limit));
      const response = await fetch(endpoint, { signal, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`geocoder: HTTP ${response.status}`);
      const rows = (await response.json()) as NominatimPlace[];
      return rows.flatMap<GeocodeResult>((row, i) => {
        const lat = Number(row.lat);
        const lng = Number(row.lon);
        if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return [];
        const full = row.display_name ?? '';
        return [
          {
            key: `address-${row.place_id ?? i}`,
            kind: 'address',
            name: row.name || full.split(',')[0] || q,
            detail: full ? `Address · ${full}` : 'Address',
            lat,
            lng,
            zoom: 18,
          },
        ];
      });
    },
  };
}
