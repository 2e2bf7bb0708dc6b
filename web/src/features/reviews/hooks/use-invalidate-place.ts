import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { photoKeys } from '@/features/photos';
import { placeKeys } from '@/features/places';
import { reviewKeys } from '../api/keys';

/** After a review changes: its list, the member's own review, the mean, histogram and photos. */
export function useInvalidatePlace() {
  const queryClient = useQueryClient();
  return useCallback(
    (placeId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.place(placeId) }),
        queryClient.invalidateQueries({ queryKey: ['private', 'my-review', placeId] }),
        queryClient.invalidateQueries({ queryKey: placeKeys.detail(placeId) }),
        queryClient.invalidateQueries({ queryKey: placeKeys.histogram(placeId) }),
        queryClient.invalidateQueries({ queryKey: photoKeys.place(placeId) }),
        queryClient.invalidateQueries({ queryKey: ['places', 'in-view'] }),
      ]),
    [queryClient],
  );
}
