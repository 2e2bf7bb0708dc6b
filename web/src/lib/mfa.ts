import type { Factor } from '@supabase/supabase-js';
import { supabase } from './supabase';

/** One typed code for a factor: a challenge and its verification; the session becomes aal2. */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw error;
}

/**
 * The security key (or the device's own authenticator) answers a challenge for its factor:
 * the browser asks for a touch or a fingerprint, the session becomes aal2.
 */
export async function verifyWithSecurityKey(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.webauthn.authenticate({ factorId });
  if (error) throw error;
}

/** The signed-in member's verified second factors, by kind. */
export async function verifiedFactors(): Promise<{ totp: Factor[]; webauthn: Factor[] }> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  const verified = data.all.filter((f) => f.status === 'verified');
  return { totp: verified.filter((f) => f.factor_type === 'totp'), webauthn: verified.filter((f) => f.factor_type === 'webauthn') };
}

/** The first verified authenticator app of the signed-in user, if any (the one a code is asked for). */
export async function firstVerifiedFactor(): Promise<Factor | null> {
  return (await verifiedFactors()).totp[0] ?? null;
}
