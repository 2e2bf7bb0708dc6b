import { Skeleton } from '@/components/ui/skeleton';
import { NotificationsView } from '@/features/community';
import { RequireAuth, useUser } from '@/lib/auth';

function Notifications() {
  const user = useUser();
  return <NotificationsView userId={user.id} />;
}

export function NotificationsRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <title>Notifications · Pinstar</title>
      <h1 className="mb-4 text-2xl font-semibold">Notifications</h1>
      <RequireAuth fallback={<Skeleton className="h-64 w-full" />}>
        <Notifications />
      </RequireAuth>
    </div>
  );
}
