import { createClient, isAuthSessionMissingError, type SupabaseClient, type User } from '@supabase/supabase-js';

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A client with the service role: bypasses RLS, for work the caller may not do directly. */
export function serviceClient(): SupabaseClient {
  return createClient(required('SUPABASE_URL'), required('SUPABASE_SERVICE_ROLE_KEY'), { auth: noSession });
}

/** A client acting as the caller (their JWT), so RLS decides what it reads. */
export function callerClient(authorization: string): SupabaseClient {
  return createClient(required('SUPABASE_URL'), required('SUPABASE_ANON_KEY'), {
    auth: noSession,
    global: { headers: { Authorization: authorization } },
  });
}

/**
 * The claims a JWT carries, read without checking its signature: only for a token the auth
 * service has judged, or to name whom to ask it about. Empty when it is not a JWT.
 */
export function unverifiedClaims(token: string): Record<string, unknown> {
  try {
    const payload = token.replace(/^Bearer /i, '').split('.')[1] ?? '';
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whether the user a token names no longer exists (asked of the auth service). */
async function userIsGone(token: string): Promise<boolean> {
  const { sub } = unverifiedClaims(token);
  if (typeof sub !== 'string' || sub === '') return false;
  const { error } = await serviceClient().auth.admin.getUserById(sub);
  return error?.code === 'user_not_found';
}

/**
 * The caller, checked with the auth service (never trusting the token's claims alone):
 * `deleted` when the token is genuine but its user no longer exists (GoTrue's user_not_found).
 */
export async function signedInCaller(
  request: Request,
): Promise<{ kind: 'user'; user: User; authorization: string } | { kind: 'deleted' } | { kind: 'anonymous' }> {
  const authorization = request.headers.get('Authorization') ?? '';
  const token = /^Bearer (.+)$/i.exec(authorization)?.[1];
  if (!token) return { kind: 'anonymous' };
  const { data, error } = await serviceClient().auth.getUser(token);
  if (error?.code === 'user_not_found') return { kind: 'deleted' };
  // GoTrue reads the token's user, then its session, in two statements: an account deleted
  // between the two reads (a concurrent delete-account) answers 403 session_not_found, which
  // supabase-js reports as AuthSessionMissingError (no `code`). Whether the user is still there
  // tells a deleted account from a session that ended (a sign-out elsewhere).
  if (isAuthSessionMissingError(error) && (await userIsGone(token))) return { kind: 'deleted' };
  if (error || !data.user) return { kind: 'anonymous' };
  return { kind: 'user', user: data.user, authorization };
}

/** The signed-in caller, or null. */
export async function requireUser(request: Request): Promise<{ user: User; authorization: string } | null> {
  const caller = await signedInCaller(request);
  return caller.kind === 'user' ? { user: caller.user, authorization: caller.authorization } : null;
}
