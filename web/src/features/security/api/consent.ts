import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { privateKeyPrefix } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** What the consent page shows: the app asking, for whom, which scopes, and where it goes back to. */
export interface ConsentRequest {
  authorizationId: string;
  client: { id: string; name?: string; uri?: string };
  email?: string;
  scopes: string[];
  redirectUri: string;
}

/** Either the request to answer, or (consent given before for these scopes) where to go at once. */
export type ConsentState = { kind: 'ask'; request: ConsentRequest } | { kind: 'approved'; redirectUrl: string };

export const consentKeys = {
  request: (authorizationId: string) => [privateKeyPrefix, 'oauth-consent', authorizationId] as const,
  grants: (userId: string) => [privateKeyPrefix, 'oauth-grants', userId] as const,
};

export function useConsentRequest(authorizationId: string) {
  return useQuery({
    queryKey: consentKeys.request(authorizationId),
    // Reading the request claims it for this member: asked once, never refetched behind their back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { errorToast: false },
    queryFn: async (): Promise<ConsentState> => {
      const { data, error } = await supabase.auth.oauth.getAuthorizationDetails(authorizationId);
      if (error) throw error;
      if (!('authorization_id' in data)) return { kind: 'approved', redirectUrl: data.redirect_url };
      return {
        kind: 'ask',
        request: {
          authorizationId: data.authorization_id,
          client: data.client,
          email: data.user.email,
          scopes: data.scope.split(' ').filter((s) => s !== ''),
          redirectUri: data.redirect_uri,
        },
      };
    },
  });
}

/** Allow or deny: the server answers where the browser goes next (the app's registered redirect URI). */
export function useAnswerConsent() {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ authorizationId, allow }: { authorizationId: string; allow: boolean }): Promise<string> => {
      const answer = allow
        ? await supabase.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
        : await supabase.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true });
      if (answer.error) throw answer.error;
      return answer.data.redirect_url;
    },
  });
}

/** The apps the member let in (nothing when the server is no OAuth provider). */
export function useGrants(userId: string) {
  return useQuery({
    queryKey: consentKeys.grants(userId),
    meta: { errorToast: false },
    queryFn: async () => {
      const { data, error } = await supabase.auth.oauth.listGrants();
      if (error) return [];
      return data;
    },
  });
}

export function useRevokeGrant(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clientId: string) => {
      const { error } = await supabase.auth.oauth.revokeGrant({ clientId });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.grants(userId) }),
  });
}

/**
 * Where the browser may go after an answer: only a URL the server gave, never one that runs
 * script or embeds a document (the server refuses such redirect URIs at registration already).
 */
export function safeRedirect(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'].includes(parsed.protocol) ? null : parsed.toString();
  } catch {
    return null;
  }
}
