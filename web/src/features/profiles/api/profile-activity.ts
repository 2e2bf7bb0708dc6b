import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { placeCategories } from '@/lib/places';
import { profileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const reviewItem = z.object({
  id: z.string(),
  rating: z.number(),
  body: z.string(),
  visited_on: z.string().nullable(),
  created_at: z.string(),
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
});
const placeItem = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(placeCategories),
  rating_avg: z.union([z.number(), z.string()]),
  rating_count: z.number(),
});

export type ProfileReview = z.infer<typeof reviewItem>;
export type ProfilePlace = z.infer<typeof placeItem>;

export interface ProfileActivity {
  reviewCount: number;
  placeCount: number;
  reviews: ProfileReview[];
  places: ProfilePlace[];
}

const pageSize = 20;

async function getProfileActivity(profileId: string): Promise<ProfileActivity> {
  const [reviews, places] = await Promise.all([
    supabase
      .from('reviews')
      .select('id, rating, body, visited_on, created_at, place:places(id, name)', { count: 'exact' })
      .eq('author_id', profileId)
      .order('created_at', { ascending: false })
      .limit(pageSize),
    supabase
      .from('places')
      .select('id, name, category, rating_avg, rating_count', { count: 'exact' })
      .eq('created_by', profileId)
      .order('created_at', { ascending: false })
      .limit(pageSize),
  ]);
  if (reviews.error) throw reviews.error;
  if (places.error) throw places.error;
  return {
    reviewCount: reviews.count ?? 0,
    placeCount: places.count ?? 0,
    reviews: z.array(reviewItem).parse(reviews.data),
    places: z.array(placeItem).parse(places.data),
  };
}

export function profileActivityQuery(profileId: string) {
  return queryOptions({ queryKey: profileKeys.activity(profileId), queryFn: () => getProfileActivity(profileId) });
}
