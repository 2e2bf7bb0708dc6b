import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../../support/server.ts';
import { makePng } from './png.ts';

export interface MemberData {
  userId: string;
  placeId: string;
  otherPlaceId: string;
  reviewId: string;
  photoPath: string;
  avatarPath: string;
}

async function must<T>(label: string, result: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await result;
  if (error || data === null || data === undefined) throw new Error(`${label}: ${JSON.stringify(error)}`);
  return data;
}

/**
 * Gives a member something to own, through the API as that member: a place, a review with a
 * photo on someone else's place, a star, an avatar file. Returns the ids to check afterwards.
 */
export async function seedMemberData(member: SupabaseClient, userId: string, other: SupabaseClient): Promise<MemberData> {
  const png = makePng(32, 32);
  const own = await must(
    'own place',
    member.from('places').insert({ name: 'Member Café', category: 'cafe', lat: 48.8566, lng: 2.3522 }).select('id').single(),
  );
  const theirs = await must(
    'other place',
    other.from('places').insert({ name: 'Other Park', category: 'park', lat: 48.86, lng: 2.35 }).select('id').single(),
  );
  const review = await must(
    'review',
    member
      .from('reviews')
      .insert({ place_id: theirs.id, author_id: userId, rating: 4, body: 'A lovely park with shade and benches.' })
      .select('id')
      .single(),
  );
  const photoPath = `${userId}/review-photo.png`;
  await must('photo upload', member.storage.from('place-photos').upload(photoPath, png, { contentType: 'image/png' }));
  await must(
    'photo row',
    member
      .from('review_photos')
      .insert({ review_id: review.id, place_id: theirs.id, uploader_id: userId, path: photoPath, alt: 'A gradient', width: 32, height: 32 })
      .select('id')
      .single(),
  );
  await must('star', member.from('stars').insert({ user_id: userId, place_id: theirs.id }).select('place_id').single());
  const avatarPath = `${userId}/avatar-seed.png`;
  await must('avatar upload', member.storage.from('avatars').upload(avatarPath, png, { contentType: 'image/png' }));
  await must('avatar path', member.from('profiles').update({ avatar_path: avatarPath }).eq('id', userId).select('id').single());
  return { userId, placeId: own.id, otherPlaceId: theirs.id, reviewId: review.id, photoPath, avatarPath };
}

/** A signed-in supabase-js client for a member. */
export async function memberClient(server: TestServer, email: string, password: string): Promise<SupabaseClient> {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}
