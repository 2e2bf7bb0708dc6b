import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/lib/errors';
import { starKeys } from '@/lib/query-keys';
import { setStar, starredIdsQuery } from '../api/stars';

/**
 * Star state of one place with an optimistic toggle: the button flips at once, and flips back
 * with a toast if the server refuses.
 */
export function useStar(userId: string | null, placeId: string) {
  const queryClient = useQueryClient();
  const ids = useQuery({ ...starredIdsQuery(userId ?? ''), enabled: userId !== null });
  const mutation = useMutation({
    mutationFn: (starred: boolean) => setStar(userId ?? '', placeId, starred),
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
    onError: (error: unknown, _starred, context) => {
      if (userId) queryClient.setQueryData(starKeys.ids(userId), context?.previous);
      toast.error(describeError(error, { table: 'stars' }).message);
    },
    onSettled: () => {
      if (userId) void queryClient.invalidateQueries({ queryKey: starKeys.all(userId) });
      void queryClient.invalidateQueries({ queryKey: ['places', 'in-view'] });
    },
  });
  const starred = ids.data?.includes(placeId) ?? false;
  return { starred, toggle: () => mutation.mutate(!starred), pending: mutation.isPending };
}
