import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import type { Place } from '@/lib/places';
import { moderationKeys, placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { suggestableFields, type PlaceInput } from '../place-input';
import { toRow } from './save-place';

/** The fields whose value the form changed, as suggest_place_edit takes them (null clears). */
export function changedFields(place: Place, input: PlaceInput): Record<string, Json> {
  const row = toRow(input) as Record<string, unknown>;
  const current = place as unknown as Record<string, unknown>;
  const changes: Record<string, Json> = {};
  for (const field of suggestableFields) {
    const next = row[field] ?? null;
    if (JSON.stringify(next) !== JSON.stringify(current[field] ?? null)) changes[field] = next as Json;
  }
  return changes;
}

/** `suggest_place_edit`: the change waits for the place's creator, a trusted member or a moderator. */
export async function suggestPlaceEdit(placeId: string, changes: Record<string, Json>, note: string) {
  const { data, error } = await supabase.rpc('suggest_place_edit', { place_id: placeId, changes, note });
  if (error) throw error;
  return data;
}

export function useSuggestEdit(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, note }: { changes: Record<string, Json>; note: string }) => suggestPlaceEdit(placeId, changes, note),
    meta: { errorToast: false, errorTable: 'places' },
    onSuccess: () => {
      toast.success('Suggestion sent — the place changes once someone accepts it');
      void queryClient.invalidateQueries({ queryKey: placeKeys.edits(placeId) });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.placeEdits() });
    },
  });
}
