import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { readEnv } from './env';
import { openingFragment } from './opening-url';

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
  global: { fetch: fetchWithTimeout },
  auth: {
    flowType: detectFlowType(),
    detectSessionInUrl: true,
    persistSession: true,
    autoRefreshToken: true,
  },
});

export const supabaseUrl = env.supabaseUrl;
export const supabaseAnonKey = env.supabaseAnonKey;
