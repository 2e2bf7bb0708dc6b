import { useQuery } from '@tanstack/react-query';
import { useSetStar } from '../api/set-star';
import { starredIdsQuery } from '../api/stars';

/** Star state of one place, and its optimistic toggle. */
export function useStar(userId: string | null, placeId: string, placeName?: string) {
  const ids = useQuery({ ...starredIdsQuery(userId ?? ''), enabled: userId !== null });
  const mutation = useSetStar(userId, placeId, placeName);
  const starred = ids.data?.includes(placeId) ?? false;
  return { starred, toggle: () => mutation.mutate(!starred), pending: mutation.isPending };
}
