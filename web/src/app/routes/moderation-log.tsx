import { Skeleton } from '@/components/ui/skeleton';
import { ModerationLog } from '@/features/moderation';
import { useMyProfile } from '@/features/profiles';
import { useAuth } from '@/lib/auth';
import { isModerator } from '@/lib/permissions';

/** `/moderation/log`: public. Moderators and admins also see who took each action. */
export function ModerationLogRoute() {
  const { status } = useAuth();
  const profile = useMyProfile();
  // Whether the reader moderates is known once their profile has come; offline without it, the log is the public one.
  const deciding = status === 'loading' || (status === 'signed-in' && profile.isPending && profile.fetchStatus === 'fetching');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <title>Moderation log · Pinstar</title>
      <h1 className="text-2xl font-semibold">Moderation log</h1>
      <p className="mt-1 mb-6 text-slate-700">
        Every action moderators take on Pinstar, in the open: what was hidden or restored, when, and why.
      </p>
      {deciding ? (
        <div role="status" aria-label="Loading the moderation log" className="space-y-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : (
        <ModerationLog withModerators={isModerator(profile.data)} />
      )}
    </div>
  );
}
