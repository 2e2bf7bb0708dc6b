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

/** Reads (GET, HEAD) give up after `readTimeoutMs`; writes and uploads take the time they need. */
function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return fetch(input, init);
  const timeout = AbortSignal.timeout(readTimeoutMs);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
}

/** Every request tells whether the server answered (decision 284): the app's online state follows it. */
async function fetchAndReport(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetchWithTimeout(input, init);
    reachability.answered();
    return response;
  } catch (error: unknown) {
    if (isUnanswered(error)) void reachability.failed();
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

startReachability({ probe: probeServer });

/**
 * The signal for a read-only RPC: RPCs go by POST, which `fetchWithTimeout` lets take its time
 * (it may write), so a call that only reads (`places_in_view`, `search_places`) passes its
 * query's signal through this to give up after `readTimeoutMs` as well (decision 243).
 */
export function readSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(readTimeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  global: { fetch: fetchAndReport },
  auth: {
    flowType: detectFlowType(),
    detectSessionInUrl: true,
    persistSession: true,
    autoRefreshToken: true,
  },
});

export const supabaseUrl = env.supabaseUrl;
export const supabaseAnonKey = env.supabaseAnonKey;
