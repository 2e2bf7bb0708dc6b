import { placeCategories, type PlaceCategory } from '@/lib/places';

export const sortOptions = ['nearest', 'top', 'reviews', 'new'] as const;
export type ExploreSort = (typeof sortOptions)[number];
export const sortLabels: Record<ExploreSort, string> = { nearest: 'Nearest', top: 'Top rated', reviews: 'Most reviewed', new: 'Newest' };

/** Everything a link to Explore reproduces: the view and every filter. */
export interface ExploreState {
  lat: number;
  lng: number;
  zoom: number;
  q: string;
  category: PlaceCategory | null;
  minRating: number | null;
  starredOnly: boolean;
  /** Only places open now in their own time zone (decided in SQL). */
  openNow: boolean;
  sort: ExploreSort;
}

/** The whole demo world fits: Paris, London, Berlin, New York and Tokyo. */
export const defaultExplore: ExploreState = {
  lat: 30,
  lng: 10,
  zoom: 2,
  q: '',
  category: null,
  minRating: null,
  starredOnly: false,
  openNow: false,
  sort: 'reviews',
};

function numberIn(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

export function parseExplore(params: URLSearchParams): ExploreState {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    lat: numberIn(params.get('lat'), -85, 85) ?? defaultExplore.lat,
    lng: numberIn(params.get('lng'), -180, 180) ?? defaultExplore.lng,
    zoom: Math.round(numberIn(params.get('z'), 2, 18) ?? defaultExplore.zoom),
    q: (params.get('q') ?? '').slice(0, 100),
    category: placeCategories.find((c) => c === category) ?? null,
    minRating: numberIn(params.get('min'), 1, 5),
    starredOnly: params.get('starred') === '1',
    openNow: params.get('open') === '1',
    sort: sortOptions.find((s) => s === sort) ?? defaultExplore.sort,
  };
}

/** Only what differs from the defaults goes into the URL; coordinates keep 4 decimals. */
export function toSearchParams(state: ExploreState): URLSearchParams {
  const params = new URLSearchParams();
  const round = (v: number) => String(Math.round(v * 1e4) / 1e4);
  if (state.lat !== defaultExplore.lat || state.lng !== defaultExplore.lng || state.zoom !== defaultExplore.zoom) {
    params.set('lat', round(state.lat));
    params.set('lng', round(state.lng));
    params.set('z', String(state.zoom));
  }
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.category) params.set('category', state.category);
  if (state.minRating) params.set('min', String(state.minRating));
  if (state.starredOnly) params.set('starred', '1');
  if (state.openNow) params.set('open', '1');
  if (state.sort !== defaultExplore.sort) params.set('sort', state.sort);
  return params;
}
