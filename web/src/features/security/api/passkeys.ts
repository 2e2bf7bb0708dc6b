import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectSignIn } from '@/lib/auth';
import { privateKeyPrefix } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { authSettingsQuery } from './auth-settings';

/** A passkey as the auth server lists it (GET /auth/v1/passkeys). */
export interface Passkey {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

export const passkeyKeys = {
  list: (userId: string) => [privateKeyPrefix, 'passkeys', userId] as const,
};

/** Whether the server offers passkeys (GET /auth/v1/settings → `passkeys_enabled`) and this browser can use them. */
export function usePasskeysAvailable() {
  return useQuery({
    ...authSettingsQuery,
    select: (settings): boolean => typeof window.PublicKeyCredential === 'function' && settings?.passkeys_enabled === true,
  });
}

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site, the server
 * checks the signature and answers a session; lib/auth welcomes the member and follows `next`.
 */
export function useSignInWithPasskey() {
  return useMutation({
    mutationFn: async () => {
      expectSignIn();
      const { error } = await supabase.auth.signInWithPasskey();
      if (error) throw error;
    },
    meta: { errorToast: false },
  });
}

export function usePasskeys(userId: string) {
  return useQuery({
    queryKey: passkeyKeys.list(userId),
    queryFn: async (): Promise<Passkey[]> => {
      const { data, error } = await supabase.auth.passkey.list();
      if (error) throw error;
      return data;
    },
  });
}

/** Creates a passkey on this device (or a phone, a password manager) for the signed-in member. */
export function useAddPasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.auth.registerPasskey();
      if (error) throw error;
    },
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list(userId) }),
  });
}

export function useRemovePasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (passkeyId: string) => {
      const { error } = await supabase.auth.passkey.delete({ passkeyId });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list(userId) }),
  });
}

export function useRenamePasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ passkeyId, name }: { passkeyId: string; name: string }) => {
      const { error } = await supabase.auth.passkey.update({ passkeyId, friendlyName: name });
      if (error) throw error;
    },
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list(userId) }),
  });
}
