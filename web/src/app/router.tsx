import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { ExploreRoute } from './routes/explore';
import { NotFoundRoute } from './routes/not-found';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <ExploreRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
