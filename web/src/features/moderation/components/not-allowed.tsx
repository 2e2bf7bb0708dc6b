import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** `/moderation` for anyone who is not a moderator or an admin. */
export function ModerationNotAllowed({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold">Moderators only</h1>
      <p className="text-slate-700">
        {signedIn
          ? 'Your account doesn’t have access to the moderation queue. Every moderation action is public, though.'
          : 'The moderation queue is for moderators and admins. Sign in if you are one; every moderation action is public, though.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={paths.moderationLog()} className={buttonVariants({ variant: signedIn ? 'primary' : 'secondary' })}>
          See the moderation log
        </Link>
        {signedIn ? null : (
          <Link to={paths.signIn({ next: location.pathname })} className={buttonVariants()}>
            Sign in
          </Link>
        )}
      </div>
    </section>
  );
}
