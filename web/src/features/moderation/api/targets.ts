import type { PhotoRow } from '@/lib/photos';
import type { PlaceCategory } from '@/lib/places';
import { supabase } from '@/lib/supabase';
import type { ContentType } from '../schemas';

export interface Person {
  username: string;
  display_name: string;
}

interface PlaceRef {
  id: string;
  name: string;
}

/** What a report or a hide is about, with its author and its place, as moderators see it. */
export type TargetContent =
  | {
      type: 'review';
      id: string;
      hidden_at: string | null;
      created_at: string;
      author: Person | null;
      place: PlaceRef | null;
      rating: number;
      body: string;
    }
  | {
      type: 'place';
      id: string;
      hidden_at: string | null;
      created_at: string;
      author: Person | null;
      place: PlaceRef;
      category: PlaceCategory;
      description: string;
      address: string | null;
    }
  | {
      type: 'reply';
      id: string;
      hidden_at: string | null;
      created_at: string;
      author: Person | null;
      place: PlaceRef | null;
      body: string;
    }
  | {
      type: 'list';
      id: string;
      hidden_at: string | null;
      created_at: string;
      author: Person | null;
      place: null;
      name: string;
      description: string;
      emoji: string | null;
    }
  | {
      type: 'list_note';
      id: string;
      hidden_at: string | null;
      created_at: string;
      author: Person | null;
      place: null;
      list: { id: string; name: string };
      note: string;
    }
  | ({
      type: 'photo';
      id: string;
      hidden_at: string | null;
      created_at: string;
      author: Person | null;
      place: PlaceRef | null;
    } & Pick<PhotoRow, 'path' | 'alt'>);

// Embeds name their foreign key: profiles and places are also related through stars and
// reviews, which PostgREST would report as ambiguous (PGRST201).
const reviewColumns =
  'id, hidden_at, created_at, rating, body, author:profiles!reviews_author_id_fkey(username, display_name), place:places!reviews_place_id_fkey(id, name)';
const placeColumns =
  'id, name, hidden_at, created_at, category, description, address, author:profiles!places_created_by_fkey(username, display_name)';
const photoColumns =
  'id, hidden_at, created_at, path, alt, author:profiles!review_photos_uploader_id_fkey(username, display_name), place:places!review_photos_place_id_fkey(id, name)';

const replyColumns =
  'id, hidden_at, created_at, body, author:profiles!review_replies_author_id_fkey(username, display_name), review:reviews!review_replies_review_id_fkey(place:places!reviews_place_id_fkey(id, name))';

const listColumns = 'id, name, description, emoji, hidden_at, created_at, author:profiles!lists_owner_id_fkey(username, display_name)';

/**
 * Loads targets of one type, either by id (the reported ones) or the hidden ones (newest hide
 * first). Moderators read hidden rows through RLS; a deleted target is simply absent.
 */
export async function fetchTargets(type: ContentType, filter: { ids: string[] } | { hidden: true }): Promise<TargetContent[]> {
  if ('ids' in filter && filter.ids.length === 0) return [];
  if (type === 'review') {
    const query = supabase.from('reviews').select(reviewColumns);
    const { data, error } = await ('ids' in filter
      ? query.in('id', filter.ids)
      : query.not('hidden_at', 'is', null).order('hidden_at', { ascending: false }).limit(50));
    if (error) throw error;
    return data.map((row) => ({ type, ...row }));
  }
  if (type === 'place') {
    const query = supabase.from('places').select(placeColumns);
    const { data, error } = await ('ids' in filter
      ? query.in('id', filter.ids)
      : query.not('hidden_at', 'is', null).order('hidden_at', { ascending: false }).limit(50));
    if (error) throw error;
    return data.map(({ name, ...row }) => ({ type, ...row, place: { id: row.id, name } }));
  }
  if (type === 'reply') {
    const query = supabase.from('review_replies').select(replyColumns);
    const { data, error } = await ('ids' in filter
      ? query.in('id', filter.ids)
      : query.not('hidden_at', 'is', null).order('hidden_at', { ascending: false }).limit(50));
    if (error) throw error;
    return data.map(({ review, ...row }) => ({ type, ...row, place: review?.place ?? null }));
  }
  if (type === 'list') {
    const query = supabase.from('lists').select(listColumns);
    const { data, error } = await ('ids' in filter
      ? query.in('id', filter.ids)
      : query.not('hidden_at', 'is', null).order('hidden_at', { ascending: false }).limit(50));
    if (error) throw error;
    return data.map((row) => ({ type, ...row, place: null }));
  }
  if (type === 'list_note') {
    // notes are not a readable column: moderators read reported and hidden ones through this RPC
    const { data, error } = await supabase.rpc('list_notes_for_moderation', 'ids' in filter ? { ids: filter.ids } : {});
    if (error) throw error;
    return data.map((row) => ({
      type,
      id: row.id,
      hidden_at: row.hidden_at,
      created_at: row.created_at,
      author: row.author_username ? { username: row.author_username, display_name: row.author_display_name } : null,
      place: null,
      list: { id: row.list_id, name: row.list_name },
      note: row.note,
    }));
  }
  const query = supabase.from('review_photos').select(photoColumns);
  const { data, error } = await ('ids' in filter
    ? query.in('id', filter.ids)
    : query.not('hidden_at', 'is', null).order('hidden_at', { ascending: false }).limit(50));
  if (error) throw error;
  return data.map((row) => ({ type: 'photo' as const, ...row }));
}
