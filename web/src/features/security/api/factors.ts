import type { Factor, UserIdentity } from '@supabase/supabase-js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { codeStillDue } from '@/lib/auth';
import { verifyCode } from '@/lib/mfa';
import { privateKeyPrefix } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The member's second factors and sign-in methods are private: sign-out forgets them. */
export const securityKeys = {
  factors: (userId: string) => [privateKeyPrefix, 'factors', userId] as const,
  identities: (userId: string) => [privateKeyPrefix, 'identities', userId] as const,
};

export interface PendingTotp {
  factorId: string;
  /** `data:image/svg+xml` QR code for an authenticator app. */
  qrCode: string;
  secret: string;
}

/** The member's verified second factors: authenticator apps (totp) and security keys (webauthn). */
export function useVerifiedFactors(userId: string) {
  return useQuery({
    queryKey: securityKeys.factors(userId),
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data.all.filter((f) => f.status === 'verified');
    },
  });
}

/** Half-done enrolments (a cancelled ceremony, a QR code never confirmed) hold a name and a slot: they go first. */
async function removeUnverifiedFactors(): Promise<Factor[]> {
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all.filter((f) => f.status === 'unverified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    if (error) throw error;
  }
  return listed.data.all.filter((f) => f.status === 'verified');
}

/**
 * Adds a security key (or this device's own authenticator) as a second factor: enrol, then the
 * browser asks the key to make a credential, and the server verifies it; the session becomes aal2.
 */
export function useAddSecurityKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const names = new Set((await removeUnverifiedFactors()).map((f) => f.friendly_name));
      let friendlyName = 'Security key';
      for (let n = 2; names.has(friendlyName); n++) friendlyName = `Security key ${n}`;
      const { error } = await supabase.auth.mfa.webauthn.register({ friendlyName });
      if (error) throw error;
    },
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.factors(userId) }),
  });
}

/**
 * The name of the next authenticator app: GoTrue takes several TOTP factors but refuses two of one
 * name (`mfa_factor_name_conflict`), so the first is "Authenticator app", the next a backup.
 */
export function nextFactorName(verified: readonly Pick<Factor, 'friendly_name'>[]): string {
  const taken = new Set(verified.map((factor) => factor.friendly_name));
  const names = ['Authenticator app', 'Backup authenticator', ...Array.from({ length: 8 }, (_, i) => `Authenticator app ${i + 3}`)];
  return names.find((name) => !taken.has(name)) ?? `Authenticator app ${Date.now()}`;
}

/** Starts enrolment: a half-done earlier attempt is removed first, so its name is free again. */
export async function startTotpEnrolment(): Promise<PendingTotp> {
  const verified = await removeUnverifiedFactors();
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: nextFactorName(verified) });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: startTotpEnrolment, meta: { errorToast: false } });
}

export function useConfirmTotp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) => verifyCode(factorId, code),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.factors(userId) }),
  });
}

/**
 * Removes a second factor. GoTrue asks for a session at aal2 to remove a verified factor
 * (`insufficient_aal` otherwise): that is no failure but a step, `proveFirst` (the caller asks for
 * a code and tries again); any other refusal goes to the app's one error path. The sessions that
 * last used it fall back to aal1 (Factor.DowngradeSessionsToAAL1): `codeDue` says whether this one
 * now needs a code from another factor that remains.
 */
export function useRemoveFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string): Promise<{ removed: boolean; codeDue: boolean }> => {
      const { error } = await supabase.auth.mfa.unenroll({ factorId });
      if (error?.code === 'insufficient_aal') return { removed: false, codeDue: true };
      if (error) throw error;
      const { data } = await supabase.auth.refreshSession();
      return { removed: true, codeDue: codeStillDue(data.session) };
    },
    onSuccess: ({ removed }) => (removed ? queryClient.invalidateQueries({ queryKey: securityKeys.factors(userId) }) : undefined),
  });
}

/** The ways the member signs in (email, Google, …). */
export function useIdentities(userId: string) {
  return useQuery({
    queryKey: securityKeys.identities(userId),
    queryFn: async (): Promise<UserIdentity[]> => {
      const { data, error } = await supabase.auth.getUserIdentities();
      if (error) throw error;
      return data.identities;
    },
  });
}

export function useUnlinkIdentity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (identity: UserIdentity) => {
      const { error } = await supabase.auth.unlinkIdentity(identity);
      if (error) throw error;
      await supabase.auth.refreshSession();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.identities(userId) }),
  });
}
