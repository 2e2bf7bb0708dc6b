import type { Factor } from '@supabase/supabase-js';
import { supabase } from './supabase';

/** One typed code for a factor: a challenge and its verification; the session becomes aal2. */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw error;
}

/** The first verified authenticator app of the signed-in user, if any (the one a code is asked for). */
export async function firstVerifiedFactor(): Promise<Factor | null> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp[0] ?? null;
}
