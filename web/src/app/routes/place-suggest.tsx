import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryError } from '@/components/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { PlaceForm, placeQuery } from '@/features/places';
import { RequireAuth, useUser } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { NotFoundRoute } from './not-found';

function SuggestEdit({ id }: { id: string }) {
  const user = useUser();
  const query = useQuery(placeQuery(id));
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === null || query.data?.hidden_at) return <NotFoundRoute />;
  if (!query.data) return <Skeleton className="h-96 w-full" />;
  return (
    <>
      <title>{`Suggest an edit to ${query.data.name} · Pinstar`}</title>
      <p className="mb-4 max-w-prose text-slate-700">
        Correct what is wrong or missing about{' '}
        <Link to={paths.place(id)} className="font-medium text-brand-700 underline">
          {query.data.name}
        </Link>
        . Nothing changes until the place’s creator, a trusted member or a moderator accepts it; the change and the value it replaces then
        appear in the place’s history.
      </p>
      <PlaceForm userId={user.id} existing={query.data} suggest />
    </>
  );
}

/** `/places/:id/suggest`: any member suggests a change to a place's name, category, address, pin, hours or contact. */
export function PlaceSuggestRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">Suggest an edit</h1>
      <RequireAuth fallback={<Skeleton className="h-96 w-full" />}>
        <SuggestEdit id={id} />
      </RequireAuth>
    </div>
  );
}
