import { queryOptions } from '@tanstack/react-query';
import type { PlaceCategory } from '@/lib/places';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ListRow } from '../schemas';

export type ListAccess = 'owner' | 'editor' | 'viewer' | 'invited' | null;

export interface ListEntry {
  id: string;
  place_id: string;
  position: number;
  added_by: string | null;
  note: string;
  note_hidden: boolean;
  /** The link an imported place came with (Google Maps), https only. */
  source_url?: string | null;
  place: {
    id: string;
    name: string;
    category: PlaceCategory;
    address: string | null;
    lat: number;
    lng: number;
    rating_avg: number;
    rating_count: number;
  };
}

export interface OpenedList {
  list: ListRow & { owner: { id: string; username: string; display_name: string } };
  access: ListAccess;
  following: boolean;
  followers: number;
  places: ListEntry[];
}

/** The list page in one call (the open_list RPC): unlisted lists open here by their id. */
export function openListQuery(id: string) {
  return queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: async (): Promise<OpenedList> => {
      const { data, error } = await supabase.rpc('open_list', { list_id: id });
      if (error) throw error;
      return data as unknown as OpenedList;
    },
  });
}
