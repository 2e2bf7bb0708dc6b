import { useMutation, useQuery } from '@tanstack/react-query';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import { authSettingsQuery } from './auth-settings';

export const offeredProviders = [
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
  { id: 'apple', label: 'Apple' },
] as const;

export type ProviderId = (typeof offeredProviders)[number]['id'];

/** The providers the auth server reports enabled (GET /auth/v1/settings → `external`). */
export function useEnabledProviders() {
  return useQuery({
    ...authSettingsQuery,
    select: (settings): ProviderId[] => offeredProviders.filter((p) => settings?.external?.[p.id] === true).map((p) => p.id),
  });
}

/**
 * "Continue with …": the browser leaves for the provider and comes back to sign-in, which
 * goes on to `next` once signed in (or asks for the two-factor code first) and shows an error
 * the provider or the server sent back.
 */
export function useSignInWithProvider() {
  return useMutation({
    mutationFn: async ({ provider, next }: { provider: ProviderId; next: string | null }) => {
      const redirectTo = `${window.location.origin}${paths.signIn({ next })}`;
      const { error } = await supabase.auth.signInWithOAuth({ provider, options: { redirectTo } });
      if (error) throw error;
    },
    meta: { errorToast: false },
  });
}

/** Marks the return from linking a sign-in method, so Settings reads an error as a linking error. */
export const linkedMarker = 'linked';

/** Links another sign-in method to the signed-in member (manual linking): the browser visits the provider and comes back to Settings. */
export function useLinkProvider() {
  return useMutation({
    mutationFn: async (provider: ProviderId) => {
      const redirectTo = `${window.location.origin}${paths.settings({ [linkedMarker]: provider })}`;
      const { error } = await supabase.auth.linkIdentity({ provider, options: { redirectTo } });
      if (error) throw error;
    },
    meta: { errorToast: false },
  });
}
