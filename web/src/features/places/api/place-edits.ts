import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys, placeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

export interface PlaceEdit {
  id: string;
  place_id: string;
  author_id: string | null;
  changes: Record<string, unknown>;
  previous: Record<string, unknown>;
  note: string;
  status: 'pending' | 'accepted' | 'rejected' | 'applied';
  decided_as: string | null;
  decided_at: string | null;
  reason: string | null;
  created_at: string;
  author: { username: string; display_name: string } | null;
}

// who decided is not public: the columns are named (decided_by has no grant)
export const placeEditColumns =
  'id, place_id, author_id, changes, previous, note, status, decided_as, decided_at, reason, created_at, author:profiles!place_edits_author_id_fkey(username, display_name)';

/** A place's history (accepted suggestions and direct edits) and the suggestions waiting, newest first. */
export function placeEditsQuery(placeId: string) {
  return queryOptions({
    queryKey: placeKeys.edits(placeId),
    queryFn: async (): Promise<PlaceEdit[]> => {
      const { data, error } = await supabase
        .from('place_edits')
        .select(placeEditColumns)
        .eq('place_id', placeId)
        .order('created_at', { ascending: false })
        .limit(50);
      if (error) throw error;
      return data as unknown as PlaceEdit[];
    },
  });
}

/** Every suggestion waiting, oldest first, with its place's name (moderators read them all). */
export function pendingEditsQuery() {
  return queryOptions({
    queryKey: moderationKeys.placeEdits(),
    queryFn: async (): Promise<(PlaceEdit & { place: { name: string } | null })[]> => {
      const { data, error } = await supabase
        .from('place_edits')
        .select(`${placeEditColumns}, place:places(name)`)
        .eq('status', 'pending')
        .order('created_at', { ascending: true })
        .limit(100);
      if (error) throw error;
      return data as unknown as (PlaceEdit & { place: { name: string } | null })[];
    },
  });
}

/** Whether the member decides on this place's suggestions: creator, trusted, moderator or null. */
export function editStandingQuery(placeId: string, userId: string) {
  return queryOptions({
    queryKey: placeKeys.editStanding(placeId, userId),
    queryFn: async (): Promise<string | null> => {
      const { data, error } = await supabase.rpc('place_edit_standing', { place_id: placeId });
      if (error) throw error;
      return data;
    },
  });
}

/** `decide_place_edit`: accept (applied at once) or reject, with an optional reason for the suggester. */
export function useDecideEdit(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ editId, accept, reason }: { editId: string; accept: boolean; reason?: string }) => {
      const { data, error } = await supabase.rpc('decide_place_edit', { edit_id: editId, accept, reason: reason || undefined });
      if (error) throw error;
      return data;
    },
    meta: { errorTable: 'place_edits' },
    onSuccess: (decided) => {
      toast.success(decided.status === 'accepted' ? 'Suggestion accepted — the place is updated' : 'Suggestion rejected');
      // the place (accepted), its history and its standing; other places' pages are not concerned
      void queryClient.invalidateQueries({ queryKey: placeKeys.detail(placeId) });
      void queryClient.invalidateQueries({ queryKey: placeKeys.edits(placeId) });
      void queryClient.invalidateQueries({ queryKey: placeKeys.inViewAll });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.placeEdits() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.placeEdits() });
    },
  });
}

/** Its author takes back a suggestion still waiting. */
export function useWithdrawEdit(placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (editId: string) => {
      const { error } = await supabase.from('place_edits').delete().eq('id', editId);
      if (error) throw error;
    },
    onSuccess: () => {
      toast.success('Suggestion withdrawn');
      void queryClient.invalidateQueries({ queryKey: placeKeys.edits(placeId) });
    },
  });
}
