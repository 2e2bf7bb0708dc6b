import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { HiddenContent, ModerationNotAllowed, ReportQueue, RoleManager } from '@/features/moderation';
import { PendingEditsQueue } from '@/features/places';
import { useMyProfile } from '@/features/profiles';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { isAdmin, isModerator } from '@/lib/permissions';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * `/moderation`: the report queue and hidden content for moderators, role assignment for
 * admins. Everyone else gets a clear refusal (and the database refuses their calls too).
 */
export function ModerationRoute() {
  const { status, user } = useAuth();
  const profile = useMyProfile();
  const loading = (
    <div role="status" aria-label="Loading moderation" className="mx-auto w-full max-w-4xl space-y-3 px-4 py-8">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
  if (status === 'loading') return loading;
  if (user && profile.data === undefined) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <QueryFallback query={profile} skeleton={loading} />
      </div>
    );
  }
  if (!user || !isModerator(profile.data)) {
    return (
      <>
        <title>Moderators only · Pinstar</title>
        <ModerationNotAllowed signedIn={Boolean(user)} />
      </>
    );
  }
  return (
    <div className="mx-auto w-full max-w-4xl space-y-10 px-4 py-8">
      <title>Moderation · Pinstar</title>
      <div>
        <h1 className="text-2xl font-semibold">Moderation</h1>
        <p className="mt-1 text-slate-700">
          Hide what breaks the rules with a public reason; resolve or dismiss the rest. Every action appears in the{' '}
          <Link to={paths.moderationLog()} className="text-brand-700 underline">
            moderation log
          </Link>
          .
        </p>
      </div>
      <Section id="moderation-reports" title="Open reports">
        <ReportQueue />
      </Section>
      <Section id="moderation-edits" title="Suggested edits">
        <PendingEditsQueue userId={user.id} />
      </Section>
      <Section id="moderation-hidden" title="Hidden content">
        <HiddenContent />
      </Section>
      {isAdmin(profile.data) ? (
        <Section id="moderation-roles" title="Roles">
          <RoleManager myId={user.id} />
        </Section>
      ) : null}
    </div>
  );
}
