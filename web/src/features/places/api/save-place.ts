import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database, Json } from '@/lib/database.types';
import type { Place } from '@/lib/places';
import { placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { PlaceInput } from '../place-input';

/** The row as SQL holds it: empty texts are null. */
export function toRow(input: PlaceInput) {
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    address: input.address || null,
    lat: input.lat,
    lng: input.lng,
    phone: input.phone || null,
    website: input.website || null,
    price_level: input.price_level,
    time_zone: input.time_zone || null,
    opening_hours: input.opening_hours as Json | null,
  };
}

export async function createPlace(input: PlaceInput, userId: string): Promise<Place> {
  const { data, error } = await supabase
    .from('places')
    .insert({ ...toRow(input), created_by: userId })
    .select('*')
    .single();
  if (error) throw error;
  return data;
}

export async function updatePlace(id: string, input: PlaceInput): Promise<Place> {
  const { data, error } = await supabase.from('places').update(toRow(input)).eq('id', id).select('*').single();
  if (error) throw error;
  return data;
}

/** Adds or edits a place and says so; its page takes the answer, lists refetch. Errors go to the form. */
export function useSavePlace(userId: string, existing: Place | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) => (existing ? updatePlace(existing.id, input) : createPlace(input, userId)),
    meta: { errorToast: false, errorTable: 'places' },
    onSuccess: (saved) => {
      queryClient.setQueryData(placeKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: placeKeys.all });
      toast.success(existing ? 'Place updated' : 'Place added');
    },
  });
}

export type SimilarPlace = Database['public']['CompositeTypes']['place_with_distance'];

/** `similar_places`: places with a similar name within 75 m ("Is it one of these?"). */
export async function findSimilarPlaces(name: string, lat: number, lng: number): Promise<SimilarPlace[]> {
  const { data, error } = await supabase.rpc('similar_places', { name, lat, lng, radius_m: 75 });
  if (error) throw error;
  return data;
}
