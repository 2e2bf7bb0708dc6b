import { queryOptions } from '@tanstack/react-query';
import { authSettingsKeys } from '@/lib/query-keys';
import { supabaseAnonKey, supabaseUrl } from '@/lib/supabase';

/** The parts of the auth server's public settings the sign-in screens read. */
export interface AuthSettings {
  external?: Record<string, boolean>;
  passkeys_enabled?: boolean;
}

/**
 * GET /auth/v1/settings, read once per page for every screen that asks (the providers to offer,
 * whether passkeys are on); null when the server answers with an error.
 */
export const authSettingsQuery = queryOptions({
  queryKey: authSettingsKeys.all,
  staleTime: Infinity,
  queryFn: async (): Promise<AuthSettings | null> => {
    const response = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey } });
    return response.ok ? ((await response.json()) as AuthSettings) : null;
  },
  meta: { errorToast: false },
});
