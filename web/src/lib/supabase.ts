import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { readEnv } from './env';
import { openingFragment } from './opening-url';
import { isUnanswered, reachability, startReachability } from './reachability';

/**
 * The app's one Supabase client. A mailed auth link lands with either `#access_token=…`
 * (implicit flow, e.g. links made by an admin or a hosted template) or `?code=…` (PKCE, what
 * this app asks for). supabase-js only accepts the callback matching its `flowType`, so the
 * flow is chosen from the URL the page was opened with; every request the app starts itself
 * uses PKCE.
 */
function detectFlowType(): 'implicit' | 'pkce' {
  return openingFragment.has('access_token') ? 'implicit' : 'pkce';
}

const env = readEnv();

/** How long a read may take before the app says so and offers to try again (decision 196). */
export const readTimeoutMs = 5000;

/** supabase-js's request for a new access token (GoTrueClient._refreshAccessToken). */
function isSessionRefresh(input: RequestInfo | URL): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.startsWith(`${env.supabaseUrl}/auth/v1/token`) && url.includes('grant_type=refresh_token');
}

/**
 * Reads (GET, HEAD) give up after `readTimeoutMs`, and so does a session refresh (everything the
 * member does waits for it; one with no answer is tried again by supabase-js, and held while the
 * app is offline, decision 395); writes and uploads take the time they need.
 */
function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && !isSessionRefresh(input)) return fetch(input, init);
  const timeout = AbortSignal.timeout(readTimeoutMs);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
}

/**
 * Every request tells whether the server answered (decision 284): the app's online state follows
 * it. A request that failed for lack of network throws only once the server has been asked, so
 * whoever reads the error (the error catalogue, a write deciding to queue itself) knows whether
 * the app is offline now; a read that timed out says so at once (decision 196).
 *
 * Offline, a session refresh waits for the connection instead of failing (decision 390):
 * supabase-js would try it again and again for half a minute, report the member signed out,
 * and then refuse to try for a minute more after the connection returns, sending the member's
 * requests as a visitor meanwhile. Held, the refresh goes out when the server answers again.
 */
async function fetchAndReport(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (isSessionRefresh(input)) await reachability.whenOnline();
  const sentAt = performance.now();
  try {
    const response = await fetchWithTimeout(input, init);
    reachability.answered(sentAt);
    return response;
  } catch (error: unknown) {
    if (isUnanswered(error)) {
      const verdict = reachability.failed(sentAt);
      if (!(error instanceof DOMException && error.name === 'TimeoutError')) await verdict;
    }
    throw error;
  }
}

/** How long the server may take to answer the reachability probe. */
const probeTimeoutMs = 4000;

/**
 * Asks the auth service's health endpoint (small, unauthenticated, served by hosted Supabase's
 * gateway too) whether the server answers; any status counts.
 */
function probeServer(): Promise<boolean> {
  return fetch(`${env.supabaseUrl}/auth/v1/health`, {
    headers: { apikey: env.supabaseAnonKey },
    cache: 'no-store',
    signal: AbortSignal.timeout(probeTimeoutMs),
  }).then(
    () => true,
    () => false,
  );
}

/**
 * A page the service worker served from the device because the network did not answer carries
 * this mark (vite.config.ts): the app starts offline instead of finding out by its first request.
 */
const pageFromDevice = typeof document !== 'undefined' && document.querySelector('meta[name="pinstar-page-from-device"]') !== null;

startReachability({ probe: probeServer, startOffline: pageFromDevice });

/**
 * The signal for a read-only RPC: RPCs go by POST, which `fetchWithTimeout` lets take its time
 * (it may write), so a call that only reads (`places_in_view`, `search_places`) passes its
 * query's signal through this to give up after `readTimeoutMs` as well (decision 243).
 */
export function readSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(readTimeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * Where supabase-js keeps the session in localStorage: its own default name, given explicitly so
 * the app can read the stored session while supabase-js waits for the network (lib/auth.tsx).
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  global: { fetch: fetchAndReport },
  auth: {
    flowType: detectFlowType(),
    storageKey: authStorageKey,
    detectSessionInUrl: true,
    persistSession: true,
    autoRefreshToken: true,
  },
});

export const supabaseUrl = env.supabaseUrl;
export const supabaseAnonKey = env.supabaseAnonKey;
