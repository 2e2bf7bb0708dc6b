import type { Database } from './database.types.ts';

export type Place = Database['public']['Tables']['places']['Row'];

/**
 * What a place's card, pin and map preview show: Explore asks `places_in_view` for these
 * columns only (up to 500 places at a time), not the hours, contact and description its page
 * reads (decision 439).
 */
export const placeCardColumns =
  'id,name,category,address,lat,lng,rating_avg,rating_count,created_at,cover_photo_path,cover_photo_thumbhash';
export type PlaceCardData = Pick<
  Place,
  | 'id'
  | 'name'
  | 'category'
  | 'address'
  | 'lat'
  | 'lng'
  | 'rating_avg'
  | 'rating_count'
  | 'created_at'
  | 'cover_photo_path'
  | 'cover_photo_thumbhash'
>;
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

/** A place's rating columns (the mean arrives as a string from some queries). */
export interface RatedPlace {
  rating_avg: number | string;
  rating_count: number;
}

/** Mean stars to one decimal ("4.3"), or null when nobody rated the place yet. */
export function formatRating(place: RatedPlace): string | null {
  return place.rating_count > 0 ? Number(place.rating_avg).toFixed(1) : null;
}

/** "1 review", "12 reviews". */
export function reviewCount(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * A place's rating as people write it, the one wording on every screen:
 * "4.0 out of 5 · 1 review", or "No reviews yet".
 */
export function ratingSummary(place: RatedPlace): string {
  const mean = formatRating(place);
  return mean ? `${mean} out of 5 · ${reviewCount(place.rating_count)}` : 'No reviews yet';
}
