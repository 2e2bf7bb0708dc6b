import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { ImportListDialog, ListSummaries, myListsQuery, NewListForm } from '@/features/lists';
import { RequireAuth, useUser } from '@/lib/auth';
import { paths } from '@/lib/paths';

function MyLists() {
  const user = useUser();
  const navigate = useNavigate();
  const query = useQuery(myListsQuery(user.id));
  if (query.data === undefined) return <QueryFallback query={query} skeleton={<Skeleton className="h-40 w-full" />} />;
  const { mine, shared, followed } = query.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="mine-title" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="mine-title" className="text-lg font-semibold">
            My lists
          </h2>
          <ImportListDialog
            userId={user.id}
            lists={[...mine, ...shared.filter((s) => s.accepted && s.role === 'editor')].map(({ id, name }) => ({ id, name }))}
            onImported={(id) => void navigate(paths.list(id))}
          />
        </div>
        <ListSummaries lists={mine} label="My lists" withStarred />
      </section>
      <section aria-labelledby="new-title" className="max-w-lg space-y-3 rounded-lg border border-slate-200 p-4">
        <h2 id="new-title" className="text-lg font-semibold">
          New list
        </h2>
        <NewListForm userId={user.id} onCreated={(id) => void navigate(paths.list(id))} />
      </section>
      <section aria-labelledby="shared-title" className="space-y-3">
        <h2 id="shared-title" className="text-lg font-semibold">
          Shared with me
        </h2>
        {shared.length === 0 ? (
          <p className="text-slate-700">Lists others invite you to appear here.</p>
        ) : (
          <ListSummaries
            lists={shared}
            label="Shared with me"
            extra={(list) => (shared.find((s) => s.id === list.id)?.accepted ? null : 'Invitation')}
          />
        )}
      </section>
      <section aria-labelledby="followed-title" className="space-y-3">
        <h2 id="followed-title" className="text-lg font-semibold">
          Followed
        </h2>
        {followed.length === 0 ? (
          <p className="text-slate-700">Follow public lists to find them here.</p>
        ) : (
          <ListSummaries lists={followed} label="Followed lists" />
        )}
      </section>
    </div>
  );
}

export function ListsRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6">
      <title>Lists · Pinstar</title>
      <h1 className="mb-4 text-2xl font-bold">Lists</h1>
      <RequireAuth fallback={<Skeleton className="h-64 w-full" />}>
        <MyLists />
      </RequireAuth>
    </div>
  );
}
