import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/errors';
import { NotFoundRoute } from './not-found';

/** What a route shows when it fails: the 404 for missing rows, else the catalogue's message and a retry. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  const described = describeError(error);
  if (described.reaction === 'not-found') return <NotFoundRoute />;
  return (
    <section role="alert" className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{described.message}</h1>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </section>
  );
}
