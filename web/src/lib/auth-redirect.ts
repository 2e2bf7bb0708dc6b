import { openingFragment as hash, openingQuery as query } from './opening-url';
import { authPrefix, paths } from './paths';

/**
 * What the page was opened with, read from the copy `lib/opening-url.ts` took before supabase-js
 * cleans the URL: an auth redirect error (`error_code=otp_expired` …) in the fragment or the query.
 */
export interface AuthRedirectError {
  code: string;
  description: string;
}

function readRedirectError(): AuthRedirectError | null {
  const get = (key: string) => query.get(key) ?? hash.get(key);
  const code = get('error_code') ?? get('error');
  if (!code) return null;
  return { code, description: get('error_description') ?? '' };
}

export const initialAuthRedirectError = readRedirectError();

/** Marks the redirect of an email change (`emailRedirectTo`): PKCE's `?code=` carries no type. */
export const emailChangeMarker = 'email_change';

/**
 * The page was opened from the email-change link that completes the change and carries a
 * session: implicit flow `#access_token=…&type=email_change` (verify.go), or PKCE `?code=` on
 * the redirect the app asked for. supabase-js announces that session as SIGNED_IN only.
 */
export const openedFromEmailChangeLink = (() => {
  if (hash.has('access_token')) return hash.get('type') === 'email_change';
  return query.has(emailChangeMarker) && query.has('code');
})();

/** The page was opened from a sign-in link (email confirmation, magic link): welcome the user. */
export const openedFromAuthLink = (() => {
  // An email-change link signs in the user who asked for it: no welcome there.
  if (query.has(emailChangeMarker) || hash.get('type') === 'email_change') return false;
  return (hash.has('access_token') && hash.get('type') !== 'recovery') || query.has('code');
})();

/** A same-origin path to go back to after sign-in; anything else (or an auth page) becomes Explore. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.explore();
  return next.startsWith(authPrefix) ? paths.explore() : next;
}
