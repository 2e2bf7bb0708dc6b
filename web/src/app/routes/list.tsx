import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { ListDetail, openListQuery } from '@/features/lists';
import { HiddenNotice, ReportButton } from '@/features/moderation';
import { ShareButton } from '@/features/places';
import { useMyProfile } from '@/features/profiles';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { NotFoundRoute } from './not-found';

export function ListRoute() {
  const { id = '' } = useParams();
  const { user, status } = useAuth();
  const profile = useMyProfile();
  const query = useQuery({ ...openListQuery(id), enabled: status !== 'loading' });
  const me = user ? { id: user.id, name: profile.data?.display_name ?? '' } : null;
  let body;
  const code = query.isError ? (query.error as { code?: unknown }).code : undefined;
  if (code === 'P0002' || code === '22P02') {
    body = <NotFoundRoute what="list" />;
  } else if (!query.data) {
    body = (
      <QueryFallback
        query={query}
        skeleton={
          <div role="status" aria-label="Loading list" className="space-y-3">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-64 w-full" />
          </div>
        }
      />
    );
  } else {
    const { list } = query.data;
    const moderated = list.visibility !== 'private';
    body = (
      <ListDetail
        opened={query.data}
        me={me}
        share={<ShareButton title={list.name} path={paths.list(id)} />}
        moderation={{
          report: moderated ? (
            <ReportButton targetType="list" targetId={list.id} ownerId={list.owner_id} label={`Report the list ${list.name}`} />
          ) : null,
          hiddenNotice: <HiddenNotice targetType="list" targetId={list.id} />,
          reportNote: moderated
            ? (entry) => (
                <ReportButton
                  targetType="list_note"
                  targetId={entry.id}
                  ownerId={entry.added_by}
                  label={`Report the note on ${entry.place.name}`}
                  className="-ml-3"
                />
              )
            : undefined,
          noteHiddenNotice: (entry) => <HiddenNotice targetType="list_note" targetId={entry.id} />,
        }}
      />
    );
  }
  return <div className="mx-auto w-full max-w-7xl px-4 py-6">{body}</div>;
}
