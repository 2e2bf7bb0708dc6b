import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placeKeys, starKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export async function setStar(userId: string, placeId: string, starred: boolean): Promise<void> {
  const { error } = starred
    ? await supabase
        .from('stars')
        .upsert({ user_id: userId, place_id: placeId }, { onConflict: 'user_id,place_id', ignoreDuplicates: true })
    : await supabase.from('stars').delete().eq('user_id', userId).eq('place_id', placeId);
  if (error) throw error;
}

/**
 * Stars or unstars one place optimistically: the button flips at once, and flips back (with
 * the query client's toast) if the server refuses.
 */
export function useSetStar(userId: string | null, placeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (starred: boolean) => setStar(userId ?? '', placeId, starred),
    meta: { errorTable: 'stars' },
    onMutate: async (starred) => {
      if (!userId) return { previous: undefined };
      const key = starKeys.ids(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (old = []) =>
        starred ? [...old.filter((id) => id !== placeId), placeId] : old.filter((id) => id !== placeId),
      );
      return { previous };
    },
    onError: (_error, _starred, context) => {
      if (userId) queryClient.setQueryData(starKeys.ids(userId), context?.previous);
    },
    onSettled: () => {
      if (userId) void queryClient.invalidateQueries({ queryKey: starKeys.all(userId) });
      void queryClient.invalidateQueries({ queryKey: placeKeys.inViewAll });
    },
  });
}
