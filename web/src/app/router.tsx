import { createBrowserRouter } from 'react-router';
import { placeQuery } from '@/features/places';
import { AuthProvider } from '@/lib/auth';
import { childPath, routes } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { Layout } from './layout';
import { ExploreRoute } from './routes/explore';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * Route modules beyond Explore load on demand, keeping the first download small. While a
 * route's code loads on the first visit, the header and a page skeleton are shown (the same
 * Layout, signed-in state not yet known) and a place's data is already being fetched. Paths come from the one route
 * table (lib/paths.ts). main.tsx creates it in a task of its own: matching the address and
 * starting the page's loaders is work a phone notices.
 */
export const createRouter = () =>
  createBrowserRouter([
    {
      element: (
        <AuthProvider>
          <Layout />
        </AuthProvider>
      ),
      hydrateFallbackElement: <Layout loading />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <ExploreRoute /> },
            { path: childPath(routes.signIn), lazy: () => import('./routes/auth/sign-in').then((m) => ({ Component: m.SignInRoute })) },
            { path: childPath(routes.signUp), lazy: () => import('./routes/auth/sign-up').then((m) => ({ Component: m.SignUpRoute })) },
            {
              path: childPath(routes.forgotPassword),
              lazy: () => import('./routes/auth/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
            },
            { path: childPath(routes.confirm), lazy: () => import('./routes/auth/confirm').then((m) => ({ Component: m.ConfirmRoute })) },
            {
              path: childPath(routes.resetPassword),
              lazy: () => import('./routes/auth/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
            },
            { path: childPath(routes.settings), lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })) },
            { path: childPath(routes.placeNew), lazy: () => import('./routes/place-new').then((m) => ({ Component: m.PlaceNewRoute })) },
            {
              path: childPath(routes.place),
              loader: ({ params }) => {
                void queryClient.prefetchQuery(placeQuery(params.id ?? ''));
                return null;
              },
              lazy: () => import('./routes/place').then((m) => ({ Component: m.PlaceRoute })),
            },
            { path: childPath(routes.placeEdit), lazy: () => import('./routes/place-edit').then((m) => ({ Component: m.PlaceEditRoute })) },
            {
              path: childPath(routes.placeSuggest),
              lazy: () => import('./routes/place-suggest').then((m) => ({ Component: m.PlaceSuggestRoute })),
            },
            { path: childPath(routes.starred), lazy: () => import('./routes/starred').then((m) => ({ Component: m.StarredRoute })) },
            { path: childPath(routes.lists), lazy: () => import('./routes/lists').then((m) => ({ Component: m.ListsRoute })) },
            { path: childPath(routes.list), lazy: () => import('./routes/list').then((m) => ({ Component: m.ListRoute })) },
            { path: childPath(routes.profile), lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
            {
              path: childPath(routes.moderation),
              lazy: () => import('./routes/moderation').then((m) => ({ Component: m.ModerationRoute })),
            },
            {
              path: childPath(routes.moderationLog),
              lazy: () => import('./routes/moderation-log').then((m) => ({ Component: m.ModerationLogRoute })),
            },
            { path: childPath(routes.feed), lazy: () => import('./routes/feed').then((m) => ({ Component: m.FeedRoute })) },
            {
              path: childPath(routes.notifications),
              lazy: () => import('./routes/notifications').then((m) => ({ Component: m.NotificationsRoute })),
            },
            {
              path: childPath(routes.oauthConsent),
              lazy: () => import('./routes/oauth-consent').then((m) => ({ Component: m.OAuthConsentRoute })),
            },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ]);
