/**
 * Who may do what, as the app shows it (decision 080): courtesy checks that hide buttons and
 * pages; the database refuses the same people (RLS, RPCs raising 42501).
 */

/** Anything that carries the reader's role: their `profiles` row, or nothing while signed out or loading. */
type WithRole = { role: string } | null | undefined;

/** Moderators and admins: the queue, hiding and restoring, the log's moderator names. */
export function isModerator(profile: WithRole): boolean {
  return profile?.role === 'moderator' || profile?.role === 'admin';
}

/** Admins alone assign roles. */
export function isAdmin(profile: WithRole): boolean {
  return profile?.role === 'admin';
}

/** The member who added a place, and moderators, edit it. */
export function canEditPlace(place: { created_by: string | null }, userId: string | null, profile: WithRole): boolean {
  return userId !== null && (place.created_by === userId || isModerator(profile));
}
