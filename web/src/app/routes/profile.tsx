import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FollowPanel } from '@/features/community';
import { ListSummaries, publicListsQuery } from '@/features/lists';
import { memberLeftQuery, profileByUsernameQuery, ProfileView } from '@/features/profiles';
import { paths } from '@/lib/paths';
import { NotFoundRoute } from './not-found';

function ProfileSkeleton() {
  return (
    <div className="flex items-center gap-4" role="status" aria-label="Loading profile">
      <Skeleton className="size-24 rounded-full" />
      <div className="space-y-2">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-32" />
      </div>
    </div>
  );
}

/** The member's public lists, under their profile (unlisted and private ones never show). */
function PublicLists({ profileId }: { profileId: string }) {
  const lists = useQuery(publicListsQuery(profileId));
  if (!lists.data || lists.data.length === 0) return null;
  return (
    <section aria-labelledby="public-lists-title" className="space-y-3">
      <h2 id="public-lists-title" className="text-lg font-semibold">
        Lists
      </h2>
      <ListSummaries lists={lists.data} label="Public lists" />
    </section>
  );
}

/** No profile by this name: a member who deleted their account left, anything else is not found. */
function MissingProfile({ username }: { username: string }) {
  const { data: left } = useSuspenseQuery(memberLeftQuery(username));
  if (!left) return <NotFoundRoute />;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <title>A former member · Pinstar</title>
      <UserX aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold">A former member</h1>
      <p className="text-slate-600">
        @{username.toLowerCase()} has left Pinstar. Their profile is gone, and reviews they kept show as written by a former member.
      </p>
      <Link to={paths.explore()} className={buttonVariants()}>
        Back to Explore
      </Link>
    </section>
  );
}

function Profile({ username }: { username: string }) {
  const { data: profile } = useSuspenseQuery(profileByUsernameQuery(username));
  if (!profile) return <MissingProfile username={username} />;
  return (
    <>
      <title>{`${profile.display_name} (@${profile.username}) · Pinstar`}</title>
      <ProfileView
        profile={profile}
        beforeActivity={
          <>
            <FollowPanel profileId={profile.id} name={profile.display_name} />
            <PublicLists profileId={profile.id} />
          </>
        }
      />
    </>
  );
}

export function ProfileRoute() {
  const { username = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <Suspense fallback={<ProfileSkeleton />}>
        <Profile username={username} />
      </Suspense>
    </div>
  );
}
