import type { EmailOtpType } from '@supabase/supabase-js';
import { expectEmailChange, expectSignIn } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

/** The kinds of mailed link supabase/templates/*.html write (`type=`), as `verifyOtp` takes them. */
const linkTypes = ['email', 'signup', 'invite', 'magiclink', 'recovery', 'email_change'] as const satisfies readonly EmailOtpType[];
export type MailedLinkType = (typeof linkTypes)[number];

export function isMailedLinkType(value: string | null): value is MailedLinkType {
  return (linkTypes as readonly (string | null)[]).includes(value);
}

/** What opening the link did: a session, or the first of the two links of a secure email change. */
export type VerifyOutcome = 'signed-in' | 'one-of-two';

/** Links already verified by this page: a token is good once, and a render twice must not spend it twice. */
const verifying = new Map<string, Promise<VerifyOutcome>>();

/**
 * Verifies a mailed link's token hash (`POST /auth/v1/verify`), as Supabase's guide for
 * server-side auth does (decision 391): no PKCE verifier is needed, so the link works in any
 * browser on any device. A session comes back and supabase-js announces it — PASSWORD_RECOVERY
 * for a recovery link, SIGNED_IN otherwise — except for the first link of a secure email change.
 */
export function verifyMailedLink(tokenHash: string, type: MailedLinkType): Promise<VerifyOutcome> {
  let pending = verifying.get(tokenHash);
  if (!pending) {
    pending = supabase.auth.verifyOtp({ token_hash: tokenHash, type }).then(({ data, error }) => {
      if (error) throw error;
      // Before the app hears the session (its auth events run a task later): a sign-in is welcomed,
      // an email change announced to every tab.
      if (!data.session) return 'one-of-two';
      if (type === 'email_change') expectEmailChange();
      else if (type !== 'recovery') expectSignIn();
      return 'signed-in';
    });
    verifying.set(tokenHash, pending);
  }
  return pending;
}
