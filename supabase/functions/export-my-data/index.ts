import type { SupabaseClient } from '@supabase/supabase-js';
import { callerClient, requireUser } from '../_shared/clients.ts';
import { corsHeaders, errorResponse, json } from '../_shared/http.ts';

// Everything the caller owns, read as the caller (RLS decides), as one JSON document with the
// caller's places also as a GeoJSON FeatureCollection. Photo and avatar keys come with their
// public URLs so the export stands on its own.

type Row = Record<string, unknown>;

/** All rows of a query, page by page (the API caps a response at 1000 rows). */
async function selectAll(run: (from: number, to: number) => PromiseLike<{ data: Row[] | null; error: unknown }>): Promise<Row[]> {
  const rows: Row[] = [];
  const page = 1000;
  for (let from = 0; ; from += page) {
    const { data, error } = await run(from, from + page - 1);
    if (error) throw error;
    rows.push(...(data ?? []));
    if (!data || data.length < page) return rows;
  }
}

/** Helpful votes, replies, follows both ways, notifications and their preferences. */
async function exportCommunity(db: SupabaseClient, userId: string): Promise<Record<string, unknown>> {
  const [votes, replies, following, followers, notifications, preferences] = await Promise.all([
    selectAll((from, to) =>
      db.from('review_votes').select('review_id, created_at').eq('user_id', userId).order('created_at').range(from, to),
    ),
    selectAll((from, to) =>
      db
        .from('review_replies')
        .select('id, review_id, body, created_at, updated_at, hidden_at')
        .eq('author_id', userId)
        .order('created_at')
        .range(from, to),
    ),
    selectAll((from, to) =>
      db.from('follows').select('followee_id, created_at').eq('follower_id', userId).order('created_at').range(from, to),
    ),
    selectAll((from, to) =>
      db.from('follows').select('follower_id, created_at').eq('followee_id', userId).order('created_at').range(from, to),
    ),
    selectAll((from, to) =>
      db
        .from('notifications')
        .select(
          'id, kind, actor_id, actor_count, place_id, review_id, reply_id, list_id, target_type, target_id, reason, created_at, updated_at, read_at',
        )
        .eq('recipient_id', userId)
        .order('created_at')
        .range(from, to),
    ),
    db
      .from('notification_preferences')
      .select('reply, helpful, follow, new_review, moderation, reports, list_invite, place_edits')
      .eq('user_id', userId)
      .maybeSingle(),
  ]);
  if (preferences.error) throw preferences.error;
  return {
    helpful_votes: votes,
    review_replies: replies,
    following,
    followers,
    notifications,
    notification_preferences: preferences.data,
  };
}

function publicUrl(client: SupabaseClient, bucket: string, path: unknown): string | null {
  return typeof path === 'string' && path ? client.storage.from(bucket).getPublicUrl(path).data.publicUrl : null;
}

function toFeature(place: Row, relation: 'added' | 'starred') {
  const { lat, lng, ...properties } = place;
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [Number(lng), Number(lat)] }, properties: { ...properties, relation } };
}

Deno.serve(async (request: Request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST' && request.method !== 'GET') return errorResponse(405, 'method_not_allowed', 'Use POST.');
  const caller = await requireUser(request);
  if (!caller) return errorResponse(401, 'no_authorization', 'Sign in to export your data.');
  const { user } = caller;
  const db = callerClient(caller.authorization);
  try {
    const placeColumns =
      'id, name, category, description, address, lat, lng, time_zone, opening_hours, phone, website, price_level, rating_avg, rating_count, photo_count, created_at, updated_at';
    const [profile, places, reviews, photos, stars, lists, listPlaces, listMemberships, listFollows, listNotes, community, placeEdits] =
      await Promise.all([
        db.from('profiles').select('id, username, display_name, bio, avatar_path, role, created_at').eq('id', user.id).maybeSingle(),
        selectAll((from, to) => db.from('places').select(placeColumns).eq('created_by', user.id).order('created_at').range(from, to)),
        selectAll((from, to) =>
          db
            .from('reviews')
            .select('id, place_id, rating, body, visited_on, created_at, updated_at, place:places(name)')
            .eq('author_id', user.id)
            .order('created_at')
            .range(from, to),
        ),
        selectAll((from, to) =>
          db
            .from('review_photos')
            .select('id, review_id, place_id, path, alt, width, height, created_at')
            .eq('uploader_id', user.id)
            .order('created_at')
            .range(from, to),
        ),
        selectAll((from, to) =>
          db
            .from('stars')
            .select(`place_id, created_at, place:places(${placeColumns})`)
            .eq('user_id', user.id)
            .order('created_at')
            .range(from, to),
        ),
        selectAll((from, to) =>
          db
            .from('lists')
            .select('id, name, description, emoji, visibility, created_at, updated_at')
            .eq('owner_id', user.id)
            .order('created_at')
            .range(from, to),
        ),
        // every place the member put on any list (their own and those shared with them)
        selectAll((from, to) =>
          db
            .from('list_places')
            .select('id, list_id, place_id, position, source_url, created_at, place:places(name, lat, lng)')
            .eq('added_by', user.id)
            .order('created_at')
            .range(from, to),
        ),
        selectAll((from, to) =>
          db
            .from('list_members')
            .select('list_id, role, accepted_at, created_at')
            .eq('user_id', user.id)
            .order('created_at')
            .range(from, to),
        ),
        selectAll((from, to) =>
          db.from('list_follows').select('list_id, created_at').eq('user_id', user.id).order('created_at').range(from, to),
        ),
        // notes are not a readable column (a moderator may hide one): the member's own come from here
        selectAll((from, to) => db.rpc('my_list_notes').order('id').range(from, to)),
        exportCommunity(db, user.id),
        // the edits the member suggested or made to places, with what they replaced and what became of them
        selectAll((from, to) =>
          db
            .from('place_edits')
            .select('id, place_id, changes, previous, note, status, decided_as, decided_at, reason, created_at, place:places(name)')
            .eq('author_id', user.id)
            .order('created_at')
            .range(from, to),
        ),
      ]);
    const notes = new Map(listNotes.map((n) => [n.id, n.note]));
    if (profile.error) throw profile.error;
    const starredPlaces = stars.map((s) => s.place).filter((p): p is Row => typeof p === 'object' && p !== null);
    const body = {
      exported_at: new Date().toISOString(),
      account: { id: user.id, email: user.email ?? null, created_at: user.created_at, last_sign_in_at: user.last_sign_in_at ?? null },
      profile: profile.data ? { ...profile.data, avatar_url: publicUrl(db, 'avatars', profile.data.avatar_path) } : null,
      places,
      reviews,
      review_photos: photos.map((p) => ({ ...p, url: publicUrl(db, 'place-photos', p.path) })),
      stars: stars.map(({ place_id, created_at }) => ({ place_id, created_at })),
      lists,
      list_places: listPlaces.map((entry) => ({ ...entry, note: notes.get(entry.id) ?? '' })),
      list_memberships: listMemberships,
      list_follows: listFollows,
      place_edits: placeEdits,
      ...community,
      places_geojson: {
        type: 'FeatureCollection',
        features: [...places.map((p) => toFeature(p, 'added')), ...starredPlaces.map((p) => toFeature(p, 'starred'))],
      },
    };
    const day = body.exported_at.slice(0, 10);
    return json(body, 200, { 'Content-Disposition': `attachment; filename="pinstar-export-${day}.json"`, 'Cache-Control': 'no-store' });
  } catch (error: unknown) {
    console.error('export-my-data failed', error);
    return errorResponse(500, 'export_failed', 'Your data could not be exported. Try again.');
  }
});
