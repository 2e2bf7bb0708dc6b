/** One city of the bundled gazetteer (web/public/geo/cities.json): name, ISO country code, lat, lng. */
export type City = readonly [name: string, country: string, lat: number, lng: number];

export interface CityMatch {
  name: string;
  country: string;
  lat: number;
  lng: number;
}

/** Lower case without accents or punctuation, so "sao paulo" finds "São Paulo" and "st. louis" "St. Louis". */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "France" for "FR"; the code itself when the runtime does not know it. */
export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Cities whose name starts with the query, then those with a word that does (largest first
 * within each, as the gazetteer is ordered). A part after a comma narrows by country, by code
 * or name: "london, ca", "paris, france".
 */
export function searchCities(cities: readonly City[], query: string, limit = 5): CityMatch[] {
  const [namePart = '', countryPart = ''] = query.split(',', 2);
  const name = foldName(namePart);
  const country = foldName(countryPart);
  if (name.length < 2) return [];
  const inCountry = (code: string) => !country || foldName(code) === country || foldName(countryName(code)).startsWith(country);
  const starts: City[] = [];
  const words: City[] = [];
  for (const city of cities) {
    const folded = foldName(city[0]);
    if (folded.startsWith(name)) {
      if (inCountry(city[1])) starts.push(city);
    } else if (words.length < limit && folded.includes(` ${name}`) && inCountry(city[1])) {
      words.push(city);
    }
    if (starts.length >= limit) break;
  }
  return [...starts, ...words].slice(0, limit).map(([n, c, lat, lng]) => ({ name: n, country: c, lat, lng }));
}
