import { Skeleton } from '@/components/ui/skeleton';
import { PlaceForm } from '@/features/places';
import { RequireAuth, useUser } from '@/lib/auth';

function NewPlace() {
  const user = useUser();
  return <PlaceForm userId={user.id} />;
}

export function PlaceNewRoute() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <title>Add a place · Pinstar</title>
      <h1 className="mb-6 text-2xl font-bold">Add a place</h1>
      <RequireAuth fallback={<Skeleton className="h-96 w-full" />}>
        <NewPlace />
      </RequireAuth>
    </div>
  );
}
