import { createBrowserRouter } from 'react-router';
import { placeQuery } from '@/features/places';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { Layout } from './layout';
import { ExploreRoute } from './routes/explore';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * Route modules beyond Explore load on demand, keeping the first download small. While a
 * route's code loads on the first visit, the header is shown (the same Layout, signed-in state
 * not yet known) and a place's data is already being fetched.
 */
export const router = createBrowserRouter([
  {
    element: (
      <AuthProvider>
        <Layout />
      </AuthProvider>
    ),
    hydrateFallbackElement: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <ExploreRoute /> },
          { path: 'auth/sign-in', lazy: () => import('./routes/auth/sign-in').then((m) => ({ Component: m.SignInRoute })) },
          { path: 'auth/sign-up', lazy: () => import('./routes/auth/sign-up').then((m) => ({ Component: m.SignUpRoute })) },
          {
            path: 'auth/forgot-password',
            lazy: () => import('./routes/auth/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
          },
          {
            path: 'auth/reset-password',
            lazy: () => import('./routes/auth/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
          },
          { path: 'settings', lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })) },
          { path: 'places/new', lazy: () => import('./routes/place-new').then((m) => ({ Component: m.PlaceNewRoute })) },
          {
            path: 'places/:id',
            loader: ({ params }) => {
              void queryClient.prefetchQuery(placeQuery(params.id ?? ''));
              return null;
            },
            lazy: () => import('./routes/place').then((m) => ({ Component: m.PlaceRoute })),
          },
          { path: 'places/:id/edit', lazy: () => import('./routes/place-edit').then((m) => ({ Component: m.PlaceEditRoute })) },
          { path: 'starred', lazy: () => import('./routes/starred').then((m) => ({ Component: m.StarredRoute })) },
          { path: 'u/:username', lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
          { path: 'moderation', lazy: () => import('./routes/moderation').then((m) => ({ Component: m.ModerationRoute })) },
          { path: 'moderation/log', lazy: () => import('./routes/moderation-log').then((m) => ({ Component: m.ModerationLogRoute })) },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
