import type { QueryClient } from '@tanstack/react-query';
import { myListsQuery, SaveToListDialog } from '@/features/lists';

/** The list picker for Explore's cards and map preview, in its own chunk: it loads on demand. */
export default SaveToListDialog;

/** Fetches the member's lists ahead of a click: the picker then waits only for which hold the place. */
export function prefetchPickerLists(queryClient: QueryClient, userId: string) {
  return queryClient.prefetchQuery(myListsQuery(userId));
}
