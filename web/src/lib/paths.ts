/**
 * The app's one route table (decision 130): the router is built from `routes` (app/router.tsx)
 * and every link and navigation builds its URL with `paths`, so a route is spelled once.
 * `web/index.html` and `vite.config.ts` match `/places/<id>` before any of this loads and keep
 * their own patterns (decision 075); they name this file beside them.
 */
export const routes = {
  explore: '/',
  signIn: '/auth/sign-in',
  signUp: '/auth/sign-up',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  /** Where the mailed links land; supabase/templates/*.html spell it too. */
  confirm: '/auth/confirm',
  settings: '/settings',
  placeNew: '/places/new',
  place: '/places/:id',
  placeEdit: '/places/:id/edit',
  placeSuggest: '/places/:id/suggest',
  starred: '/starred',
  lists: '/lists',
  list: '/lists/:id',
  profile: '/u/:username',
  moderation: '/moderation',
  moderationLog: '/moderation/log',
  feed: '/feed',
  notifications: '/notifications',
  oauthConsent: '/oauth/consent',
} as const;

/** Where the auth pages live: after sign-in nobody is sent back to one of them. */
export const authPrefix = '/auth/';

type Query = Record<string, string | undefined>;

function withQuery(path: string, query: Query | URLSearchParams = {}): string {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

export const paths = {
  /** Explore, with its view and filters as search params (features/explore/url-state.ts). */
  explore: (search?: URLSearchParams) => withQuery(routes.explore, search),
  /** Sign-in, then back to `next` (the page the visitor was on; `/` needs no parameter). */
  signIn: ({ next, confirmed = false }: { next?: string | null; confirmed?: boolean } = {}) =>
    withQuery(routes.signIn, { next: next && next !== routes.explore ? next : undefined, confirmed: confirmed ? '1' : undefined }),
  signUp: ({ next }: { next?: string | null } = {}) => withQuery(routes.signUp, { next: next || undefined }),
  forgotPassword: () => routes.forgotPassword,
  resetPassword: () => routes.resetPassword,
  settings: (query?: Query) => withQuery(routes.settings, query),
  placeNew: () => routes.placeNew,
  place: (id: string) => fill(routes.place, { id }),
  placeEdit: (id: string) => fill(routes.placeEdit, { id }),
  placeSuggest: (id: string) => fill(routes.placeSuggest, { id }),
  starred: () => routes.starred,
  lists: () => routes.lists,
  list: (id: string) => fill(routes.list, { id }),
  profile: (username: string) => fill(routes.profile, { username }),
  moderation: () => routes.moderation,
  feed: () => routes.feed,
  notifications: () => routes.notifications,
  /** A review on its place's page (the review's card is scrolled to). */
  review: (placeId: string, reviewId: string) => `${fill(routes.place, { id: placeId })}#review-${reviewId}-card`,
  moderationLog: () => routes.moderationLog,
};

/** A route's pattern as the router's child path (the layout route has none). */
export function childPath(pattern: string): string {
  return pattern.replace(/^\//, '');
}
