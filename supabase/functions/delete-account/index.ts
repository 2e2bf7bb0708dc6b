import { serviceClient, signedInCaller, unverifiedClaims } from '../_shared/clients.ts';
import { corsHeaders, errorResponse, json } from '../_shared/http.ts';
import { listFolder, removeKeys } from '../_shared/storage.ts';

// Deletes the caller's account. Files first (storage keeps no foreign key to the user, so
// nothing else would remove them; removing them twice is harmless), then `delete_account`
// in one transaction: reviews as chosen, then the auth user, whose deletion cascades to the
// profile, stars, photos' rows, reports' authorship, the member's lists (with their places),
// memberships and follows; places they added to others' lists stay, without their name.
// Replies follow the reviews' choice (deleted, or kept without their name); helpful votes,
// follows both ways, notifications and preferences go with the profile, and the counts they
// kept on others' reviews and profiles move with them. Suggested edits still waiting are
// withdrawn; accepted ones stay in their places' public history without the member's name.
// That call locks the profile, so of concurrent calls exactly one deletes and the others
// answer 404 user_not_found.

const buckets = ['avatars', 'place-photos'];

const alreadyDeleted = () => errorResponse(404, 'user_not_found', 'This account has already been deleted.');

Deno.serve(async (request: Request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.');
  const caller = await signedInCaller(request);
  if (caller.kind === 'deleted') return alreadyDeleted();
  if (caller.kind !== 'user') return errorResponse(401, 'no_authorization', 'Sign in to delete your account.');
  // An account protected by an authenticator app is deleted only from a session that used it.
  const protectedByFactor = (caller.user.factors ?? []).some((factor) => factor.status === 'verified');
  // The token's `aal` claim: the auth service has just accepted this token (signedInCaller).
  if (protectedByFactor && unverifiedClaims(caller.authorization).aal !== 'aal2') {
    return errorResponse(403, 'insufficient_aal', 'Enter the code from your authenticator app first.');
  }
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

    const deleted = await admin.rpc('delete_account', { user_id: userId, reviews: choice });
    if (deleted.error?.code === 'P0002') return alreadyDeleted();
    if (deleted.error) throw deleted.error;
    return json({ deleted: true, reviews: choice, reviews_affected: deleted.data, files_removed: files });
  } catch (error: unknown) {
    console.error('delete-account failed', error);
    return errorResponse(500, 'delete_failed', 'Your account could not be deleted. Try again.');
  }
});
