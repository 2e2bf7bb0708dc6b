import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { followCountsQuery, isFollowingQuery, useSetFollow } from '../api/follows';

function count(n: number, one: string, many: string) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Followers and following on a profile, with Follow / Following for other members. */
export function FollowPanel({ profileId, name }: { profileId: string; name: string }) {
  const { user } = useAuth();
  const location = useLocation();
  const counts = useQuery(followCountsQuery(profileId));
  const following = useQuery({ ...isFollowingQuery(user?.id ?? '', profileId), enabled: Boolean(user) && user?.id !== profileId });
  const setFollow = useSetFollow(user?.id ?? '', profileId);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {counts.data ? (
        <p className="text-sm text-slate-700">
          <span>{count(counts.data.follower_count, 'follower', 'followers')}</span>
          {' · '}
          <span>{count(counts.data.following_count, 'following', 'following')}</span>
        </p>
      ) : null}
      {!user ? (
        <Link to={paths.signIn({ next: location.pathname })} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          Sign in to follow
        </Link>
      ) : user.id !== profileId ? (
        <Button
          size="sm"
          variant={following.data ? 'secondary' : 'primary'}
          aria-pressed={following.data ?? false}
          disabled={following.data === undefined}
          onClick={() => setFollow.mutate(!following.data)}
        >
          {following.data ? `Following ${name}` : `Follow ${name}`}
        </Button>
      ) : null}
    </div>
  );
}
