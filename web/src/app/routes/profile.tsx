import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { profileByUsernameQuery, ProfileView } from '@/features/profiles';
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

function Profile({ username }: { username: string }) {
  const { data: profile } = useSuspenseQuery(profileByUsernameQuery(username));
  if (!profile) return <NotFoundRoute />;
  return (
    <>
      <title>{`${profile.display_name} (@${profile.username}) · Pinstar`}</title>
      <ProfileView profile={profile} />
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
