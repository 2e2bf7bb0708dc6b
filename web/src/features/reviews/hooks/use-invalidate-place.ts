import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { photoKeys, placeKeys, reviewKeys } from '@/lib/query-keys';

/** After a review changes: its list, the member's own review, the mean, histogram and photos. */
export function useInvalidatePlace() {
  const queryClient = useQueryClient();
  return useCallback(
    (placeId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mineAll(placeId) }),
        queryClient.invalidateQueries({ queryKey: placeKeys.detail(placeId) }),
        queryClient.invalidateQueries({ queryKey: placeKeys.histogram(placeId) }),
        queryClient.invalidateQueries({ queryKey: photoKeys.place(placeId) }),
        queryClient.invalidateQueries({ queryKey: placeKeys.inViewAll }),
      ]),
    [queryClient],
  );
}
