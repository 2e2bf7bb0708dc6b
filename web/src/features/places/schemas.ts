import { z } from 'zod';
import type { Database } from '@/lib/database.types';

export type Place = Database['public']['Tables']['places']['Row'];
export type PlaceCategory = Database['public']['Enums']['place_category'];

export const placeCategories = ['cafe', 'restaurant', 'bar', 'park', 'museum', 'shop', 'viewpoint', 'venue', 'other'] as const satisfies readonly PlaceCategory[];

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

/** The same limits as the `places` check constraints in SQL. */
export const placeInput = z.object({
  name: z.string().trim().min(2, 'Names are 2–80 characters.').max(80, 'Names are 2–80 characters.'),
  category: z.enum(placeCategories, { message: 'Choose a category.' }),
  description: z.string().trim().max(1000, 'Descriptions are at most 1000 characters.'),
  address: z.string().trim().max(200, 'Addresses are at most 200 characters.'),
  lat: z.number({ message: 'Place the pin or type a latitude.' }).min(-90, 'Latitude is between −90 and 90.').max(90, 'Latitude is between −90 and 90.'),
  lng: z.number({ message: 'Place the pin or type a longitude.' }).min(-180, 'Longitude is between −180 and 180.').max(180, 'Longitude is between −180 and 180.'),
});
export type PlaceInput = z.infer<typeof placeInput>;

/** Mean stars to one decimal ("4.3"), or null when nobody rated the place yet. */
export function formatRating(place: Pick<Place, 'rating_avg' | 'rating_count'>): string | null {
  return place.rating_count > 0 ? Number(place.rating_avg).toFixed(1) : null;
}
