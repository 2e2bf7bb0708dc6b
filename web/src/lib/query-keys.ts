/**
 * Every query key of the app, one factory per kind of data. They live below the features so a
 * write in one feature invalidates what it changes in another (a review changes its place's
 * stars and gallery) without importing that feature; nobody writes a key by hand.
 *
 * Keys that hold one member's private data start with `private` (stars, drafts, the account
 * view, their own review and reports): sign-out removes them all at once (decision 062).
 */
export const privateKeyPrefix = 'private';

export const placeKeys = {
  /** Everything about places; invalidated on live place events. */
  all: ['places'] as const,
  inViewAll: ['places', 'in-view'] as const,
  inView: (view: unknown) => ['places', 'in-view', view] as const,
  search: (q: string) => ['places', 'search', q] as const,
  /** The few best matches the Add-a-place map offers to centre on. */
  searchTop: (q: string) => ['places', 'search-top', q] as const,
  nearby: (lat: number, lng: number) => ['places', 'nearby', lat, lng] as const,
  detail: (id: string) => ['places', 'detail', id] as const,
  histogram: (id: string) => ['places', 'histogram', id] as const,
  similar: (name: string, lat: number, lng: number) => ['places', 'similar', name, lat, lng] as const,
  /** A place's history and the suggestions waiting (public). */
  edits: (id: string) => ['places', 'edits', id] as const,
  /** Whether the member decides on a place's suggestions (creator, trusted, moderator). */
  editStanding: (id: string, userId: string) => ['places', 'edit-standing', id, userId] as const,
};

/** The bundled city gazetteer (static, fetched once on demand). */
export const geoKeys = {
  cities: ['geo', 'cities'] as const,
  /** What the geocoder found for some words (features/places/geocoder). */
  lookup: (q: string) => ['geo', 'lookup', q] as const,
};

export const photoKeys = {
  place: (placeId: string) => ['photos', 'place', placeId] as const,
};

export const reviewKeys = {
  place: (placeId: string) => ['reviews', 'place', placeId] as const,
  list: (placeId: string, sort: string) => ['reviews', 'place', placeId, sort] as const,
  /** The reader's own review of a place, whoever they are. */
  mineAll: (placeId: string) => [privateKeyPrefix, 'my-review', placeId] as const,
  mine: (placeId: string, userId: string) => [privateKeyPrefix, 'my-review', placeId, userId] as const,
  /** Which reviews of a place the member found helpful: private. */
  myVotes: (placeId: string, userId: string) => [privateKeyPrefix, 'helpful-votes', placeId, userId] as const,
  replies: (reviewId: string) => ['reviews', 'replies', reviewId] as const,
};

/** Follows are public; the member's own follow of someone is read under the profile. */
export const followKeys = {
  all: ['follows'] as const,
  of: (profileId: string) => ['follows', profileId] as const,
  mine: (userId: string, profileId: string) => [privateKeyPrefix, 'following', userId, profileId] as const,
};

/** The feed and the notifications are one member's: private, dropped on sign-out. */
export const feedKeys = {
  all: (userId: string) => [privateKeyPrefix, 'feed', userId] as const,
  list: (userId: string, mode: string) => [privateKeyPrefix, 'feed', userId, mode] as const,
};

export const notificationKeys = {
  all: (userId: string) => [privateKeyPrefix, 'notifications', userId] as const,
  list: (userId: string) => [privateKeyPrefix, 'notifications', userId, 'list'] as const,
  unread: (userId: string) => [privateKeyPrefix, 'notifications', userId, 'unread'] as const,
  preferences: (userId: string) => [privateKeyPrefix, 'notifications', userId, 'preferences'] as const,
};

/** Stars are private. */
export const starKeys = {
  all: (userId: string) => [privateKeyPrefix, 'stars', userId] as const,
  ids: (userId: string) => [privateKeyPrefix, 'stars', userId, 'ids'] as const,
  places: (userId: string) => [privateKeyPrefix, 'stars', userId, 'places'] as const,
};

export const profileKeys = {
  /** Public profiles and their activity (not the reader's own private view). */
  all: ['profiles'] as const,
  mine: (userId: string) => [privateKeyPrefix, 'my-profile', userId] as const,
  byUsername: (username: string) => ['profiles', 'by-username', username.toLowerCase()] as const,
  left: (username: string) => ['profiles', 'left', username.toLowerCase()] as const,
  activity: (profileId: string) => ['profiles', 'activity', profileId] as const,
};

/** The queue and lists refetch under `moderation`; the public log under `moderation-log`. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => ['moderation', 'queue'] as const,
  /** Suggested edits waiting for a decision, everywhere. */
  placeEdits: () => ['moderation', 'place-edits'] as const,
  hidden: () => ['moderation', 'hidden'] as const,
  members: (search: string) => ['moderation', 'members', search.toLowerCase()] as const,
  logAll: ['moderation-log'] as const,
  log: (withModerators: boolean, filters: { action: string | null; target: string | null }) =>
    ['moderation-log', withModerators ? 'staff' : 'public', filters.action, filters.target] as const,
  hiddenReason: (type: string, id: string) => ['moderation-log', 'hidden-reason', type, id] as const,
  /** A member's own open report of a target: private, dropped on sign-out. */
  myReport: (userId: string, type: string, id: string) => [privateKeyPrefix, 'my-report', userId, type, id] as const,
};

/** A member's lists and which of them hold a place are private; an opened list is keyed by id. */
export const listKeys = {
  mineAll: (userId: string) => [privateKeyPrefix, 'lists', userId] as const,
  mine: (userId: string) => [privateKeyPrefix, 'lists', userId, 'overview'] as const,
  forPlace: (userId: string, placeId: string) => [privateKeyPrefix, 'lists', userId, 'place', placeId] as const,
  detail: (id: string) => ['lists', 'detail', id] as const,
  publicOf: (profileId: string) => ['lists', 'public', profileId] as const,
};

/** Mutation keys of list writes: a screen reads the writes still in flight with `useMutationState`. */
export const listMutationKeys = {
  setPlace: (userId: string, placeId: string) => ['list-place', userId, placeId] as const,
  delete: (listId: string) => ['list-delete', listId] as const,
};

/** What the auth server offers (`GET /auth/v1/settings`): the sign-in providers it enables, passkeys. */
export const authSettingsKeys = {
  all: ['auth-settings'] as const,
};
