import type { Database } from '@/lib/database.types';

export type Place = Database['public']['Tables']['places']['Row'];
export type PlaceCategory = Database['public']['Enums']['place_category'];

export const placeCategories = [
  'cafe',
  'restaurant',
  'bar',
  'park',
  'museum',
  'shop',
  'viewpoint',
  'venue',
  'other',
] as const satisfies readonly PlaceCategory[];

export const categoryLabels: Record<PlaceCategory, string> = {
  cafe: 'Café',
  restaurant: 'Restaurant',
  bar: 'Bar',
  park: 'Park',
  museum: 'Museum',
  shop: 'Shop',
  viewpoint: 'Viewpoint',
  venue: 'Venue',
  other: 'Other',
};

/** Mean stars to one decimal ("4.3"), or null when nobody rated the place yet. */
export function formatRating(place: Pick<Place, 'rating_avg' | 'rating_count'>): string | null {
  return place.rating_count > 0 ? Number(place.rating_avg).toFixed(1) : null;
}
