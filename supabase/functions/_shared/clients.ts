import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';

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

/** The signed-in caller, checked with the auth service (never trusting the token's claims alone). */
export async function requireUser(request: Request): Promise<{ user: User; authorization: string } | null> {
  const authorization = request.headers.get('Authorization') ?? '';
  const token = /^Bearer (.+)$/i.exec(authorization)?.[1];
  if (!token) return null;
  const { data, error } = await serviceClient().auth.getUser(token);
  if (error || !data.user) return null;
  return { user: data.user, authorization };
}
