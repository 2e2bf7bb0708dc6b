import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { followKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export interface FollowCounts {
  follower_count: number;
  following_count: number;
}

/** A member's follower and following counts (kept exactly by the database). */
export function followCountsQuery(profileId: string) {
  return queryOptions({
    queryKey: followKeys.of(profileId),
    queryFn: async (): Promise<FollowCounts> => {
      const { data, error } = await supabase.from('profiles').select('follower_count, following_count').eq('id', profileId).single();
      if (error) throw error;
      return data;
    },
  });
}

/** Whether the signed-in member follows this profile. */
export function isFollowingQuery(userId: string, profileId: string) {
  return queryOptions({
    queryKey: followKeys.mine(userId, profileId),
    queryFn: async (): Promise<boolean> => {
      const { data, error } = await supabase
        .from('follows')
        .select('followee_id')
        .eq('follower_id', userId)
        .eq('followee_id', profileId)
        .maybeSingle();
      if (error) throw error;
      return data !== null;
    },
  });
}

/** Follows or unfollows optimistically; the button and the count change back if refused. */
export function useSetFollow(userId: string, profileId: string) {
  const queryClient = useQueryClient();
  const mineKey = followKeys.mine(userId, profileId);
  const countsKey = followKeys.of(profileId);
  return useMutation({
    mutationFn: async (follow: boolean) => {
      const { error } = follow
        ? await supabase.from('follows').insert({ followee_id: profileId })
        : await supabase.from('follows').delete().eq('follower_id', userId).eq('followee_id', profileId);
      if (error) throw error;
    },
    meta: { errorTable: 'follows' },
    onMutate: async (follow) => {
      await Promise.all([queryClient.cancelQueries({ queryKey: mineKey }), queryClient.cancelQueries({ queryKey: countsKey })]);
      const previous = { mine: queryClient.getQueryData<boolean>(mineKey), counts: queryClient.getQueryData<FollowCounts>(countsKey) };
      queryClient.setQueryData(mineKey, follow);
      queryClient.setQueryData<FollowCounts>(countsKey, (old) =>
        old ? { ...old, follower_count: Math.max(0, old.follower_count + (follow ? 1 : -1)) } : old,
      );
      return previous;
    },
    onError: (_error, _follow, previous) => {
      queryClient.setQueryData(mineKey, previous?.mine);
      queryClient.setQueryData(countsKey, previous?.counts);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
      void queryClient.invalidateQueries({ queryKey: mineKey });
    },
  });
}
