import { queryOptions } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ListRole, ListRow } from '../schemas';

export type ListSummary = Pick<ListRow, 'id' | 'name' | 'emoji' | 'visibility' | 'updated_at' | 'owner_id' | 'place_count'>;

export interface MyLists {
  mine: ListSummary[];
  shared: (ListSummary & { role: ListRole; accepted: boolean })[];
  followed: ListSummary[];
}

const summaryColumns = 'id, name, emoji, visibility, updated_at, owner_id, place_count';

/** The member's own lists, those shared with them (invitations included) and those they follow. */
export function myListsQuery(userId: string) {
  return queryOptions({
    queryKey: listKeys.mine(userId),
    queryFn: async (): Promise<MyLists> => {
      const [mine, shared, followed] = await Promise.all([
        supabase.from('lists').select(summaryColumns).eq('owner_id', userId).order('updated_at', { ascending: false }),
        supabase.from('list_members').select(`role, accepted_at, list:lists!inner(${summaryColumns})`).eq('user_id', userId),
        supabase.from('list_follows').select(`list:lists!inner(${summaryColumns})`).eq('user_id', userId),
      ]);
      if (mine.error) throw mine.error;
      if (shared.error) throw shared.error;
      if (followed.error) throw followed.error;
      return {
        mine: mine.data,
        shared: shared.data.map((m) => ({ ...m.list, role: m.role, accepted: m.accepted_at !== null })),
        followed: followed.data.map((f) => f.list),
      };
    },
  });
}

/** The ids of the lists (of those the member may edit) that hold a place. */
export function listsWithPlaceQuery(userId: string, placeId: string) {
  return queryOptions({
    queryKey: listKeys.forPlace(userId, placeId),
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await supabase.from('list_places').select('list_id').eq('place_id', placeId);
      if (error) throw error;
      return data.map((row) => row.list_id);
    },
  });
}

/** A member's public lists, for their profile. */
export function publicListsQuery(profileId: string) {
  return queryOptions({
    queryKey: listKeys.publicOf(profileId),
    queryFn: async (): Promise<ListSummary[]> => {
      const { data, error } = await supabase
        .from('lists')
        .select(summaryColumns)
        .eq('owner_id', profileId)
        .eq('visibility', 'public')
        .order('updated_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
}
