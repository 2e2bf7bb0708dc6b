import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { openedFromAuthLink, openedFromEmailChangeLink, safeNextPath } from './auth-redirect';
import { paths } from './paths';
import { clearPrivateData } from './query-client';
import { privateKeyPrefix } from './query-keys';
import { storedSession } from './stored-session';
import { supabase } from './supabase';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** True while the session comes from a password-recovery link. */
  recovery: boolean;
  /** Signed in with a password (aal1) by a member who has an authenticator app: the code is still due. */
  needsCode: boolean;
}

const loadingState: AuthState = { status: 'loading', session: null, user: null, recovery: false, needsCode: false };
const AuthContext = createContext<AuthState>(loadingState);

/** The session's assurance level (the access token's `aal` claim), read locally. */
function sessionAal(session: Session): unknown {
  try {
    const payload = session.access_token.split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { aal?: unknown }).aal;
  } catch {
    return undefined;
  }
}

/** getAuthenticatorAssuranceLevel's rule: a verified factor makes aal2 the next level. */
export function codeStillDue(session: Session | null): boolean {
  if (!session) return false;
  const enrolled = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return enrolled && sessionAal(session) !== 'aal2';
}

/** What the next USER_UPDATED is about, when the app itself started the update. */
let pendingUpdate: 'password' | 'email-confirmed' | null = null;
export function expectPasswordUpdate(): void {
  pendingUpdate = 'password';
}

/**
 * The email-change link signs this tab in with the changed user, but supabase-js announces a
 * URL session only as SIGNED_IN (GoTrueClient._initialize), here and, over its
 * BroadcastChannel, in the other tabs. An empty `updateUser({})` (PUT /user with no change:
 * GoTrue answers the current user) makes supabase-js save that user and emit USER_UPDATED in
 * every tab, so each one refreshes its account view through the event that says the user changed.
 */
let emailChangeToAnnounce = openedFromEmailChangeLink;
/** The app is about to verify an email-change link itself (features/auth, the mailed `token_hash` link). */
export function expectEmailChange(): void {
  emailChangeToAnnounce = true;
}
async function announceEmailChange(): Promise<void> {
  pendingUpdate = 'email-confirmed';
  const { error } = await supabase.auth.updateUser({});
  if (!error) return;
  pendingUpdate = null;
  console.error('Could not refresh the user after the email change', error);
  toast.success('Email changed');
}

/**
 * When the session ended (sign-out, account deleted, refresh failed). A protected page that
 * sees the session go sends the user to Explore, not to sign-in: the router commits navigations
 * as transitions, so the page may render once more before Explore replaces it.
 */
let sessionJustEnded = false;

/**
 * SIGNED_IN also fires when a stored session is merely re-read (page load, tab focus); only a
 * sign-in the user just made (a form, or a link they followed) earns the welcome.
 */
let signInExpected = openedFromAuthLink;
export function expectSignIn(): void {
  signInExpected = true;
}

function welcomeName(user: User): string {
  const name = user.user_metadata?.display_name;
  return typeof name === 'string' && name ? name : (user.email ?? '');
}

/**
 * Holds the session and performs the app's reaction to every auth event (docs/product.md "Session
 * events"). Token refreshes are silent: supabase-js hands the new token to realtime itself
 * (SupabaseClient._handleTokenChanged → realtime.setAuth).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(loadingState);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The user the app shows: SIGNED_IN of the same user (a re-read on focus, or another tab's
  // link) does not change it; USER_UPDATED does.
  const shown = useRef<User | null>(null);

  useEffect(() => {
    // Whether supabase-js has said who is signed in; until then, offline, the stored session stands in.
    let reported = false;
    const react = (event: AuthChangeEvent, reportedSession: Session | null) => {
      reported = true;
      // No session from supabase-js while offline, but one still stored: it could not be renewed
      // for lack of network, and the member is still signed in on this device (decision 390).
      const session = event === 'INITIAL_SESSION' && !reportedSession && !onlineManager.isOnline() ? storedSession() : reportedSession;
      const previous = shown.current;
      const user = session?.user ?? null;
      const reRead = (event === 'SIGNED_IN' || event === 'INITIAL_SESSION') && user !== null && previous?.id === user.id;
      switch (event) {
        // A link's session can be read before this subscription exists; then the sign-in
        // arrives as INITIAL_SESSION instead of SIGNED_IN. The flag welcomes only once.
        case 'INITIAL_SESSION':
        case 'SIGNED_IN':
          if (user && previous?.id !== user.id && signInExpected) {
            signInExpected = false;
            toast.success(`Welcome, ${welcomeName(user)}!`);
          }
          if (user && emailChangeToAnnounce) {
            emailChangeToAnnounce = false;
            void announceEmailChange();
          }
          break;
        case 'SIGNED_OUT':
          clearPrivateData(queryClient);
          break;
        case 'PASSWORD_RECOVERY':
          void navigate(paths.resetPassword(), { replace: true });
          break;
        case 'USER_UPDATED':
          void queryClient.invalidateQueries({ queryKey: [privateKeyPrefix] });
          if (user?.email && ((previous?.email && user.email !== previous.email) || pendingUpdate === 'email-confirmed'))
            toast.success('Email changed', { description: `You now sign in with ${user.email}.` });
          else if (user?.new_email && pendingUpdate !== 'password')
            toast.info('Confirm your new email', { description: `Check ${user.new_email} for the link that confirms it.` });
          else if (pendingUpdate === 'password') toast.success('Password updated');
          pendingUpdate = null;
          break;
        default:
          break;
      }
      const shownUser = reRead ? previous : user;
      shown.current = shownUser;
      const apply = () =>
        setState((current) => ({
          status: session ? 'signed-in' : 'signed-out',
          session,
          user: shownUser,
          recovery: event === 'PASSWORD_RECOVERY' ? true : session ? current.recovery : false,
          needsCode: codeStillDue(session),
        }));
      if (event === 'SIGNED_OUT') {
        sessionJustEnded = window.location.pathname !== paths.explore();
        void navigate(paths.explore(), { replace: true });
      }
      // The stored session read at start-up re-renders every consumer of the auth state: as a
      // transition that render yields to the browser every few milliseconds (a page that opens
      // must not block input while it settles); events the user caused apply at once.
      if (event === 'INITIAL_SESSION') startTransition(apply);
      else apply();
    };
    // Offline with an access token that has ended, supabase-js waits for the network to renew it
    // before it reports anything: the member whose session is stored is signed in meanwhile.
    const standIn = () => {
      if (reported || onlineManager.isOnline()) return;
      const stored = storedSession();
      if (!stored) return;
      shown.current = stored.user;
      setState({ status: 'signed-in', session: stored, user: stored.user, recovery: false, needsCode: codeStillDue(stored) });
    };
    standIn();
    const stopStandIn = onlineManager.subscribe(standIn);
    // Run outside the auth lock: the callback must not call supabase.auth itself synchronously.
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      setTimeout(() => react(event, session), 0);
    });
    return () => {
      stopStandIn();
      data.subscription.unsubscribe();
    };
  }, [navigate, queryClient]);

  // Once the user has moved on (to Explore), a protected page sends visitors to sign-in again.
  const { pathname } = useLocation();
  useEffect(() => {
    sessionJustEnded = false;
  }, [pathname]);

  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  return use(AuthContext);
}

/** The signed-in user; only for components under RequireAuth. */
export function useUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useUser outside a signed-in route');
  return user;
}

/** Auth screens for visitors: a signed-in user goes on to where they were going. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, recovery, needsCode } = useAuth();
  const location = useLocation();
  if (status === 'signed-in' && !recovery && !needsCode)
    return <Navigate to={safeNextPath(new URLSearchParams(location.search).get('next'))} replace />;
  return children;
}

/** Sends visitors to sign-in, remembering where they were going. */
export function RequireAuth({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { status, needsCode } = useAuth();
  const location = useLocation();
  if (status === 'loading') return fallback;
  if (status === 'signed-out' || needsCode) {
    return <Navigate to={sessionJustEnded ? paths.explore() : paths.signIn({ next: location.pathname + location.search })} replace />;
  }
  return children;
}
