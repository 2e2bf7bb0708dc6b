import { Skeleton } from '@/components/ui/skeleton';
import { FeedView } from '@/features/community';
import { RequireAuth, useUser } from '@/lib/auth';

function Feed() {
  const user = useUser();
  return <FeedView userId={user.id} />;
}

export function FeedRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <title>Your feed · Pinstar</title>
      <h1 className="mb-4 text-2xl font-semibold">Your feed</h1>
      <RequireAuth fallback={<Skeleton className="h-64 w-full" />}>
        <Feed />
      </RequireAuth>
    </div>
  );
}
