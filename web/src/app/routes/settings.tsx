import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { YourData } from '@/features/account';
import { ChangeEmailForm, SetPasswordForm } from '@/features/auth';
import { NotificationPreferences } from '@/features/community';
import { AvatarEditor, ProfileForm, useMyProfile } from '@/features/profiles';
import { ConnectedApps, linkedMarker, LinkedMethods, PasskeySettings, TwoFactorSettings } from '@/features/security';
import { RequireAuth, useUser } from '@/lib/auth';
import { emailChangeMarker, initialAuthRedirectError } from '@/lib/auth-redirect';
import { messages } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading settings" className="space-y-3">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** An expired or used link lands here with `#error_code=…` once per page load. */
let linkError = initialAuthRedirectError;

/**
 * Landing of an email-change link. The link that completes the change signs this tab in; the
 * auth provider announces it through USER_UPDATED (toast, account view). With double
 * confirmation the first of the two links only answers `message=…`: say what is left to do.
 * A link that failed (expired, used) says so.
 */
function useEmailChangeLanding() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const landed = params.has(emailChangeMarker);
  const linking = params.has(linkedMarker);
  // GoTrue (prepRedirectURL) always puts the message in the fragment; PKCE also in the query.
  const partial = new URLSearchParams(window.location.hash.slice(1)).has('message');
  useEffect(() => {
    // A failed linking of a sign-in method is told by Sign-in methods itself.
    if (linking) linkError = null;
    if (linkError) {
      const failed = linkError;
      linkError = null;
      toast.error(failed.code === 'otp_expired' ? messages.otpExpired : messages.unknown, {
        description: 'Change your email again to get new links.',
      });
      void navigate(paths.settings(), { replace: true });
      return;
    }
    if (partial) {
      toast.info('One link confirmed', { description: 'Now open the link we sent to your other address.' });
      void navigate(paths.settings(), { replace: true });
    } else if (landed) setParams({}, { replace: true });
  }, [landed, linking, partial, setParams, navigate]);
}

function Settings() {
  const user = useUser();
  const query = useMyProfile();
  const profile = query.data;
  useEmailChangeLanding();
  if (profile === undefined) return <QueryFallback query={query} skeleton={<Loading />} />;
  if (!profile) throw new Error('Your profile is missing');
  return (
    <div className="space-y-6">
      <Section id="settings-profile" title="Profile">
        <AvatarEditor profile={profile} />
        <ProfileForm profile={profile} />
      </Section>
      <Section id="settings-account" title="Account">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-3">
            <h3 className="font-medium">Email</h3>
            <ChangeEmailForm />
          </div>
          <div className="space-y-3">
            <h3 className="font-medium">Password</h3>
            <SetPasswordForm submitLabel="Change password" askCurrent />
          </div>
        </div>
      </Section>
      <Section id="settings-security" title="Security">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-3">
            <h3 className="font-medium">Two-factor sign-in</h3>
            <TwoFactorSettings userId={user.id} role={profile.role} />
          </div>
          <div className="space-y-3">
            <h3 className="font-medium">Passkeys</h3>
            <PasskeySettings userId={user.id} />
          </div>
          <div className="space-y-3">
            <h3 className="font-medium">Sign-in methods</h3>
            <LinkedMethods userId={user.id} />
          </div>
          <ConnectedApps userId={user.id} />
        </div>
      </Section>
      <Section id="settings-notifications" title="Notifications">
        <NotificationPreferences userId={user.id} />
      </Section>
      <Section id="settings-data" title="Your data">
        <YourData username={profile.username} />
      </Section>
    </div>
  );
}

export function SettingsRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <title>Settings · Pinstar</title>
      <h1 className="mb-6 text-2xl font-semibold">Settings</h1>
      <RequireAuth fallback={<Loading />}>
        <Settings />
      </RequireAuth>
    </div>
  );
}
