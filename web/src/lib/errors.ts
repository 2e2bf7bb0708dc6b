/**
 * The one error catalogue of the app (docs/product.md "Error catalogue"): every failure from auth,
 * PostgREST, storage, edge functions or the network becomes a message a person understands and a
 * reaction the UI knows how to perform. Components never show raw server messages.
 *
 * Over 300 lines: the catalogue is one table of every message and the one function that reads
 * each service's codes into it; split, a message and the code that picks it would drift apart.
 */
import { onlineManager } from '@tanstack/query-core';
import { offlineCause } from './offline-cause.ts';

export const messages = {
  invalidCredentials: 'Email or password is incorrect.',
  emailNotConfirmed: 'Confirm your email first — we can resend the link.',
  emailExists: 'An account with this email already exists.',
  weakPassword: 'Choose a stronger password.',
  rateLimited: 'Too many attempts. Try again in a minute.',
  samePassword: 'Choose a password different from the current one.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordInvalid: 'That isn’t your current password.',
  otpExpired: 'This link has expired. Ask for a new one.',
  reviewExists: 'You’ve already reviewed this place — edit your review instead.',
  usernameTaken: 'That username is taken.',
  reportExists: 'You’ve already reported this. A moderator will look at it soon.',
  reportLimit: 'You can send at most 20 reports an hour. Try again later.',
  reviewLimit: 'New accounts can post at most 3 reviews an hour. Try again later.',
  ownReviewVote: 'You can’t mark your own review as helpful.',
  alreadyFollowing: 'You already follow this member.',
  lastAdmin: 'There must always be at least one admin. Make someone else an admin first.',
  forbidden: 'You don’t have permission to do that.',
  placeClosedToReviews: 'This place was hidden by a moderator and takes no new reviews.',
  notFound: 'We couldn’t find that.',
  photoTooLarge: 'Photos must be under 5 MB.',
  photoSourceTooLarge: 'Choose a photo under 40 MB: larger files are too much to prepare on this device.',
  photoType: 'Use a JPEG, PNG or WebP image.',
  offline: 'You’re offline. We’ll retry when you’re back.',
  /** Where data would be while the server cannot be reached (the offline banner says why). */
  waitingForServer: 'This will load by itself as soon as Pinstar can be reached.',
  sessionExpired: 'Your session has ended. Sign in again.',
  mfaRequired: 'Enter the code from your authenticator app first.',
  mfaCodeInvalid: 'That code didn’t work. Check your authenticator app and try again.',
  mfaChallengeExpired: 'That code request expired. Try again.',
  mfaNameTaken: 'You already have an authenticator with that name.',
  mfaTooMany: 'You have the most authenticators allowed. Remove one first.',
  lastSignInMethod: 'Keep at least one way to sign in.',
  linkingDisabled: 'Linking sign-in methods is turned off on this server.',
  providerUnavailable: 'That sign-in provider isn’t available.',
  providerCancelled: 'Sign-in with that provider was cancelled.',
  providerFailed: 'Signing in with that provider didn’t work. Try again.',
  providerEmailUnverified: 'Confirm your email address with that provider first.',
  identityLinked: 'That sign-in method already belongs to an account.',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Try again.',
  passkeyUnknown: 'That passkey isn’t one this account knows. Try another, or sign in with your password.',
  passkeyAlreadyAdded: 'That passkey or security key is already on your account.',
  passkeyTooMany: 'You have the most passkeys an account can have. Remove one first.',
  passkeyExpired: 'That took too long. Try again.',
  passkeyUnsupported: 'This browser can’t use passkeys or security keys.',
  consentGone: 'This request has expired or was already answered. Go back to the app and start again.',
  timeout: 'Pinstar is taking too long to answer. Try again in a moment.',
  unreachable: 'We can’t reach Pinstar right now. Try again in a moment.',
  unknown: 'Something went wrong.',
} as const;

/** What the UI does with an error besides showing its message. */
export type ErrorReaction =
  | 'form' // message at the top of the form
  | 'field' // message under `field`
  | 'resend-confirmation' // offer to resend the confirmation mail
  | 'sign-in-link' // offer a link to sign in
  | 'forgot-password' // send the user back to ask for a new link
  | 'sign-in-prompt' // visitors are asked to sign in
  | 'not-found' // render the 404 page
  | 'offline' // queries retry by themselves
  | 'retry'; // offer a retry; details in the console

export interface AppError {
  code: string;
  message: string;
  reaction: ErrorReaction;
  field?: string;
}

/**
 * Human messages for CHECK constraints and raised exceptions, keyed by the column they guard.
 * The forms' zod schemas use the same sentences for the same limits.
 */
export const fieldMessages = {
  username: 'Use 3–24 characters: lowercase letters, digits and underscores.',
  display_name: 'Display names are 1–50 characters.',
  bio: 'Keep your bio under 280 characters.',
  name: 'Names are 2–80 characters.',
  description: 'Descriptions are at most 1000 characters.',
  address: 'Addresses are at most 200 characters.',
  lat: 'Latitude is between −90 and 90.',
  lng: 'Longitude is between −180 and 180.',
  rating: 'Choose 1 to 5 stars.',
  body: 'Reviews are 20–2000 characters.',
  visited_on: 'The visit date can’t be in the future.',
  alt: 'Describe the photo in 1–150 characters.',
  note: 'Notes are at most 500 characters.',
  list_name: 'List names are 1–60 characters.',
  list_description: 'List descriptions are at most 500 characters.',
  list_note: 'Notes on a list are at most 280 characters.',
  replies_body: 'Replies are 1–1000 characters.',
  phone: 'A phone number is 5 to 32 characters of digits, spaces, brackets, dots, dashes and a leading plus.',
  website: 'Websites start with http:// or https:// and are at most 300 characters.',
  price_level: 'Choose a price level from 1 to 4.',
  time_zone: 'Choose a time zone from the list.',
  opening_hours: 'Check the opening hours: each day has at most 4 ranges that do not overlap.',
  edits_note: 'Notes on a suggestion are at most 500 characters.',
  source_url: 'Links must start with https:// and be at most 2000 characters.',
} as const satisfies Record<string, string>;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
  reasons?: unknown;
}

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A request that got no answer, as fetch, supabase-js and its parts report it. */
function isUnansweredError(e: ErrorLike, error: unknown): boolean {
  const name = text(e.name);
  if (name === 'AuthRetryableFetchError' || name === 'FunctionsFetchError' || name === 'StorageUnknownError') {
    return /fetch|network/i.test(text(e.message)) || e.status === 0;
  }
  return error instanceof TypeError && /fetch|network|load failed|imported module|module script/i.test(error.message);
}

/** Finds which known column a constraint or message is about (`profiles_username_check` → username). */
function fieldOf(...sources: string[]): keyof typeof fieldMessages | undefined {
  const haystack = sources.join(' ').toLowerCase();
  const fields = (Object.keys(fieldMessages) as (keyof typeof fieldMessages)[]).sort((a, b) => b.length - a.length);
  return fields.find((f) => new RegExp(`(^|[^a-z])${f}([^a-z]|$)`).test(haystack.replaceAll('"', ' ')));
}

function fromAuth(code: string, e: ErrorLike): AppError | null {
  switch (code) {
    case 'invalid_credentials':
      return { code, message: messages.invalidCredentials, reaction: 'form' };
    case 'current_password_required':
      return { code, message: messages.currentPasswordRequired, reaction: 'field', field: 'current' };
    case 'current_password_invalid':
      return { code, message: messages.currentPasswordInvalid, reaction: 'field', field: 'current' };
    case 'email_not_confirmed':
      return { code, message: messages.emailNotConfirmed, reaction: 'resend-confirmation' };
    case 'user_already_exists':
    case 'email_exists':
      return { code, message: messages.emailExists, reaction: 'sign-in-link', field: 'email' };
    case 'weak_password': {
      const reasons = Array.isArray(e.reasons) ? e.reasons.map(text) : [];
      const detail = text(e.message) || (reasons.length ? `Password is too weak (${reasons.join(', ')}).` : messages.weakPassword);
      return { code, message: detail, reaction: 'field', field: 'password' };
    }
    case 'over_email_send_rate_limit':
    case 'over_request_rate_limit':
    case 'over_sms_send_rate_limit':
      return { code, message: messages.rateLimited, reaction: 'form' };
    case 'same_password':
      return { code, message: messages.samePassword, reaction: 'field', field: 'password' };
    case 'otp_expired':
    case 'flow_state_expired':
    case 'flow_state_not_found':
    case 'bad_code_verifier':
      return { code, message: messages.otpExpired, reaction: 'forgot-password' };
    case 'insufficient_aal':
      return { code, message: messages.mfaRequired, reaction: 'form' };
    case 'mfa_verification_failed':
      return { code, message: messages.mfaCodeInvalid, reaction: 'field', field: 'code' };
    case 'mfa_challenge_expired':
    case 'mfa_ip_address_mismatch':
      return { code, message: messages.mfaChallengeExpired, reaction: 'form' };
    case 'mfa_factor_name_conflict':
      return { code, message: messages.mfaNameTaken, reaction: 'form' };
    case 'too_many_enrolled_mfa_factors':
      return { code, message: messages.mfaTooMany, reaction: 'form' };
    case 'single_identity_not_deletable':
      return { code, message: messages.lastSignInMethod, reaction: 'form' };
    case 'manual_linking_disabled':
      return { code, message: messages.linkingDisabled, reaction: 'form' };
    case 'provider_disabled':
      return { code, message: messages.providerUnavailable, reaction: 'form' };
    case 'access_denied':
      return { code, message: messages.providerCancelled, reaction: 'form' };
    case 'bad_oauth_state':
    case 'bad_oauth_callback':
      return { code, message: messages.providerFailed, reaction: 'form' };
    case 'provider_email_needs_verification':
      return { code, message: messages.providerEmailUnverified, reaction: 'form' };
    case 'identity_already_exists':
      return { code, message: messages.identityLinked, reaction: 'form' };
    case 'session_not_found':
    case 'refresh_token_not_found':
    case 'refresh_token_already_used':
    case 'session_expired':
      return { code, message: messages.sessionExpired, reaction: 'sign-in-prompt' };
    default:
      return null;
  }
}

/** The browser's WebAuthn refusals (auth-js WebAuthnError) and the server's passkey codes. */
function fromWebAuthn(code: string, e: ErrorLike): AppError | null {
  if (text(e.message) === 'Browser does not support WebAuthn')
    return { code: 'webauthn_unsupported', message: messages.passkeyUnsupported, reaction: 'form' };
  if (code === 'ERROR_CEREMONY_ABORTED' || (code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && e.name === 'NotAllowedError'))
    return { code, message: messages.passkeyCancelled, reaction: 'form' };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || code === 'webauthn_credential_exists')
    return { code, message: messages.passkeyAlreadyAdded, reaction: 'form' };
  if (code === 'webauthn_verification_failed') return { code, message: messages.passkeyUnknown, reaction: 'form' };
  if (code === 'webauthn_challenge_not_found' || code === 'webauthn_challenge_expired')
    return { code, message: messages.passkeyExpired, reaction: 'form' };
  if (code === 'too_many_passkeys') return { code, message: messages.passkeyTooMany, reaction: 'form' };
  if (code === 'oauth_authorization_not_found') return { code, message: messages.consentGone, reaction: 'form' };
  return null;
}

function fromPostgrest(code: string, e: ErrorLike, table?: string): AppError | null {
  const message = text(e.message);
  const details = text(e.details);
  if (code === '23505') {
    if (table === 'reports' || /reports_one_open/.test(message)) return { code, message: messages.reportExists, reaction: 'form' };
    if (table === 'follows' || /follows_pkey/.test(message)) return { code, message: messages.alreadyFollowing, reaction: 'form' };
    if (table === 'reviews' || /reviews/.test(message)) return { code, message: messages.reviewExists, reaction: 'form' };
    if (/username/.test(`${message} ${details}`) || table === 'profiles') {
      return { code, message: messages.usernameTaken, reaction: 'field', field: 'username' };
    }
  }
  if (code === 'P0001') {
    // The rate-limit and last-admin triggers raise P0001 with a sentence; these are its words.
    if (/reports per hour/.test(message)) return { code, message: messages.reportLimit, reaction: 'form' };
    if (/reviews per hour/.test(message)) return { code, message: messages.reviewLimit, reaction: 'form' };
    if (/at least one admin/.test(message)) return { code, message: messages.lastAdmin, reaction: 'form' };
  }
  if (code === '23514' && /own review/.test(message)) return { code, message: messages.ownReviewVote, reaction: 'form' };
  if (code === '23514' || code === 'P0001' || code === '22001') {
    const field = fieldOf(message, details);
    if (field) return { code, message: fieldMessages[field], reaction: 'field', field };
    if (code === 'P0001' && message) return { code, message, reaction: 'form' };
  }
  // Moderation once a second factor is enrolled needs a session that used it (aal2).
  if (code === '42501' && text(e.hint) === 'aal2_required')
    return { code: 'aal2_required', message: messages.mfaRequired, reaction: 'form' };
  // The insert policy takes reviews only for visible places: a review written (offline) for a
  // place hidden meanwhile is refused by row-level security.
  if (code === '42501' && table === 'reviews' && /row-level security/.test(message))
    return { code, message: messages.placeClosedToReviews, reaction: 'form' };
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST303')
    return { code, message: messages.forbidden, reaction: 'sign-in-prompt' };
  // P0002: an RPC that found nothing the caller may see (open_list); asking again will not change it
  if (code === 'PGRST116' || code === 'P0002') return { code, message: messages.notFound, reaction: 'not-found' };
  return null;
}

function fromStorage(e: ErrorLike): AppError | null {
  const logical = text(e.statusCode);
  const code = text(e.code) || logical;
  if (logical === '413' || code === 'EntityTooLarge' || code === 'Payload too large')
    return { code, message: messages.photoTooLarge, reaction: 'field', field: 'photo' };
  if (logical === '415' || code === 'InvalidMimeType') return { code, message: messages.photoType, reaction: 'field', field: 'photo' };
  if (logical === '403' || code === 'AccessDenied') return { code, message: messages.forbidden, reaction: 'sign-in-prompt' };
  return null;
}

/**
 * Maps any thrown or returned error to the catalogue. `table` disambiguates PostgREST codes
 * (23505 on reviews vs on profiles.username).
 */
export function describeError(error: unknown, options: { table?: string; quiet?: boolean } = {}): AppError {
  const e = asErrorLike(error);
  // Offline as the app has found it by its own requests (lib/reachability), not as navigator.onLine
  // says; worded by what the device says, so the words stay true when only the server is down.
  if (!onlineManager.isOnline()) {
    return { code: 'network', message: offlineCause() === 'device' ? messages.offline : messages.unreachable, reaction: 'offline' };
  }
  // A read the client gave up on (lib/supabase's timeout), or a server that does not answer
  // although it answers the reachability probe (a refused route, code that did not load), as
  // fetch and supabase-js report them: "TimeoutError: …", "TypeError: Failed to fetch".
  const said = `${text(e.name)}: ${text(e.message)}`;
  if (/\bTimeoutError\b/.test(said)) return { code: 'timeout', message: messages.timeout, reaction: 'retry' };
  if (
    isUnansweredError(e, error) ||
    (/fetch|network|load failed|module script failed/i.test(said) && /\b(TypeError|FetchError)\b/.test(said))
  ) {
    return { code: 'unreachable', message: messages.unreachable, reaction: 'retry' };
  }
  const code = text(e.code);
  const mapped =
    fromWebAuthn(code, e) ??
    (e.name === 'AuthWeakPasswordError' ? fromAuth('weak_password', e) : null) ??
    (code ? fromAuth(code, e) : null) ??
    (code ? fromPostgrest(code, e, options.table) : null) ??
    (e.statusCode !== undefined || text(e.name).startsWith('Storage') ? fromStorage(e) : null);
  if (mapped) return mapped;
  if (!options.quiet) console.error('Unexpected error', error);
  return { code: code || 'unknown', message: messages.unknown, reaction: 'retry' };
}
