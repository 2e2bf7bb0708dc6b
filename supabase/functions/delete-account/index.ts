import { requireUser, serviceClient } from '../_shared/clients.ts';
import { corsHeaders, errorResponse, json } from '../_shared/http.ts';
import { listFolder, removeKeys } from '../_shared/storage.ts';

// Deletes the caller's account. Order matters: files first (storage keeps no foreign key to the
// user, so nothing else would remove them), then reviews as chosen, then the auth user, whose
// deletion cascades to the profile, stars, photos' rows and reports' authorship.

const buckets = ['avatars', 'place-photos'];

Deno.serve(async (request: Request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.');
  const caller = await requireUser(request);
  if (!caller) return errorResponse(401, 'no_authorization', 'Sign in to delete your account.');
  let choice: unknown;
  try {
    choice = ((await request.json()) as { reviews?: unknown }).reviews;
  } catch {
    choice = undefined;
  }
  if (choice !== 'delete' && choice !== 'anonymize') {
    return errorResponse(400, 'validation_failed', 'Say what to do with your reviews: "delete" or "anonymize".');
  }
  const userId = caller.user.id;
  const admin = serviceClient();
  try {
    let files = 0;
    for (const bucket of buckets) files += await removeKeys(admin, bucket, await listFolder(admin, bucket, userId));

    const reviews =
      choice === 'anonymize'
        ? await admin.from('reviews').update({ author_id: null }).eq('author_id', userId).select('id')
        : await admin.from('reviews').delete().eq('author_id', userId).select('id');
    if (reviews.error) throw reviews.error;

    const deleted = await admin.auth.admin.deleteUser(userId);
    if (deleted.error) throw deleted.error;
    return json({ deleted: true, reviews: choice, reviews_affected: reviews.data.length, files_removed: files });
  } catch (error: unknown) {
    console.error('delete-account failed', error);
    return errorResponse(500, 'delete_failed', 'Your account could not be deleted. Try again.');
  }
});
