import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/errors';
import { safeRedirect, useAnswerConsent, useConsentRequest } from '../api/consent';

/** Each scope in the words a member reads on the consent page. */
export const scopeWords: Record<string, string> = {
  openid: 'Know who you are on Pinstar',
  email: 'See your email address',
  profile: 'See your name and profile picture',
  phone: 'See your phone number',
  offline_access: 'Stay connected until you remove its access',
};

function leave(url: string): void {
  const target = safeRedirect(url);
  if (target) window.location.assign(target);
}

/**
 * The consent page of Pinstar as an OAuth provider: another app asks to use the member's
 * account; Allow or Deny sends the browser back to that app's registered address, which only the
 * server names (nothing in this page's URL decides where the browser goes).
 */
export function ConsentPanel({ authorizationId }: { authorizationId: string }) {
  const consent = useConsentRequest(authorizationId);
  const answer = useAnswerConsent();
  const [leaving, setLeaving] = useState(false);
  const state = consent.data;
  useEffect(() => {
    if (state?.kind === 'approved') leave(state.redirectUrl);
  }, [state]);

  if (authorizationId === '') return <FormError>This link is incomplete. Go back to the app and start again.</FormError>;
  if (consent.isPending) return <Skeleton className="h-40 w-full" />;
  if (consent.error) return <FormError>{describeError(consent.error).message}</FormError>;
  if (state?.kind !== 'ask') return <p className="text-sm text-slate-700">Taking you back to the app…</p>;
  const { request } = state;
  const name = request.client.name || 'An app';
  const back = URL.canParse(request.redirectUri) ? new URL(request.redirectUri).host : request.redirectUri;
  const decide = (allow: boolean) =>
    answer.mutateAsync({ authorizationId, allow }).then((url) => {
      setLeaving(true);
      leave(url);
    });
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{name} wants to use your Pinstar account</h2>
        {request.email ? <p className="text-sm text-slate-600">Signed in as {request.email}</p> : null}
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">It will be able to:</p>
        <ul aria-label="What the app asks for" className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {request.scopes.map((scope) => (
            <li key={scope}>{scopeWords[scope] ?? scope}</li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-slate-600">
        Afterwards you go back to <span className="font-medium break-all text-slate-900">{back}</span>. You can remove its access any time
        in Settings → Security.
      </p>
      <FormError>{answer.error ? describeError(answer.error).message : null}</FormError>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={answer.isPending || leaving} onClick={() => void decide(false).catch(() => undefined)}>
          Deny
        </Button>
        <Button disabled={answer.isPending || leaving} onClick={() => void decide(true).catch(() => undefined)}>
          Allow
        </Button>
      </div>
    </div>
  );
}
