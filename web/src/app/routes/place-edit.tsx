import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { PlaceForm, placeQuery } from '@/features/places';
import { useMyProfile } from '@/features/profiles';
import { RequireAuth, useUser } from '@/lib/auth';
import { canEditPlace } from '@/lib/permissions';
import { NotFoundRoute } from './not-found';

function EditPlace({ id }: { id: string }) {
  const user = useUser();
  const query = useQuery(placeQuery(id));
  const profile = useMyProfile();
  if (query.data === null) return <NotFoundRoute />;
  if (query.data === undefined) return <QueryFallback query={query} skeleton={<Skeleton className="h-96 w-full" />} />;
  if (profile.data === undefined) return <QueryFallback query={profile} skeleton={<Skeleton className="h-96 w-full" />} />;
  if (!canEditPlace(query.data, user.id, profile.data))
    return <p role="alert">You don’t have permission to do that: only the member who added a place and moderators edit it.</p>;
  return (
    <>
      <title>{`Edit ${query.data.name} · Pinstar`}</title>
      <PlaceForm userId={user.id} existing={query.data} />
    </>
  );
}

export function PlaceEditRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold">Edit place</h1>
      <RequireAuth fallback={<Skeleton className="h-96 w-full" />}>
        <EditPlace id={id} />
      </RequireAuth>
    </div>
  );
}
